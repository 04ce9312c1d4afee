import SoTubeAPI
import SoTubeCore

/// The HTML of the embeddable players: artwork, title, play, progress and Buy (which opens the store
/// in a new tab). Plain HTML with one small script (`Public/pages/embed.js`); it plays `/api/v1/tracks/{id}/audio`.
enum EmbedPage {
    /// `moment` is the shared moment as asked (`?t=`, kept in the store link), `start` where this
    /// visitor's audio starts (`SharedMoment.start`: 0 when a preview's moment is past its end).
    static func song(
        _ song: CatalogTrack, previewSeconds: Int, oEmbed: String, texts: PageTexts = PageTexts(language: .en),
        start: Int = 0, moment: Int? = nil
    ) -> String {
        let startAttribute = start > 0 ? " data-start=\"\(start)\"" : ""
        let item = """
            <li><button type="button" class="row" data-src="\(HTML.escape(SoTubeRoutes.trackAudio(song.id)))" data-limit="\(previewSeconds)"\(startAttribute)>\(HTML.escape(song.title))</button></li>
            """
        let note =
            texts.previewNote(seconds: previewSeconds) + (start > 0 ? texts.startsAt(SharedMoment.clock(start)) : "")
        return page(
            title: song.title, subtitle: "\(song.artistName) · \(song.albumTitle)", albumID: song.albumID,
            store: "/#/song/" + SoTubeRoutes.segment(song.id) + (moment.map { $0 > 0 ? "?t=\($0)" : "" } ?? ""),
            buy: texts.buy(song.price), items: item, showList: false, oEmbed: oEmbed, note: note, texts: texts)
    }

    static func album(
        _ album: CatalogAlbum, songs: [CatalogTrack], previewSeconds: (Int) -> Int, oEmbed: String,
        texts: PageTexts = PageTexts(language: .en)
    ) -> String {
        let items = songs.map { song in
            """
            <li><button type="button" class="row" data-src="\(HTML.escape(SoTubeRoutes.trackAudio(song.id)))" data-limit="\(previewSeconds(song.durationMs))"><span class="no">\(song.trackNumber)</span>\(HTML.escape(song.title))</button></li>
            """
        }.joined(separator: "\n")
        return page(
            title: album.title, subtitle: album.artistName, albumID: album.id,
            store: "/#/album/" + SoTubeRoutes.segment(album.id), buy: texts.buy(album.price), items: items,
            showList: true, oEmbed: oEmbed, note: texts.previews, texts: texts)
    }

    static func page(
        title: String, subtitle: String, albumID: String, store: String, buy: String, items: String, showList: Bool,
        oEmbed: String, note: String, texts: PageTexts
    ) -> String {
        let heading = HTML.escape(title)
        return """
            <!doctype html>
            <html lang="\(texts.lang)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(heading) · SoTube</title>
            <meta name="color-scheme" content="light dark">
            <link rel="alternate" type="application/json+oembed" href="\(HTML.escape(oEmbed))" title="\(heading)">
            <style>
            *{box-sizing:border-box}body{margin:0;font-family:system-ui,sans-serif;background:#fff;color:#18181b}
            .embed{display:flex;gap:12px;padding:12px;align-items:center}
            .art{width:112px;height:112px;border-radius:8px;flex:none;background:#e6e6ea;object-fit:cover}
            .text{min-width:0;flex:1}h1{font-size:1.05rem;margin:0 0 2px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
            p{margin:0;color:#55555e;font-size:.85rem;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
            .controls{display:flex;align-items:center;gap:8px;margin-top:8px}
            #play{width:44px;height:44px;border-radius:50%;border:0;background:#b0124f;color:#fff;font-size:18px;cursor:pointer;flex:none}
            #seek{flex:1;min-width:60px;accent-color:#b0124f}#time{font-size:.8rem;color:#55555e;font-variant-numeric:tabular-nums}
            .buy{display:inline-block;margin-top:8px;padding:6px 14px;border-radius:999px;background:#b0124f;color:#fff;font-weight:600;text-decoration:none;font-size:.85rem}
            ol{list-style:none;margin:0;padding:0 12px 12px}ol[hidden]{display:none}
            .row{width:100%;text-align:left;padding:8px;border:0;border-radius:6px;background:none;color:inherit;font:inherit;cursor:pointer}
            .row[aria-current]{background:#f3e0e8;font-weight:600}.no{display:inline-block;width:2em;color:#55555e}
            @media (prefers-color-scheme:dark){body{background:#121214;color:#f2f2f4}p,#time,.no{color:#b4b4bd}
            #play,.buy{background:#ff7aa8;color:#16060c}.row[aria-current]{background:#3a1d29}}
            </style>
            </head>
            <body>
            <main>
            <div class="embed">
            <img class="art" src="\(HTML.escape(SoTubeRoutes.albumArtwork(albumID, size: 300)))" alt="" width="112" height="112">
            <div class="text">
            <h1>\(heading)</h1>
            <p>\(HTML.escape(subtitle)) · \(HTML.escape(note))</p>
            <div class="controls">
            <button type="button" id="play" aria-label="\(texts.play)" data-play="\(texts.play)" data-pause="\(texts.pause)">▶</button>
            <input type="range" id="seek" min="0" max="30" step="0.1" value="0" aria-label="\(texts.position)">
            <span id="time">0:00</span>
            </div>
            <a class="buy" href="\(HTML.escape(store))" target="_blank" rel="noopener">\(HTML.escape(buy))</a>
            </div>
            </div>
            <ol id="list"\(showList ? "" : " hidden")>
            \(items)
            </ol>
            </main>
            <audio id="audio" preload="none"></audio>
            <script src="/pages/embed.js" defer></script>
            </body>
            </html>
            """
    }
}
