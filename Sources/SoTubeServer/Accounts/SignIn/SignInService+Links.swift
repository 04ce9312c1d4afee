import Foundation
import SoTubeAPI
import SoTubeCore

/// One-time sign-in links the CLI makes on the server (`sotube users sign-in-link`): the way in when
/// password sign-in is off and the provider cannot be reached.
extension SignInService {
    /// A one-time sign-in link for `username` (10 minutes), made on the server by the CLI.
    public func makeSignInLink(username: String) async throws -> String {
        guard let user = try await accounts.credentials(username: username)?.user else {
            throw DomainError.notFound(what: "user \(username)")
        }
        let token = ids.randomBytes(32).base64URLString
        try await store.putGrant(
            hash: TokenHash.of(token), purpose: .signInLink, payload: user.id,
            expiresAt: clock.now().addingTimeInterval(OIDCRules.stateLifetime))
        return baseURL + Route.signInLink.path(token)
    }

    /// Signs in with a link from `makeSignInLink` (once).
    func useSignInLink(_ token: String, client: String) async throws -> AuthService.Login {
        guard let userID = try await store.takeGrant(hash: TokenHash.of(token), purpose: .signInLink, now: clock.now()),
            let user = try await accounts.user(id: userID)
        else { throw DomainError.unauthorized(reason: "This sign-in link was used already or has expired.") }
        return try await auth.startExternalSession(for: user, remember: false, client: client)
    }
}
