import Foundation
import HTTPTypes
import Hummingbird
import SoTubeAPI
import SoTubeCore

/// `GET|HEAD /api/v1/tracks/{id}/audio`: owners get the full song, everyone else the preview
/// file (SPEC M1, M2). `PlaybackService` decides which file, as for Subsonic `stream`; this route
/// answers with it, or with `format=mp3`, the owner's song made into MP3 on the fly: the web player
/// asks so when the browser cannot play the stored file (a FLAC or Ogg song whose MP3 is not made yet).
struct AudioController {
    let playback: PlaybackService
    let transcodes: TranscodeSlots
    let ffmpeg: String
    let files = FileResponder(openFiles: OpenFiles())
    static let renditionHeader = HTTPField.Name(SoTubeHeader.rendition)!

    func register(on routes: RouteRegistrar) {
        routes.on(.trackAudio) { request, context in try await audio(request, context) }
        routes.on(.trackAudioHead) { request, context in try await audio(request, context) }
    }

    func audio(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let id = try context.pathID()
        let userID = context.identity?.user.id
        var asked = PlaybackRequest.browser
        asked.format = request.uri.queryParameters["format"].map(String.init)
        let played = try await playback.play(trackID: id, for: userID, asked)
        let (rendition, file) = (played.rendition, played.file)
        var headers = HTTPFields()
        headers.reserveCapacity(4)
        // The answer depends on who asks: never let a shared cache hand one user's audio to another.
        headers[.cacheControl] = "private, no-cache"
        headers[.vary] = "Authorization, Cookie"
        headers[Self.renditionHeader] = rendition.rawValue
        guard let transcode = played.transcode, let userID else {
            return try await files.respond(
                to: request, context: context, path: file.path, contentType: file.contentType, extraHeaders: headers)
        }
        let head = request.method == .head
        var slot: TranscodeSlots.Slot?
        if !head {
            guard case .success(let taken) = transcodes.take(userID: userID) else {
                throw DomainError.rateLimited(retryAfterSeconds: 5)
            }
            slot = taken
        }
        return SubsonicTranscoder(ffmpeg: ffmpeg).response(
            file: file.url, transcode: transcode, offset: 0, head: head, headers: headers, slot: slot)
    }
}
