import Foundation

/// An OpenID log-in on its way through the provider, kept under the hash of its `state`.
public struct OIDCLoginState: Codable, Sendable, Equatable {
    public var nonce: String
    /// PKCE's verifier for the provider's token endpoint.
    public var verifier: String
    /// Where the browser goes once signed in (a path on this site).
    public var returnTo: String
    public var remember: Bool
    /// A native app's redirect (`sotube://…`) and its own PKCE challenge, for `POST …/exchange`.
    public var appRedirect: String?
    public var appChallenge: String?

    public init(
        nonce: String, verifier: String, returnTo: String, remember: Bool, appRedirect: String? = nil,
        appChallenge: String? = nil
    ) {
        self.nonce = nonce
        self.verifier = verifier
        self.returnTo = returnTo
        self.remember = remember
        self.appRedirect = appRedirect
        self.appChallenge = appChallenge
    }
}

/// A first sign-in whose verified email belongs to an account here: the account's password links them.
public struct OIDCLinkTicket: Codable, Sendable, Equatable {
    public var issuer: String
    public var subject: String
    public var userID: String
    public var email: String
    public var groups: [String]
    public var returnTo: String
    public var remember: Bool

    public init(
        issuer: String, subject: String, userID: String, email: String, groups: [String], returnTo: String,
        remember: Bool
    ) {
        self.issuer = issuer
        self.subject = subject
        self.userID = userID
        self.email = email
        self.groups = groups
        self.returnTo = returnTo
        self.remember = remember
    }
}

/// A native app's one-time code: the account it signs in and the app's PKCE challenge.
public struct AppSignInCode: Codable, Sendable, Equatable {
    public var userID: String
    public var challenge: String
    public init(userID: String, challenge: String) {
        self.userID = userID
        self.challenge = challenge
    }
}

/// Grants travel through the store as JSON text.
public enum SignInGrantCoding {
    public static func encode(_ value: some Encodable) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    public static func decode<T: Decodable>(_ type: T.Type, _ text: String) -> T? {
        try? JSONDecoder().decode(type, from: Data(text.utf8))
    }
}
