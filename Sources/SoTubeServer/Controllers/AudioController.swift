import Foundation
import HTTPTypes
import Hummingbird
import SoTubeAPI
import SoTubeCore
import SoTubeStoreSQL

/// `GET|HEAD /api/v1/tracks/{id}/audio`: owners get the full song, everyone else the preview
/// file (SPEC M1, M2). The choice is made before any Range is looked at, and the preview is a
/// separate file, so no URL, query or Range can reach past the preview for a non-owner.
struct AudioController {
    let services: AppServices
    let files = FileResponder()

    func register(on router: some RouterMethods<AppRequestContext>) {
        router.get("/api/v1/tracks/:id/audio") { request, context in try await audio(request, context) }
        router.head("/api/v1/tracks/:id/audio") { request, context in try await audio(request, context)
        }
    }

    func audio(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let id = try context.parameters.require("id")
        guard
            let track = try await SQLMediaLookup(backend: services.database.backend).trackFiles(id: id)
        else {
            throw DomainError.notFound(what: "This song")
        }
        var isOwner = false
        if let identity = context.identity {
            isOwner = try await services.database.ownership.owns(userID: identity.user.id, trackID: id)
        }
        let rendition = PreviewPolicy.rendition(isOwner: isOwner)
        let path = rendition == .full ? track.mediaPath : track.previewPath
        let type = rendition == .full ? track.mediaType : track.previewType
        var headers: HTTPFields = [:]
        // The answer depends on who asks: never let a shared cache hand one user's audio to another.
        headers[.cacheControl] = "private, no-cache"
        headers[.vary] = "Authorization, Cookie"
        headers[HTTPField.Name(SoTubeHeader.rendition)!] = rendition.rawValue
        let file = services.configuration.mediaDirectory.appendingPathComponent(path)
        return try await files.respond(
            to: request, context: context, file: file, contentType: type, extraHeaders: headers)
    }
}
