import Foundation
import Hummingbird
import SoTubeCore

/// Album artwork, artist pictures and playlist covers in 100, 200, 300, 400 and 600 px (AVIF to browsers
/// that take it, where made), cached for a year.
struct ArtworkController {
    let media: MediaService
    /// Makes AVIF sizes a browser asked for and that are missing (nil: JPEG only).
    var avif: AVIFArtworkMaker? = nil
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
        let takesAVIF = avif != nil && Self.takesAVIF(request.headers[.accept])
        let (file, avifMissing) = try await media.artwork(subject(id), size: size, avif: takesAVIF)
        guard FileManager.default.fileExists(atPath: file.url.path) else { return Self.notMadeYet() }
        var headers: HTTPFields = [:]
        if let avifMissing, let avif {
            // JPEG this once: asked again in a few minutes, the AVIF will be there.
            await avif.want(avifMissing)
            headers[.cacheControl] = "public, max-age=300"
        } else {
            headers[.cacheControl] = "public, max-age=31536000, immutable"
        }
        // The same URL is AVIF or JPEG by what the browser takes: caches keep one per Accept.
        headers[.vary] = "Accept"
        return try await files.respond(
            to: request, context: context, file: file.url, contentType: file.contentType, extraHeaders: headers)
    }

    /// A picture that is named but not made yet (its artwork job is queued): the grey placeholder,
    /// never cached.
    static func notMadeYet() -> Response {
        let headers: HTTPFields = [.contentType: "image/jpeg", .cacheControl: "no-store"]
        return Response(
            status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: PicturePlaceholder.jpeg)))
    }

    /// Whether an `Accept` header names AVIF (browsers that decode it say so for images; `*/*`
    /// alone does not count: a player or a mail client may not).
    static func takesAVIF(_ accept: String?) -> Bool {
        WeightedList.items(accept).contains { $0.value == "image/avif" && $0.weight > 0 }
    }

    /// `size` is optional (300) and must be a whole number from 1 to 2000; it is rounded up to
    /// the next made size (100, 200, 300, 400, 600).
    static func size(_ text: String?) throws -> Int {
        guard let text else { return 300 }
        guard let value = Int(text), (1...2000).contains(value) else {
            throw Problem(
                .unprocessableContent,
                "size must be a whole number of pixels from 1 to 2000 (100, 200, 300, 400 or 600).", field: "size")
        }
        return value
    }
}
