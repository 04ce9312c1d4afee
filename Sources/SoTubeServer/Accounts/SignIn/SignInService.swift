import Foundation
import Logging
import SoTubeAPI
import SoTubeCore
import SoTubeStoreSQL

/// Signing in through the store's OpenID provider (issue 34): the log-in's state, nonce and PKCE
/// verifier kept single-use in the database, the provider's answer checked (signature, issuer,
/// audience, times, nonce), and the account found by (issuer, subject), made, or linked to the account
/// with the same verified email once its password is given. Native apps get a one-time code that only
/// their own PKCE verifier turns into a token.
public struct SignInService: Sendable {
    let settings: SignInSettings
    let provider: OIDCProvider?
    let store: any SignInStore
    let accounts: SQLAccountStore
    let auth: AuthService
    let clock: any SoTubeClock
    let ids: any IDSource
    let logger: Logger
    /// The redirect URI registered at the provider: `{public URL}/api/v1/auth/oidc/callback`.
    let redirectURI: String
    /// The store's public address (links the CLI prints).
    let baseURL: String

    public init(
        settings: SignInSettings, store: any SignInStore, accounts: SQLAccountStore, auth: AuthService,
        clock: any SoTubeClock, ids: any IDSource, logger: Logger, baseURL: String
    ) {
        self.settings = settings
        self.provider = settings.oidc.map { OIDCProvider(settings: $0) }
        self.store = store
        self.accounts = accounts
        self.auth = auth
        self.clock = clock
        self.ids = ids
        self.logger = logger
        self.redirectURI = baseURL + Route.oidcCallback.path
        self.baseURL = baseURL
    }

    /// Where a provider sign-in ends: signed in, a link to confirm, a native app's redirect, or refused.
    enum Outcome: Sendable {
        case signedIn(AuthService.Login, returnTo: String)
        case link(ticket: String)
        case app(URL)
        case refused(String, appRedirect: String?)
    }

    var issuer: String {
        guard let issuer = settings.oidc?.issuer else { return "" }
        return issuer.hasSuffix("/") ? String(issuer.dropLast()) : issuer
    }
    var providerName: String { settings.oidc?.name ?? "" }

    func methods() -> SignInMethods {
        SignInMethods(
            localLogin: settings.localLogin,
            oidc: settings.oidc.map { OIDCMethod(name: $0.name, startURL: Route.oidcStart.path) },
            headerSignIn: settings.authHeader != nil)
    }

    func requireProvider() throws -> OIDCProvider {
        guard let provider else { throw DomainError.notFound(what: "OpenID provider (this store has none)") }
        return provider
    }

    /// The provider's authorization URL for a new log-in, its state kept for the callback.
    func start(returnTo: String?, remember: Bool, appRedirect: String?, appChallenge: String?) async throws -> URL {
        let provider = try requireProvider()
        if let appRedirect {
            let allowed = settings.oidc?.appRedirectPrefixes ?? []
            guard allowed.contains(where: { appRedirect.hasPrefix($0) }), URL(string: appRedirect) != nil,
                !appRedirect.contains("#")
            else { throw Problem(.badRequest, "This store does not send sign-ins there.", field: "redirect") }
            guard let appChallenge, appChallenge.utf8.count == 43 else {
                throw Problem(
                    .badRequest, "A native app sends BASE64URL(SHA-256(verifier)) as appChallenge.",
                    field: "appChallenge")
            }
        }
        let state = ids.randomBytes(32).base64URLString
        let verifier = ids.randomBytes(32).base64URLString
        let login = OIDCLoginState(
            nonce: ids.randomBytes(24).base64URLString, verifier: verifier, returnTo: OIDCRules.safeReturnTo(returnTo),
            remember: remember, appRedirect: appRedirect, appChallenge: appRedirect == nil ? nil : appChallenge)
        let url = try await provider.authorizationURL(
            state: state, nonce: login.nonce, challenge: OIDCRules.pkceChallenge(verifier), redirectURI: redirectURI)
        try await store.putGrant(
            hash: TokenHash.of(state), purpose: .oidcState, payload: try SignInGrantCoding.encode(login),
            expiresAt: clock.now().addingTimeInterval(OIDCRules.stateLifetime))
        return url
    }

