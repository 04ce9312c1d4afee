import Foundation
import Hummingbird
import SoTubeCore

/// Album artwork, artist pictures and playlist covers in 100, 300 and 600 px, cached for a year.
struct ArtworkController {
    let media: MediaService
    let files = FileResponder()

    func register(on routes: RouteRegistrar) {
        routes.on(.albumArtwork) { request, context in
            try await image(request, context, of: ArtworkSubject.album)
        }
        routes.on(.artistImage) { request, context in
            try await image(request, context, of: ArtworkSubject.artist)
        }
        routes.on(.playlistArtwork) { request, context in
            try await image(request, context, of: ArtworkSubject.playlist)
        }
    }

    func image(_ request: Request, _ context: AppRequestContext, of subject: (String) -> ArtworkSubject)
        async throws -> Response
    {
        let id = try context.pathID()
        let size = try Self.size(request.uri.queryParameters.get("size"))
        let file = try await media.artwork(subject(id), size: size)
        var headers: HTTPFields = [:]
        headers[.cacheControl] = "public, max-age=31536000, immutable"
        return try await files.respond(
            to: request, context: context, file: file.url, contentType: file.contentType, extraHeaders: headers)
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
