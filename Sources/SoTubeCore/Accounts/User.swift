import Foundation

public struct User: Sendable, Equatable, Codable {
    public var id: String
    public var username: String
    public var email: String
    public var displayName: String
    public var coins: Int
    public var createdAt: Date

    public init(
        id: String, username: String, email: String, displayName: String, coins: Int, createdAt: Date
    ) {
        self.id = id
        self.username = username
        self.email = email
        self.displayName = displayName
        self.coins = coins
        self.createdAt = createdAt
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

    public init(tokenHash: String, userID: String, createdAt: Date, expiresAt: Date, remember: Bool) {
        self.tokenHash = tokenHash
        self.userID = userID
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.remember = remember
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
