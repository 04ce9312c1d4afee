import Foundation
import HTTPTypes
import Hummingbird
import SoTubeCore
import SoTubeMedia

/// stream, download, getCoverArt. `MediaService` decides which file a caller gets (`PlaybackService`
/// whether `stream` transcodes it); anything that is not the caller's full song (a preview, an
/// unknown id) is error 70 and no bytes.
struct SubsonicMediaDeps: Sendable {
    let media: MediaService
    let playback: PlaybackService
    let library: SubsonicLibraryDeps
    let tools: MediaTools
    /// Where resized cover art is kept (`DATA/media/cache/covers`).
    let coverCache: URL
    /// How many ffmpeg processes `stream` may run (per user, in all).
    let transcodes: TranscodeSlots
    let files = FileResponder(openFiles: OpenFiles())
}

enum SubsonicMediaMethods {
    static func register(into methods: inout [String: SubsonicMethod], _ deps: SubsonicMediaDeps) {
        methods["stream"] = { call in .response(try await stream(call, deps)) }
        methods["download"] = { call in .response(try await download(call, deps)) }
        methods["getCoverArt"] = { call in .response(try await coverArt(call, deps)) }
    }

    static func privateHeaders() -> HTTPFields {
        var headers: HTTPFields = [:]
        headers[.cacheControl] = "private, no-cache"
        return headers
    }

    /// The caller's song as `PlaybackService` chooses it: the stored file with ranges, or ffmpeg's
    /// output when the player asked for another format or a bit rate below the song's. A song the
    /// caller does not own is 70, an unknown format error 0 (`SubsonicError(DomainError)`).
    static func stream(_ call: SubsonicCall, _ deps: SubsonicMediaDeps) async throws -> Response {
        let parameters = call.parameters
        let id = try parameters.required("id")
        let request = PlaybackRequest.player(
            format: parameters.string("format"),
            maxBitRate: try parameters.int("maxBitRate", default: 0, in: 0...10_000))
        let offset = try parameters.int("timeOffset", default: 0, in: 0...86_400)
        let playback = try await deps.playback.play(trackID: id, for: call.userID, request)
        let file = playback.file
        guard let transcode = playback.transcode else {
            return try await deps.files.respond(
                to: call.request, context: call.context, path: file.path, contentType: file.contentType,
                extraHeaders: privateHeaders())
        }
        let head = call.request.method == .head
        var slot: TranscodeSlots.Slot?
        if !head {
            switch deps.transcodes.take(userID: call.userID) {
            case .success(let taken): slot = taken
            case .failure(.user):
                throw SubsonicError.generic(
                    "Too many transcoded streams at once: at most \(deps.transcodes.perUser) per user. "
                        + "Stop one, or play the original (format=raw).")
            case .failure(.server):
                throw SubsonicError.generic(
                    "The server is transcoding as many streams as it can (\(deps.transcodes.perServer)): try again "
                        + "in a moment, or play the original (format=raw).")
            }
        }
        return SubsonicTranscoder(ffmpeg: deps.tools.ffmpeg).response(
            file: file.url, transcode: transcode, offset: offset, head: head, headers: privateHeaders(), slot: slot)
    }

    /// The caller's song as the web download (`GET /api/v1/tracks/{id}/download`) gives it: the file
    /// `MediaService.original` chooses (the imported file itself, a kept FLAC or Ogg rather than the
    /// MP3 it plays from), named `Artist - Title.ext`; 70 for a song the caller does not own.
    static func download(_ call: SubsonicCall, _ deps: SubsonicMediaDeps) async throws -> Response {
        let song = try await deps.library.ownedSong(call.userID, try call.parameters.required("id"))
        let file = try await deps.media.original(trackID: song.track.id, for: call.userID).file
        let name = DownloadName.song(
            artist: song.track.artistName, title: song.track.title,
            fileExtension: DownloadName.fileExtension(of: file.path))
        var headers = privateHeaders()
        headers[.contentDisposition] = ContentDisposition.attachment(fileName: name)
        return try await deps.files.respond(
            to: call.request, context: call.context, path: file.path, contentType: file.contentType,
            extraHeaders: headers)
    }

    /// An owned album's artwork (an album id, or a song's or artist's id), with `size` the longest
    /// edge: made sizes are served as they are, others are cut from the next larger one (never
    /// upscaled) and kept in the cache.
    static func coverArt(_ call: SubsonicCall, _ deps: SubsonicMediaDeps) async throws -> Response {
        let id = try call.parameters.required("id")
        let requested = try call.parameters.int("size", default: 0, in: 0...10_000)
        let library = deps.library
        let subject: ArtworkSubject
        if try await !library.player.albums(userID: call.userID, .ids([id]), offset: 0, limit: 1).isEmpty {
            subject = .album(id)
        } else if let song = try await library.player.songs(userID: call.userID, .ids([id]), offset: 0, limit: 1).first
        {
            subject = .album(song.track.albumID)
        } else if try await !library.player.artists(userID: call.userID, .ids([id]), offset: 0, limit: 1).isEmpty {
            subject = .artist(id)
        } else {
            throw SubsonicError.notFound("Cover art")
        }
        let largest = ArtworkSizes.sizes.last ?? 600
        let made = try await deps.media.artwork(subject, size: requested > 0 ? min(requested, largest) : largest)
        var headers: HTTPFields = [:]
        headers[.cacheControl] = "private, max-age=86400"
        var served = made.url
        // A size not made (or a picture made before that size was) is scaled from the next one up.
        if requested > 0, requested < largest, !made.url.lastPathComponent.hasSuffix("-\(requested).jpg") {
            served = try await resized(made.url, to: requested, deps)
        }
        return try await deps.files.respond(
            to: call.request, context: call.context, file: served, contentType: made.contentType,
            extraHeaders: headers)
    }

    /// `source` scaled down so its longest edge is `size`, made once into the cache.
    static func resized(_ source: URL, to size: Int, _ deps: SubsonicMediaDeps) async throws -> URL {
        let name = StableHash.hex(source.path) + "-\(size).jpg"
        let target = deps.coverCache.appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: target.path) { return target }
        try FileManager.default.createDirectory(at: deps.coverCache, withIntermediateDirectories: true)
        let partial = deps.coverCache.appendingPathComponent("\(UUID().uuidString).part.jpg")
        _ = try await deps.tools.ffmpeg([
            "-i", source.path, "-vf",
            "scale=w='min(\(size),iw)':h='min(\(size),ih)':force_original_aspect_ratio=decrease", "-q:v", "3",
            partial.path,
        ])
        if rename(partial.path, target.path) != 0 { try? FileManager.default.removeItem(at: partial) }
        return target
    }
}
