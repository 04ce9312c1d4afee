import Foundation
import HTTPTypes
import Hummingbird
import SoTubeAPI
import SoTubeCore

/// Downloads of what a user bought (SPEC P9): `GET|HEAD /api/v1/tracks/{id}/download`, the song's
/// file with a clean name and Range support, and `GET /api/v1/albums/{id}/download`, a ZIP of the
/// caller's songs of the album in track order with the cover, streamed as it is built. `?format=mp3`
/// gives the MP3 the song plays from instead of a kept original (FLAC, Ogg…). Guests,
/// non-owners and unknown ids all get the same 404: the answer never tells who owns what.
struct DownloadController {
    let catalog: any CatalogReader
    let media: MediaService
    let files = FileResponder()

    func register(on routes: RouteRegistrar) {
        routes.on(.trackDownload) { request, context in try await track(request, context) }
        routes.on(.trackDownloadHead) { request, context in try await track(request, context) }
        routes.on(.albumDownload) { request, context in try await album(request, context) }
    }

    func track(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let id = try context.pathID()
        let download = try await media.original(
            trackID: id, for: context.identity?.user.id, format: try Self.format(request))
        let file = download.file
        guard let song = try await catalog.tracks(ids: [id]).first else {
            throw DomainError.notFound(what: "This song")
        }
        let name = DownloadName.song(
            artist: song.artistName, title: song.title, fileExtension: DownloadName.fileExtension(of: file.url.path))
        var headers = Self.attachmentHeaders(name)
        headers[HTTPField.Name(SoTubeHeader.downloadFormats)!] = download.formats.joined(separator: ", ")
        return try await files.respond(
            to: request, context: context, file: file.url, contentType: file.contentType, extraHeaders: headers)
    }

    func album(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let id = try context.pathID()
        guard let album = try await catalog.album(id: id) else { throw DomainError.notFound(what: "This album") }
        let songs = try await catalog.tracks(inAlbum: id)
        let owned = try await media.originals(
            trackIDs: songs.map(\.id), for: context.identity?.user.id, format: try Self.format(request))
        guard !owned.isEmpty else { throw DomainError.notFound(what: "This album") }
        let multiDisc = Set(songs.map(\.discNumber)).count > 1
        var entries: [(name: String, url: URL)] = songs.compactMap { song in
            owned[song.id].map { file in
                let name = DownloadName.albumEntry(
                    trackNumber: song.trackNumber, discNumber: song.discNumber, multiDisc: multiDisc,
                    artist: song.artistName, title: song.title,
                    fileExtension: DownloadName.fileExtension(of: file.url.path))
                return (name, file.url)
            }
        }
        if let cover = try await media.albumCover(albumID: id) { entries.append(("cover.jpg", cover.url)) }
        let zip: ZipStream
        do {
            zip = try ZipStream(files: entries)
        } catch {
            throw Problem(.notFound, "A file of this album is missing on the server.")
        }
        guard zip.fitsWithoutZip64 else {
            throw Problem(.contentTooLarge, "This album is too large for one archive: download its songs one by one.")
        }
        var headers = Self.attachmentHeaders(DownloadName.album(artist: album.artistName, title: album.title))
        headers[.contentType] = "application/zip"
        headers[.contentLength] = String(zip.contentLength)
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody(contentLength: zip.contentLength) { writer in
                try await zip.write(to: &writer)
                try await writer.finish(nil)
            })
    }

    /// `?format=original` (the default) or `mp3`.
    static func format(_ request: Request) throws -> MediaService.DownloadFormat {
        guard let raw = request.uri.queryParameters.get("format") else { return .original }
        guard let format = MediaService.DownloadFormat(rawValue: raw) else {
            throw DomainError.invalid(field: "format", reason: "format is original or mp3.")
        }
        return format
    }

    /// A private attachment named `fileName`: never kept by a shared cache, never compressed on the way.
    static func attachmentHeaders(_ fileName: String) -> HTTPFields {
        var headers = HTTPFields()
        headers[.contentDisposition] = ContentDisposition.attachment(fileName: fileName)
        headers[.cacheControl] = "private, no-cache, no-transform"
        headers[.vary] = "Authorization, Cookie"
        headers[.xContentTypeOptions] = "nosniff"
        return headers
    }
}
