import SoTubeAPI
import SoTubeCore

/// The HTML of a song's public share page (`GET /song/{id}`): Open Graph and Twitter card tags for
/// link previews, the artwork, a preview player (from a shared moment when there is one) and a link
/// into the web app. Plain HTML with one small script (`Public/pages/moment.js`).
enum SharePage {
    static func escape(_ text: String) -> String { HTML.escape(text) }

    /// `moment` is the shared moment as asked (the app works out the preview's rule itself), `start`
    /// where this visitor's player starts.
    static func html(
        _ song: CatalogTrack, base: String, previewSeconds: Int, start: Int = 0, moment: Int? = nil,
        texts: PageTexts = PageTexts(language: .en)
    ) -> String {
        let audio = SoTubeRoutes.trackAudio(song.id) + (start > 0 ? "#t=\(start)" : "")
        let artwork = SoTubeRoutes.albumArtwork(song.albumID, size: 600)
        let app = "/#/song/" + SoTubeRoutes.segment(song.id) + (moment.map { $0 > 0 ? "?t=\($0)" : "" } ?? "")
        let title = escape(song.title)
        let artist = escape(song.artistName)
        let image = escape(base + artwork)
        let url = escape(base + SoTubeRoutes.sharePage(song.id))
        let description = escape(
            texts.shareDescription(title: song.title, artist: song.artistName, seconds: previewSeconds))
        return """
            <!doctype html>
            <html lang="\(texts.lang)">
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
            <audio controls preload="\(start > 0 ? "metadata" : "none")" src="\(escape(audio))" id="audio" aria-label="\(escape(texts.listenTo(song.title)))" data-start="\(start)"></audio>
            <p>\(escape(texts.plays(seconds: previewSeconds)))\(start > 0 ? escape(texts.startsAt(SharedMoment.clock(start))) : "").</p>
            <a href="\(escape(app))">\(escape(texts.openInApp))</a>
            </main>
            <script src="/pages/moment.js" defer></script>
            </body>
            </html>
            """
    }
}
