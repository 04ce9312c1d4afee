import Foundation
import SoTubeAPI
import SoTubeCore

/// The accounts behind provider sign-ins: made at a first sign-in, linked to an existing one with its
/// password, given the operator role by the provider's group, and the native app's code exchange.
extension SignInService {
    /// The password of an account made by a provider or a proxy: not a bcrypt hash, so no password
    /// matches it (`PasswordHasher.verify`).
    static let noPassword = "!external"

    /// A new account for a first sign-in: the provider's preferred username made valid and unique.
    func createAccount(for profile: OIDCProfile) async throws -> User {
        let email = profile.email ?? OIDCRules.placeholderEmail(issuer: issuer, subject: profile.subject)
        for username in OIDCRules.usernameCandidates(profile) {
            let user = User(
                id: ids.makeID(), username: username, email: email,
                displayName: (profile.name?.isEmpty == false ? profile.name : nil).map { String($0.prefix(64)) }
                    ?? username,
                coins: 0, createdAt: clock.now())
            do {
                try await accounts.createUser(user, passwordHash: Self.noPassword)
            } catch DomainError.conflict(let field, _) where field == "username" {
                continue
            }
            do {
                try await store.link(
                    ExternalIdentity(
                        issuer: issuer, subject: profile.subject, userID: user.id, email: profile.email,
                        createdAt: clock.now()))
            } catch DomainError.conflict {
                // The same person's other tab finished first: that account is the one.
                if let known = try await store.identity(issuer: issuer, subject: profile.subject),
                    let found = try await accounts.user(id: known.userID)
                {
                    return found
                }
                throw DomainError.conflict(field: nil, reason: "This sign-in is linked to another account.")
            }
            logger.info("account made by an OpenID sign-in", metadata: ["user": "\(user.id)"])
            return user
        }
        throw DomainError.conflict(field: "username", reason: "No free username was found for this sign-in.")
    }

    /// With an operator group configured, the provider decides who operates.
    func applyRole(_ user: User, groups: [String]) async throws -> User {
        guard let role = OIDCRules.role(after: user.role, groups: groups, operatorGroup: settings.oidc?.operatorGroup)
        else { return user }
        let audit = AuditEntry(
            id: ids.makeID(), at: clock.now(), actorID: nil, actor: "provider:\(providerName)", action: .userRole,
            target: user.id, reason: "The provider's groups claim at sign-in")
        return try await accounts.setRole(userID: user.id, role: role, audit: audit)
    }

    /// A ticket for linking the provider's identity to `existing` once its password is given.
    func offerLink(_ login: OIDCLoginState, profile: OIDCProfile, to existing: User, email: String) async throws
        -> String
    {
        let ticket = ids.randomBytes(32).base64URLString
        let offer = OIDCLinkTicket(
            issuer: issuer, subject: profile.subject, userID: existing.id, email: email, groups: profile.groups,
            returnTo: login.returnTo, remember: login.remember)
        try await store.putGrant(
            hash: TokenHash.of(ticket), purpose: .linkTicket, payload: try SignInGrantCoding.encode(offer),
            expiresAt: clock.now().addingTimeInterval(OIDCRules.stateLifetime))
        return ticket
    }

    private func ticket(_ ticket: String) async throws -> OIDCLinkTicket {
        guard
            let payload = try await store.peekGrant(hash: TokenHash.of(ticket), purpose: .linkTicket, now: clock.now()),
            let offer = SignInGrantCoding.decode(OIDCLinkTicket.self, payload)
        else { throw DomainError.notFound(what: "link (it was used or has expired: sign in again)") }
        return offer
    }

    func linkOffer(ticket text: String) async throws -> OIDCLinkOffer {
        let offer = try await ticket(text)
        guard let user = try await accounts.user(id: offer.userID) else {
            throw DomainError.notFound(what: "account to link")
        }
        return OIDCLinkOffer(
            username: user.username, email: offer.email, provider: providerName, returnTo: offer.returnTo)
    }

    /// The account's password links the identity, then signs in. A wrong password leaves the ticket
    /// usable (log-in throttles count the attempts).
    func link(ticket text: String, password: String, totp: String? = nil, client: String) async throws -> (
        AuthService.Login, String
    ) {
        let offer = try await ticket(text)
        guard let user = try await accounts.user(id: offer.userID) else {
            throw DomainError.notFound(what: "account to link")
        }
        // A log-in like any other: throttled, and the account's second factor asked for when it has one.
        var login = try await auth.login(
            username: user.username, password: password, remember: offer.remember, client: client, totp: totp)
        guard try await store.takeGrant(hash: TokenHash.of(text), purpose: .linkTicket, now: clock.now()) != nil else {
            try await auth.logout(sessionTokenHash: login.session.tokenHash)
            throw DomainError.notFound(what: "link (it was used meanwhile)")
        }
        try await store.link(
            ExternalIdentity(
                issuer: offer.issuer, subject: offer.subject, userID: user.id, email: offer.email,
                createdAt: clock.now()))
        login.user = try await applyRole(login.user, groups: offer.groups)
        return (login, offer.returnTo)
    }

    /// A native app's one-time code and its PKCE verifier: a bearer token.
    func exchange(code: String, verifier: String, client: String) async throws -> AuthService.Login {
        _ = try requireProvider()
        guard let payload = try await store.takeGrant(hash: TokenHash.of(code), purpose: .appCode, now: clock.now()),
            let grant = SignInGrantCoding.decode(AppSignInCode.self, payload)
        else { throw Problem(.badRequest, "This code was used already or has expired.", field: "code") }
        guard ConstantTime.equal(OIDCRules.pkceChallenge(verifier), grant.challenge) else {
            throw Problem(.badRequest, "The verifier does not match the app's challenge.", field: "verifier")
        }
        guard let user = try await accounts.user(id: grant.userID) else {
            throw Problem(.badRequest, "The account of this code is gone.", field: "code")
        }
        return try await auth.startExternalSession(for: user, remember: true, client: client)
    }

    /// Whether the account has a password and which provider it signs in with (`GET /api/v1/me`).
    func accountSignIn(userID: String) async throws -> (provider: String?, hasPassword: Bool) {
        let linked = try await store.identities(userID: userID).contains { $0.issuer == issuer && !issuer.isEmpty }
        let hash = try await accounts.credentials(id: userID)?.passwordHash ?? Self.noPassword
        return (linked ? providerName : nil, PasswordHasher.isPasswordHash(hash))
    }
}
