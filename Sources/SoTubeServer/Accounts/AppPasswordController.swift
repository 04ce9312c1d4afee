import Hummingbird
import SoTubeAPI
import SoTubeCore

/// `/api/v1/me/app-passwords`: the caller's app passwords for music players (SPEC O7).
struct AppPasswordController {
    let appPasswords: AppPasswordService
    /// Checks the account password a new app password needs.
    let auth: AuthService
    /// What a person types into a player as the server address: the public URL when configured,
    /// else the address the browser used, else `fallbackServerURL`.
    let publicBaseURL: String?
    let fallbackServerURL: String

    func register(on routes: RouteRegistrar) {
        routes.on(.appPasswords) { _, context in
            let userID = try context.requireIdentity().user.id
            let list = try await appPasswords.list(userID: userID)
            return try jsonResponse(
                list.map {
                    AppPasswordDTO(id: $0.id, label: $0.label, createdAt: $0.createdAt, lastUsedAt: $0.lastUsedAt)
                })
        }
        routes.on(.createAppPassword) { request, context in
            let identity = try context.requireIdentity()
            let user = identity.user
            let body = try await request.decodeJSON(CreateAppPasswordRequest.self, context: context)
            try AppPasswordRules.validateLabel(body.label)
            try await auth.requirePasswordOrRecentSignIn(identity: identity, password: body.password)
            let (password, secret) = try await appPasswords.create(userID: user.id, label: body.label)
            await auth.mailNotice(.appPasswordAdded(name: password.label), userID: user.id)
            return try jsonResponse(
                CreatedAppPasswordDTO(
                    id: password.id, label: password.label, secret: secret, createdAt: password.createdAt,
                    username: user.username,
                    serverUrl: PageBase(publicBaseURL: publicBaseURL, fallbackBaseURL: fallbackServerURL).url(
                        for: request)),
                status: .created)
        }
        routes.on(.revokeAppPassword) { _, context in
            let userID = try context.requireIdentity().user.id
            try await appPasswords.revoke(userID: userID, id: try context.pathID())
            return Response(status: .noContent)
        }
    }
}
