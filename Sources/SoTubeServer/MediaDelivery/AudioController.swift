import Foundation
import HTTPTypes
import Hummingbird
import SoTubeAPI
import SoTubeCore

/// `GET|HEAD /api/v1/tracks/{id}/audio`: owners get the full song, everyone else the preview
/// file (SPEC M1, M2). `PlaybackService` decides which file, as for Subsonic `stream`; this route
/// only answers with it.
struct AudioController {
    let playback: PlaybackService
    let files = FileResponder(openFiles: OpenFiles())
    static let renditionHeader = HTTPField.Name(SoTubeHeader.rendition)!

    func register(on routes: RouteRegistrar) {
        routes.on(.trackAudio) { request, context in try await audio(request, context) }
        routes.on(.trackAudioHead) { request, context in try await audio(request, context) }
    }

    func audio(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let id = try context.pathID()
        let played = try await playback.play(trackID: id, for: context.identity?.user.id, .browser)
        let (rendition, file) = (played.rendition, played.file)
        var headers: HTTPFields = [:]
        // The answer depends on who asks: never let a shared cache hand one user's audio to another.
        headers[.cacheControl] = "private, no-cache"
        headers[.vary] = "Authorization, Cookie"
        headers[Self.renditionHeader] = rendition.rawValue
        return try await files.respond(
            to: request, context: context, path: file.path, contentType: file.contentType, extraHeaders: headers)
    }
}
