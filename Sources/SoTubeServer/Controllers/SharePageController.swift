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
    /// The configured public URL (`SOTUBE_PUBLIC_URL`), nil when not set.
    let publicBaseURL: String?
    /// The server's own address, when neither the configuration nor the request name one.
    let fallbackBaseURL: String

    func register(on router: some RouterMethods<AppRequestContext>) {
        router.get("/song/{id}") { request, context in
            let id = try context.pathID()
            guard id.count <= 128, let song = try await find(id) else {
                throw Problem(.notFound, "There is no song with this id.")
            }
            let base = baseURL(request)
            let html = Self.page(
                song, base: base, previewSeconds: media.preview.previewSeconds(durationMs: song.durationMs))
            var headers = HTTPFields()
            headers[.contentType] = "text/html; charset=utf-8"
            // A page whose links come from the request's Host is never kept: a cache would hand one
            // caller's (perhaps forged) host to everyone.
            headers[.cacheControl] = publicBaseURL == nil ? "no-store" : "public, max-age=300"
            return Response(
                status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
        }
    }

    /// The song, through the catalog reader every other page uses.
    private func find(_ id: String) async throws -> CatalogTrack? {
        try await catalog.trackDetail(id: id)?.track
    }

    /// Absolute base for Open Graph URLs: the configured public URL, else this request's host (then
    /// the page is not cached).
    private func baseURL(_ request: Request) -> String {
        request.baseURL(configured: publicBaseURL, fallback: fallbackBaseURL)
    }

    static func escape(_ text: String) -> String { HTML.escape(text) }

    static func page(_ song: CatalogTrack, base: String, previewSeconds: Int) -> String {
        let audio = SoTubeRoutes.trackAudio(song.id)
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
            <audio controls preload="none" src="\(escape(audio))" aria-label="Preview of \(title)"></audio>
            <p>\(previewSeconds)-second preview</p>
            <a href="\(escape(app))">Open in SoTube</a>
            </main>
            </body>
            </html>
            """
    }
}

extension Request {
    /// The server's address as the client reached it: the configured public URL, else this request's
    /// host (when it is a plain host name or address), else `fallback`.
    func baseURL(configured: String?, fallback: String) -> String {
        if let configured { return configured }
        if let authority = head.authority,
            authority.allSatisfy({ $0.isLetter || $0.isNumber || ".-:[]".contains($0) })
        {
            return "http://\(authority)"
        }
        return fallback
    }
}
