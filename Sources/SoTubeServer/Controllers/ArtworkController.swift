import Foundation
import Hummingbird
import SoTubeCore
import SoTubeMedia
import SoTubeStoreSQL

/// Album artwork, artist pictures and playlist covers in 100, 300 and 600 px, cached for a year.
struct ArtworkController {
    let services: AppServices
    let files = FileResponder()

    func register(on router: some RouterMethods<AppRequestContext>) {
        router.get("/api/v1/albums/:id/artwork") { request, context in
            try await image(request, context, what: "This album") { lookup, id in
                try await lookup.albumArtwork(id: id)
            }
        }
        router.get("/api/v1/artists/:id/image") { request, context in
            try await image(request, context, what: "This artist") { lookup, id in
                try await lookup.artistImage(id: id)
            }
        }
        router.get("/api/v1/playlists/:id/artwork") { request, context in
            try await image(request, context, what: "This playlist") { lookup, id in
                try await lookup.playlistArtwork(id: id)
            }
        }
    }

    func image(
        _ request: Request, _ context: AppRequestContext, what: String,
        find: (SQLMediaLookup, String) async throws -> String??
    ) async throws -> Response {
        let id = try context.parameters.require("id")
        let size = try Self.size(request.uri.queryParameters.get("size"))
        guard let found = try await find(services.database.media, id) else {
            throw DomainError.notFound(what: what)
        }
        guard let base = found else { throw Problem(.notFound, "\(what) has no picture.") }
        var file = services.configuration.mediaDirectory.appendingPathComponent(
            ArtworkSizes.path(for: base, size: size))
        if !FileManager.default.fileExists(atPath: file.path) {
            file = services.configuration.mediaDirectory.appendingPathComponent(base)
        }
        var headers: HTTPFields = [:]
        headers[.cacheControl] = "public, max-age=31536000, immutable"
        return try await files.respond(
            to: request, context: context, file: file, contentType: "image/jpeg", extraHeaders: headers)
    }

    /// `size` is optional (300) and must be a whole number from 1 to 2000; it is rounded up to
    /// the next made size (100, 300, 600).
    static func size(_ text: String?) throws -> Int {
        guard let text else { return 300 }
        guard let value = Int(text), (1...2000).contains(value) else {
            throw Problem(
                .unprocessableContent,
                "size must be a whole number of pixels from 1 to 2000 (100, 300 or 600).", field: "size")
        }
        return value
    }
}
