import Foundation

/// An account's identity at an OpenID provider (or a trusted proxy): later sign-ins find the account
/// by (`issuer`, `subject`) alone, never by email.
public struct ExternalIdentity: Sendable, Equatable {
    public var issuer: String
    public var subject: String
    public var userID: String
    /// The address the provider gave at the first sign-in (shown, never matched on).
    public var email: String?
    public var createdAt: Date

    public init(issuer: String, subject: String, userID: String, email: String?, createdAt: Date) {
        self.issuer = issuer
        self.subject = subject
        self.userID = userID
        self.email = email
        self.createdAt = createdAt
    }
}

/// Where external identities and the short-lived single-use sign-in grants live (an OpenID log-in's
/// state, a link ticket, a native app's code). Taking a grant is atomic: of two servers given the
/// same state, one gets it.
public protocol SignInStore: Sendable {
    func identity(issuer: String, subject: String) async throws -> ExternalIdentity?
    func identities(userID: String) async throws -> [ExternalIdentity]
    /// Links an identity to an account; `DomainError.conflict` when the identity is linked already.
    func link(_ identity: ExternalIdentity) async throws
    /// Stores a grant under the hash of its secret.
    func putGrant(hash: String, purpose: SignInGrantPurpose, payload: String, expiresAt: Date) async throws
    /// The grant's payload, marking it used; nil when unknown, used, expired or of another purpose.
    func takeGrant(hash: String, purpose: SignInGrantPurpose, now: Date) async throws -> String?
    /// The grant's payload without using it; nil as for `takeGrant`.
    func peekGrant(hash: String, purpose: SignInGrantPurpose, now: Date) async throws -> String?
}

/// What a sign-in grant is for.
public enum SignInGrantPurpose: String, Sendable, CaseIterable {
    /// An OpenID log-in on its way through the provider (the `state` parameter).
    case oidcState = "oidc-state"
    /// A first sign-in waiting for the local password of the account with the same verified email.
    case linkTicket = "link-ticket"
    /// A native app's one-time code, exchanged with its PKCE verifier for a token.
    case appCode = "app-code"
    /// A one-time sign-in link an operator made with the CLI on the server (`sotube users sign-in-link`):
    /// the way in when password sign-in is off and the provider cannot be reached.
    case signInLink = "sign-in-link"
}
