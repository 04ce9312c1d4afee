import Foundation

/// `GET /api/v1/auth/methods`: how this store signs people in.
public struct SignInMethods: Codable, Sendable, Equatable {
    /// Username and password (and sign-up, and password reset); false when the operator turned it off.
    public var localLogin: Bool
    /// The store's OpenID provider, when it has one.
    public var oidc: OIDCMethod?
    /// A trusted reverse proxy signs people in with a header (Authelia, Authentik forward auth).
    public var headerSignIn: Bool

    public init(localLogin: Bool, oidc: OIDCMethod?, headerSignIn: Bool) {
        self.localLogin = localLogin
        self.oidc = oidc
        self.headerSignIn = headerSignIn
    }
}

public struct OIDCMethod: Codable, Sendable, Equatable {
    /// The button's label: "Sign in with {name}".
    public var name: String
    /// Where the browser goes to begin (add `returnTo`, `remember`).
    public var startURL: String

    public init(name: String, startURL: String) {
        self.name = name
        self.startURL = startURL
    }
}

/// `GET /api/v1/auth/oidc/links/{ticket}`: the account a first provider sign-in would be linked to.
public struct OIDCLinkOffer: Codable, Sendable, Equatable {
    public var username: String
    public var email: String
    public var provider: String
    public var returnTo: String

    public init(username: String, email: String, provider: String, returnTo: String) {
        self.username = username
        self.email = email
        self.provider = provider
        self.returnTo = returnTo
    }
}

public struct OIDCLinkRequest: Codable, Sendable {
    public var password: String
    /// The account's two-step sign-in code, when it has that on (asked for by a 401
    /// `urn:sotube:problem:two-factor-required`).
    public var totp: String?
    public init(password: String, totp: String? = nil) {
        self.password = password
        self.totp = totp
    }
}

/// A native app's one-time code (from its redirect) and the PKCE verifier whose challenge it sent.
public struct OIDCExchangeRequest: Codable, Sendable {
    public var code: String
    public var verifier: String
    public init(code: String, verifier: String) {
        self.code = code
        self.verifier = verifier
    }
}
