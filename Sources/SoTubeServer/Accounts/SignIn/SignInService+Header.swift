import Foundation
import SoTubeCore

/// Trusted-proxy sign-in (Authelia's or Authentik's forward auth): the proxy names the user in a
/// header; the account is found by that username, or made.
extension SignInService {
    static let proxyIssuer = "trusted-proxy"

    func headerSignIn(username raw: String, email: String?, client: String) async throws -> AuthService.Login {
        let username = raw.trimmingCharacters(in: .whitespaces)
        try AccountRules.validateUsername(username, field: settings.authHeader ?? "username")
        if let found = try await accounts.credentials(username: username)?.user {
            return try await auth.startExternalSession(for: found, remember: false, client: client)
        }
        // An address of its own when the proxy gives none, or one another account has.
        let placeholder = OIDCRules.placeholderEmail(issuer: "http://proxy", subject: username)
        var address = email?.trimmingCharacters(in: .whitespaces) ?? ""
        if (try? AccountRules.validateEmail(address)) == nil { address = placeholder }
        var user = User(
            id: ids.makeID(), username: username, email: address, displayName: username, coins: 0,
            createdAt: clock.now())
        do {
            try await accounts.createUser(user, passwordHash: Self.noPassword)
        } catch DomainError.conflict(let field, _) where field == "email" {
            user.email = placeholder
            try await accounts.createUser(user, passwordHash: Self.noPassword)
        } catch DomainError.conflict(let field, _) where field == "username" {
            // Made by a parallel request a moment ago.
            guard let found = try await accounts.credentials(username: username)?.user else {
                throw DomainError.conflict(field: field, reason: "This username is taken.")
            }
            return try await auth.startExternalSession(for: found, remember: false, client: client)
        }
        try? await store.link(
            ExternalIdentity(
                issuer: Self.proxyIssuer, subject: username, userID: user.id, email: email, createdAt: clock.now()))
        logger.info("account made by a trusted proxy's sign-in", metadata: ["user": "\(user.id)"])
        return try await auth.startExternalSession(for: user, remember: false, client: client)
    }
}
