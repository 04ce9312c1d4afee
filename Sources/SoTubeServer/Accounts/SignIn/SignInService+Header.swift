import Foundation
import SoTubeAPI
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
        var address = email?.trimmingCharacters(in: .whitespaces) ?? ""
        if (try? AccountRules.validateEmail(address)) == nil {
            address = OIDCRules.placeholderEmail(issuer: "http://proxy", subject: username)
        }
        var user = User(
            id: ids.makeID(), username: username, email: address, displayName: username, coins: 0,
            createdAt: clock.now())
        do {
            try await accounts.createUser(user, passwordHash: Self.noPassword)
        } catch DomainError.conflict(let field, _) where field == "email" {
            // The address belongs to another account: this one gets a private placeholder.
            user.email = OIDCRules.placeholderEmail(issuer: "http://proxy", subject: username)
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
