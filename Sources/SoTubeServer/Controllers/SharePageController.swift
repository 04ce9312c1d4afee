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
            var start = 0
            if let moment = request.uri.queryParameters.get("t").flatMap(SharedMoment.seconds) {
                let (rendition, _) = try await media.audio(trackID: id, for: context.identity?.user.id)
                start = SharedMoment.start(
                    at: moment, durationMs: song.durationMs, previewSeconds: rendition == .full ? nil : previewSeconds)
            }
            let html = Self.page(song, base: base.url(for: request), previewSeconds: previewSeconds, start: start)
            var headers = HTTPFields()
            headers[.contentType] = "text/html; charset=utf-8"
            headers[.cacheControl] = base.cacheControl
            // With a moment, where it starts depends on whether the visitor owns the song.
            headers[.vary] = "Authorization, Cookie"
            return Response(
                status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
        }
    }

    /// The song, through the catalog reader every other page uses.
    private func find(_ id: String) async throws -> CatalogTrack? {
        try await catalog.trackDetail(id: id)?.track
    }

    static func escape(_ text: String) -> String { HTML.escape(text) }

    static func page(_ song: CatalogTrack, base: String, previewSeconds: Int, start: Int = 0) -> String {
        let audio = SoTubeRoutes.trackAudio(song.id) + (start > 0 ? "#t=\(start)" : "")
        let artwork = SoTubeRoutes.albumArtwork(song.albumID, size: 600)
        let app = "/#/song/" + SoTubeRoutes.segment(song.id)
        let title = escape(song.title)
        let artist = escape(song.artistName)
        let image = escape(base + artwork)
        let url = escape(base + SoTubeRoutes.sharePage(song.id))
        let description = escape(
            "Listen to a \(previewSeconds)-second preview of \(song.title) by \(song.artistName) on SoTube.")
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title) · \(artist) · SoTube</title>
            <meta name="description" content="\(description)">
            <meta property="og:type" content="music.song">
            <meta property="og:site_name" content="SoTube">
            <meta property="og:title" content="\(title) · \(artist)">
            <meta property="og:description" content="\(description)">
            <meta property="og:image" content="\(image)">
            <meta property="og:url" content="\(url)">
            <meta property="music:musician" content="\(artist)">
            <meta property="music:duration" content="\(song.durationMs / 1000)">
            <meta name="twitter:card" content="summary_large_image">
            <link rel="alternate" type="application/json+oembed" href="\(escape(base + SoTubeRoutes.oEmbed(url: base + SoTubeRoutes.sharePage(song.id))))" title="\(title)">
            <meta name="color-scheme" content="light dark">
            <link rel="icon" href="/icons/icon.svg" type="image/svg+xml">
            <style>
            body{margin:0;font-family:system-ui,sans-serif;background:#fff;color:#18181b;display:grid;place-items:center;min-height:100vh}
            main{max-width:420px;padding:24px;text-align:center}
            img{width:100%;max-width:320px;aspect-ratio:1;border-radius:12px;background:#e6e6ea}
            h1{margin:16px 0 4px;font-size:1.6rem}p{margin:4px 0;color:#55555e}audio{width:100%;margin:16px 0}
            a{display:inline-block;padding:12px 20px;border-radius:999px;background:#b0124f;color:#fff;font-weight:600;text-decoration:none}
            @media (prefers-color-scheme:dark){body{background:#121214;color:#f2f2f4}p{color:#b4b4bd}a{background:#ff7aa8;color:#16060c}}
            </style>
            </head>
            <body>
            <main>
            <img src="\(escape(artwork))" alt="" width="320" height="320">
            <h1>\(title)</h1>
            <p>\(artist) · \(escape(song.albumTitle))</p>
            <audio controls preload="\(start > 0 ? "metadata" : "none")" src="\(escape(audio))" id="audio" aria-label="Listen to \(title)" data-start="\(start)"></audio>
            <p>Plays a \(previewSeconds)-second preview, or the whole song when it is yours\(start > 0 ? " · starts at \(SharedMoment.clock(start))" : "").</p>
            <a href="\(escape(app))">Open in SoTube</a>
            </main>
            <script src="/pages/moment.js" defer></script>
            </body>
            </html>
            """
    }
}
