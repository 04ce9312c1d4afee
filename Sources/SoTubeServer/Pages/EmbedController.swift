import Foundation
import HTTPTypes
import Hummingbird
import SoTubeAPI
import SoTubeCore

/// A player for other sites (SPEC M10): `/embed/song/{id}` and `/embed/album/{id}` are small pages
/// made for an `<iframe>` (the only pages any site may frame), and `/oembed?url=…` tells chat apps
/// and blogs how to embed a share or embed page's URL. They play what the audio route gives the
/// visitor: the preview, unless the visitor owns the song.
struct EmbedController {
    let catalog: any CatalogReader
    let media: MediaService
    let base: PageBase

    static let songSize = (width: 480, height: 152)
    static let albumSize = (width: 480, height: 400)

    func register(on routes: RouteRegistrar) {
        routes.on(.embedSong) { request, context in
            let id = try context.pathID()
            guard id.count <= 128, let song = try await catalog.trackDetail(id: id)?.track else {
                throw Problem(.notFound, "There is no song with this id.")
            }
            let root = base.url(for: request)
            let previewSeconds = media.preview.previewSeconds(durationMs: song.durationMs)
            // A shared moment (`?t=`) starts there, as on the share page.
            let (moment, start) = try await media.sharedMoment(
                request, song: song, previewSeconds: previewSeconds, userID: context.identity?.user.id)
            let html = EmbedPage.song(
                song, previewSeconds: previewSeconds,
                oEmbed: root + SoTubeRoutes.oEmbed(url: root + SoTubeRoutes.sharePage(song.id)), texts: .of(request),
                start: start, moment: moment)
            return page(html)
        }
        routes.on(.embedAlbum) { request, context in
            let id = try context.pathID()
            guard id.count <= 128, let album = try await catalog.album(id: id) else {
                throw Problem(.notFound, "There is no album with this id.")
            }
            let songs = try await catalog.tracks(inAlbum: id)
            let root = base.url(for: request)
            let html = EmbedPage.album(
                album, songs: songs, previewSeconds: { media.preview.previewSeconds(durationMs: $0) },
                oEmbed: root + SoTubeRoutes.oEmbed(url: root + SoTubeRoutes.embedAlbum(album.id)), texts: .of(request))
            return page(html)
        }
        routes.on(.oEmbed) { request, _ in try await oEmbed(request) }
    }

    func page(_ html: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = base.cacheControl
        headers[.contentSecurityPolicy] = SecurityHeaders.embed
        // The words follow `lang`, the app's language cookie or the browser's; a moment's start
        // depends on whether the visitor owns the song.
        headers[.vary] = "Authorization, Cookie, Accept-Language"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    func oEmbed(_ request: Request) async throws -> Response {
        let query = request.uri.queryParameters
        if let format = query.get("format"), !format.isEmpty, format != "json" {
            throw Problem(.notImplemented, "Only format=json is offered.", field: "format")
        }
        guard let target = query.get("url"), let subject = OEmbedTarget.parse(target) else {
            throw Problem(.notFound, "This URL is not a SoTube song or album page.", field: "url")
        }
        let root = base.url(for: request)
        let (title, author, albumID, frame, defaultSize) = try await describe(subject)
        var size = defaultSize
        if let maxWidth = query.get("maxwidth").flatMap({ Int($0) }), maxWidth > 0 {
            size.width = min(size.width, max(200, maxWidth))
        }
        if let maxHeight = query.get("maxheight").flatMap({ Int($0) }), maxHeight > 0 {
            size.height = min(size.height, max(120, maxHeight))
        }
        // The embed keeps the shared link's language and, for a song, its moment (`?lang=`, `?t=`).
        let shared = OEmbedTarget.query(of: target)
        let language =
            (shared["lang"] ?? query.get("lang")).flatMap { PageLanguage(rawValue: $0.lowercased()) }
        var carried: [String] = []
        if case .song = subject, let moment = shared["t"].flatMap(SharedMoment.seconds), moment > 0 {
            carried.append("t=\(moment)")
        }
        if let language { carried.append("lang=\(language.rawValue)") }
        let src = HTML.escape(root + frame + (carried.isEmpty ? "" : "?" + carried.joined(separator: "&")))
        let texts = PageTexts(language: language ?? .en)
        let html =
            "<iframe src=\"\(src)\" width=\"\(size.width)\" height=\"\(size.height)\" style=\"border:0;border-radius:12px\" "
            + "allow=\"autoplay; encrypted-media\" loading=\"lazy\" title=\"\(HTML.escape(texts.onSoTube(title: title, author: author)))\"></iframe>"
        let answer = OEmbedDTO(
            title: title, authorName: author, providerUrl: root, html: html, width: size.width, height: size.height,
            thumbnailUrl: root + SoTubeRoutes.albumArtwork(albumID, size: 300), thumbnailSize: 300)
        var headers = HTTPFields()
        headers[.cacheControl] = base.cacheControl
        return try jsonResponse(answer, headers: headers)
    }
}

extension EmbedController {
    /// Title, author, album (for the thumbnail), embed page and size of what an oEmbed URL names.
    func describe(_ subject: OEmbedTarget) async throws -> (String, String, String, String, (width: Int, height: Int)) {
        switch subject {
        case .song(let id):
            guard let song = try await catalog.trackDetail(id: id)?.track else {
                throw Problem(.notFound, "There is no song with this id.", field: "url")
            }
            return (song.title, song.artistName, song.albumID, SoTubeRoutes.embedSong(id), Self.songSize)
        case .album(let id):
            guard let album = try await catalog.album(id: id) else {
                throw Problem(.notFound, "There is no album with this id.", field: "url")
            }
            return (album.title, album.artistName, album.id, SoTubeRoutes.embedAlbum(id), Self.albumSize)
        }
    }
}

/// Which song or album an oEmbed `url` names: a share page (`/song/{id}`), an embed page, or the
/// web app's `/#/song/{id}` and `/#/album/{id}`. Any host is accepted: the id is what counts.
enum OEmbedTarget: Equatable {
    case song(String)
    case album(String)

    static func parse(_ text: String) -> OEmbedTarget? {
        guard text.count <= 2048, let url = URL(string: text) else { return nil }
        var parts = url.path.split(separator: "/").map(String.init)
        if let fragment = url.fragment, parts.isEmpty {
            parts = fragment.split(separator: "?").first.map { $0.split(separator: "/").map(String.init) } ?? []
        }
        if parts.first == "embed" { parts.removeFirst() }
        guard parts.count == 2, let id = parts[1].removingPercentEncoding, !id.isEmpty, id.count <= 128 else {
            return nil
        }
        switch parts[0] {
        case "song": return .song(id)
        case "album": return .album(id)
        default: return nil
        }
    }

    /// The query of a shared URL, or of its fragment for the web app's `/#/song/{id}?t=12`: the
    /// first value of each name.
    static func query(of text: String) -> [String: String] {
        guard text.count <= 2048, let components = URLComponents(string: text) else { return [:] }
        var items = components.queryItems ?? []
        if let fragment = components.fragment, let mark = fragment.firstIndex(of: "?") {
            items += URLComponents(string: "x:?" + fragment[fragment.index(after: mark)...])?.queryItems ?? []
        }
        var values: [String: String] = [:]
        for item in items where values[item.name] == nil { values[item.name] = item.value }
        return values
    }
}
