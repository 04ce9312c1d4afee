import Hummingbird
import SoTubeAPI
import SoTubeCore

/// `/api/v1/me`: who I am (with my profile photo's URL and whether I have two-step sign-in), change
/// username, change password.
struct MeController {
    let auth: AuthService
    let ownership: any OwnershipStore
    let avatars: AvatarService
    let twoFactor: TwoFactorService
    /// Which provider an account signs in with, and whether it has a password.
    var signIn: SignInService? = nil

    func register(on routes: RouteRegistrar) {
        routes.on(.me) { _, context in
            let identity = try context.requireIdentity()
            let owned = try await ownership.ownedCount(userID: identity.user.id)
            let account =
                try await signIn?.accountSignIn(userID: identity.user.id) ?? (provider: nil, hasPassword: true)
            return try jsonResponse(
                MeResponse(
                    user: identity.user, ownedCount: owned, avatarUrl: avatars.url(userID: identity.user.id),
                    twoFactorEnabled: try await twoFactor.isEnabled(userID: identity.user.id),
                    signInProvider: account.provider, hasPassword: account.hasPassword))
        }
        routes.on(.changeUsername) { request, context in
            let identity = try context.requireIdentity()
            let body = try await request.decodeJSON(ChangeUsernameRequest.self, context: context)
            let user = try await auth.changeUsername(
                identity: identity, oldUsername: body.oldUsername, newUsername: body.newUsername)
            return try jsonResponse(UserDTO(user))
        }
        routes.on(.changeDisplayName) { request, context in
            let identity = try context.requireIdentity()
            let body = try await request.decodeJSON(ChangeDisplayNameRequest.self, context: context)
            return try jsonResponse(UserDTO(try await auth.changeDisplayName(identity: identity, to: body.displayName)))
        }
        routes.on(.changePassword) { request, context in
            let identity = try context.requireIdentity()
            let body = try await request.decodeJSON(ChangePasswordRequest.self, context: context)
            try await auth.changePassword(
                identity: identity, currentPassword: body.currentPassword, newPassword: body.newPassword)
            return Response(status: .noContent)
        }
    }
}