    /// The provider sent the browser back: every refusal is an outcome with its reason, never a throw.
    func callback(code: String?, state: String?, error: String?, errorDescription: String?, client: String) async
        -> Outcome
    {
        // The provider's error parameters are form-encoded: '+' is a space.
        let refusal = (errorDescription ?? error).map {
            "\(providerName) did not sign you in (\($0.replacingOccurrences(of: "+", with: " ").prefix(200)))."
        }
        guard let state, !state.isEmpty,
            let payload = try? await store.takeGrant(hash: TokenHash.of(state), purpose: .oidcState, now: clock.now()),
            let login = SignInGrantCoding.decode(OIDCLoginState.self, payload)
        else {
            return .refused(
                refusal ?? "This sign-in was used already or has expired: sign in with \(providerName) again.",
                appRedirect: nil)
        }
        do {
            if let refusal { throw DomainError.unauthorized(reason: refusal) }
            guard let code, !code.isEmpty else {
                throw DomainError.unauthorized(reason: "\(providerName) sent no authorization code.")
            }
            return try await finish(login, code: code, client: client)
        } catch let error as DomainError {
            return .refused(error.message, appRedirect: login.appRedirect)
        } catch {
            logger.warning("OpenID sign-in failed", metadata: ["error": "\(error)"])
            return .refused(
                "\(providerName) cannot be reached right now: \(String(describing: error).prefix(200))",
                appRedirect: login.appRedirect)
        }
    }

    private func finish(_ login: OIDCLoginState, code: String, client: String) async throws -> Outcome {
        let provider = try requireProvider()
        guard let oidc = settings.oidc else { throw DomainError.notFound(what: "OpenID provider") }
        let tokens = try await provider.exchange(code: code, verifier: login.verifier, redirectURI: redirectURI)
        var claims = try await provider.verifiedClaims(tokens.idToken)
        try OIDCRules.validate(
            claims, expected: .init(issuer: oidc.issuer, clientID: oidc.clientID, nonce: login.nonce), now: clock.now())
        if let more = await provider.userinfo(accessToken: tokens.accessToken), more["sub"] == claims["sub"] {
            claims = claims.adding(more)
        }
        let profile = OIDCRules.profile(claims, groupsClaim: oidc.groupsClaim)
        let user: User
        if let known = try await store.identity(issuer: issuer, subject: profile.subject) {
            guard let found = try await accounts.user(id: known.userID) else {
                throw DomainError.unauthorized(reason: "The account this sign-in belonged to is gone.")
            }
            user = found
        } else if let email = profile.email, let existing = try await accounts.user(email: email) {
            guard profile.emailVerified, login.appRedirect == nil else {
                throw DomainError.forbidden(
                    reason: login.appRedirect != nil
                        ? "An account here already uses \(email): link it once in the browser first."
                        : "An account here already uses \(email), and \(providerName) has not verified that address, "
                            + "so the two cannot be linked. Sign in with your password instead.")
            }
            return .link(ticket: try await offerLink(login, profile: profile, to: existing, email: email))
        } else {
            user = try await createAccount(for: profile)
        }
        let signedIn = try await applyRole(user, groups: profile.groups)
        return try await outcome(for: signedIn, login: login, client: client)
    }

    /// Signed in: a session (browser) or a one-time code for the native app's redirect.
    func outcome(for user: User, login: OIDCLoginState, client: String) async throws -> Outcome {
        guard !user.isLocked else {
            throw DomainError.forbidden(reason: "This account is locked. Contact the store to unlock it.")
        }
        if let redirect = login.appRedirect, let challenge = login.appChallenge {
            let code = ids.randomBytes(32).base64URLString
            try await store.putGrant(
                hash: TokenHash.of(code), purpose: .appCode,
                payload: try SignInGrantCoding.encode(AppSignInCode(userID: user.id, challenge: challenge)),
                expiresAt: clock.now().addingTimeInterval(OIDCRules.appCodeLifetime))
            return .app(Self.appending(["code": code], to: redirect))
        }
        return .signedIn(
            try await auth.startExternalSession(for: user, remember: login.remember, client: client),
            returnTo: login.returnTo)
    }

    static func appending(_ items: [String: String], to redirect: String) -> URL {
        var components = URLComponents(string: redirect) ?? URLComponents()
        components.queryItems =
            (components.queryItems ?? [])
            + items.sorted { $0.key < $1.key }.map {
                URLQueryItem(name: $0.key, value: $0.value)
            }
        return components.url ?? URL(fileURLWithPath: "/")
    }
}
