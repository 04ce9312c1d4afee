import Foundation

/// What an account may do: every account buys; an operator also runs the store (`/api/v1/admin`);
/// an artist or a label also sells the catalog artists linked to it (`/api/v1/artist`).
public enum UserRole: String, Sendable, Equatable, Codable, CaseIterable {
    case buyer
    case `operator`
    case artist
    case label

    /// Sells music: the artist area is theirs.
    public var sells: Bool { self == .artist || self == .label }
}

public struct User: Sendable, Equatable, Codable {
    public var id: String
    public var username: String
    public var email: String
    public var displayName: String
    public var coins: Int
    public var createdAt: Date
    public var role: UserRole
    /// When an operator locked the account: no sign-in, no session, no player, until unlocked.
    public var lockedAt: Date?

    public var isLocked: Bool { lockedAt != nil }
    /// When a payment of this account was disputed at the card provider: no buying until settled.
    public var frozenAt: Date?
    /// The language mail is written in (`en`, `ru`): the one the app used at sign-up or last log-in.
    public var language: String?

    public init(
        id: String, username: String, email: String, displayName: String, coins: Int, createdAt: Date,
        role: UserRole = .buyer, lockedAt: Date? = nil, frozenAt: Date? = nil, language: String? = nil
    ) {
        self.frozenAt = frozenAt
        self.language = language
        self.id = id
        self.username = username
        self.email = email
        self.displayName = displayName
        self.coins = coins
        self.createdAt = createdAt
        self.role = role
        self.lockedAt = lockedAt
    }
}

/// A stored user with the secret parts the public `User` leaves out.
public struct UserCredentials: Sendable, Equatable {
    public var user: User
    public var passwordHash: String

    public init(user: User, passwordHash: String) {
        self.user = user
        self.passwordHash = passwordHash
    }
}

/// A login session. Only the hash of its token is ever stored.
public struct Session: Sendable, Equatable {
    public var tokenHash: String
    public var userID: String
    public var createdAt: Date
    public var expiresAt: Date
    public var remember: Bool
    /// When the password was last confirmed in this session (`POST /api/v1/admin/reauth`); nil: only
    /// at sign-in (`createdAt`).
    public var confirmedAt: Date?

    /// When this session last proved its password: the later of sign-in and confirmation.
    public var passwordProvedAt: Date { max(createdAt, confirmedAt ?? createdAt) }

    public init(
        tokenHash: String, userID: String, createdAt: Date, expiresAt: Date, remember: Bool,
        confirmedAt: Date? = nil
    ) {
        self.tokenHash = tokenHash
        self.userID = userID
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.remember = remember
        self.confirmedAt = confirmedAt
    }
}

/// A password-reset ticket: single use, expiring.
public struct PasswordReset: Sendable, Equatable {
    public var tokenHash: String
    public var userID: String
    public var expiresAt: Date
    public var usedAt: Date?

    public init(tokenHash: String, userID: String, expiresAt: Date, usedAt: Date? = nil) {
        self.tokenHash = tokenHash
        self.userID = userID
        self.expiresAt = expiresAt
        self.usedAt = usedAt
    }
}
