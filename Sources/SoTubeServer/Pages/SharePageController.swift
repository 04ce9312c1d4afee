import Foundation
import Hummingbird
import SoTubeAPI
import SoTubeCore

/// `GET /song/{id}`: the public page a shared link opens (SPEC M6). Server-rendered so link
/// previews (Open Graph, Twitter cards) see the title, artist and artwork; it plays the preview
/// (the audio route gives non-owners only the preview) and links into the web app.
struct SharePageController {
    let catalog: any CatalogReader
    /// The page plays what the audio route (and so `MediaService`) gives the visitor; its text
    /// names the same preview length.
    let media: MediaService
    /// Where the page's absolute links point.
    let base: PageBase

    func register(on routes: RouteRegistrar) {
        routes.on(.sharePage) { request, context in
            let id = try context.pathID()
            guard id.count <= 128, let song = try await find(id) else {
                throw Problem(.notFound, "There is no song with this id.")
            }
            let previewSeconds = media.preview.previewSeconds(durationMs: song.durationMs)
            let (moment, start) = try await media.sharedMoment(
                request, song: song, previewSeconds: previewSeconds, userID: context.identity?.user.id)
            let html = SharePage.html(
                song, base: base.url(for: request), previewSeconds: previewSeconds, start: start, moment: moment,
                texts: .of(request))
            var headers = HTTPFields()
            headers[.contentType] = "text/html; charset=utf-8"
            headers[.cacheControl] = base.cacheControl
            // With a moment, where it starts depends on whether the visitor owns the song; the words
            // follow the app's language cookie or the browser's.
            headers[.vary] = "Authorization, Cookie, Accept-Language"
            return Response(
                status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
        }
    }

    /// The song, through the catalog reader every other page uses.
    private func find(_ id: String) async throws -> CatalogTrack? {
        try await catalog.trackDetail(id: id)?.track
    }
}
