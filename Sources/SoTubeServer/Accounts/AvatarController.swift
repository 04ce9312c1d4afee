import Foundation
import HTTPTypes
import Hummingbird
import SoTubeAPI
import SoTubeCore
import SoTubeMedia

/// The caller's profile photo (SPEC A6): `PUT /api/v1/me/avatar` with the image as the body (at most
/// 10 MB; JPEG, PNG or WebP), `GET|HEAD` it in a size, `DELETE` it.
struct AvatarController {
    let avatars: AvatarService
    let files = FileResponder()

    func register(on routes: RouteRegistrar) {
        routes.on(.avatar) { request, context in try await picture(request, context) }
        routes.on(.avatarHead) { request, context in try await picture(request, context) }
        routes.on(.uploadAvatar) { request, context in
            let identity = try context.requireIdentity()
            let body = try await UploadedImage.body(of: request, field: "avatar")
            try await avatars.save(body, userID: identity.user.id)
            return try jsonResponse(AvatarDTO(avatarUrl: avatars.url(userID: identity.user.id)))
        }
        routes.on(.removeAvatar) { _, context in
            let identity = try context.requireIdentity()
            avatars.remove(userID: identity.user.id)
            return Response(status: .noContent)
        }
    }

    func picture(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let identity = try context.requireIdentity()
        let size = Int(request.uri.queryParameters.get("size") ?? "") ?? 128
        guard let file = avatars.file(userID: identity.user.id, size: size) else {
            throw Problem(.notFound, "You have no profile photo.")
        }
        var headers = HTTPFields()
        headers[.cacheControl] = "private, max-age=31536000, immutable"
        headers[.vary] = "Authorization, Cookie"
        return try await files.respond(
            to: request, context: context, file: file, contentType: "image/jpeg", extraHeaders: headers)
    }
}
