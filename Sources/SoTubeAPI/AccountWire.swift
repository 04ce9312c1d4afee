import Foundation
import SoTubeCore

/// The public face of a user, as every route shows it.
public struct UserDTO: Codable, Sendable, Equatable {
    public var id: String
    public var username: String
    public var email: String
    public var displayName: String
    public var coins: Int

    public init(id: String, username: String, email: String, displayName: String, coins: Int) {
        self.id = id
        self.username = username
        self.email = email
        self.displayName = displayName
        self.coins = coins
    }

    public init(_ user: User) {
        self.init(
            id: user.id, username: user.username, email: user.email, displayName: user.displayName,
            coins: user.coins)
    }
}

public struct RegisterRequest: Codable, Sendable {
    public var username: String
    public var email: String
    public var password: String
    public init(username: String, email: String, password: String) {
        self.username = username
        self.email = email
        self.password = password
    }
}

public struct LoginRequest: Codable, Sendable {
    public var username: String
    public var password: String
    public var remember: Bool?
    public init(username: String, password: String, remember: Bool? = nil) {
        self.username = username
        self.password = password
        self.remember = remember
    }
}

public struct AuthResponse: Codable, Sendable {
    public var user: UserDTO
    public var token: String
    public init(user: UserDTO, token: String) {
        self.user = user
        self.token = token
    }
}

/// `GET /api/v1/me`. `landing` tells the app where the user starts (SPEC A7): "store" or "library".
public struct MeResponse: Codable, Sendable {
    public var id: String
    public var username: String
    public var email: String
    public var displayName: String
    public var coins: Int
    public var ownedCount: Int
    public var avatarUrl: String?
    public var landing: String

    public init(
        user: User, ownedCount: Int, avatarUrl: String? = nil
    ) {
        self.id = user.id
        self.username = user.username
        self.email = user.email
        self.displayName = user.displayName
        self.coins = user.coins
        self.ownedCount = ownedCount
        self.avatarUrl = avatarUrl
        self.landing = ownedCount > 0 ? "library" : "store"
    }
}

public struct ChangeUsernameRequest: Codable, Sendable {
    public var oldUsername: String
    public var newUsername: String
    public init(oldUsername: String, newUsername: String) {
        self.oldUsername = oldUsername
        self.newUsername = newUsername
    }
}

public struct ChangePasswordRequest: Codable, Sendable {
    public var currentPassword: String
    public var newPassword: String
    public init(currentPassword: String, newPassword: String) {
        self.currentPassword = currentPassword
        self.newPassword = newPassword
    }
}

public struct PasswordResetRequest: Codable, Sendable {
    public var email: String
    public init(email: String) { self.email = email }
}

public struct PasswordResetConfirmRequest: Codable, Sendable {
    public var token: String
    public var newPassword: String
    public init(token: String, newPassword: String) {
        self.token = token
        self.newPassword = newPassword
    }
}

public struct HealthResponse: Codable, Sendable {
    public var status: String
    public var database: String
    public init(status: String, database: String) {
        self.status = status
        self.database = database
    }
}
