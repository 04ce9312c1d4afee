import Foundation

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
    /// For accounts with two-step sign-in: the 6-digit code from the authenticator app, or one of
    /// the recovery codes. Without it (or with a wrong one) such an account gets 401
    /// ``ProblemType/twoFactorRequired``.
    public var totp: String?
    public init(username: String, password: String, remember: Bool? = nil, totp: String? = nil) {
        self.username = username
        self.password = password
        self.remember = remember
        self.totp = totp
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

/// `GET /api/v1/me`: the caller's account, and where the app should start for them (SPEC A7).
public struct MeResponse: Codable, Sendable, Equatable {
    /// The screen a user starts on.
    public enum Landing: String, Codable, Sendable, CaseIterable {
        /// The store: the user owns no songs yet.
        case store
        /// My Music: the user owns at least one song.
        case library
    }

    public var id: String
    public var username: String
    public var email: String
    public var displayName: String
    public var coins: Int
    /// How many songs the user owns.
    public var ownedCount: Int
    public var avatarUrl: String?
    public var landing: Landing
    /// Whether logging in needs a code from an authenticator app (SPEC A8).
    public var twoFactorEnabled: Bool
    /// `buyer`, or `operator` for an account that runs the store (`/api/v1/admin`, the console).
    public var role: String
    /// The OpenID provider this account signs in with, when it is linked to one.
    public var signInProvider: String?
    /// Whether the account has a password of its own: accounts made by a provider or a trusted proxy
    /// have none, so music players need an app password.
    public var hasPassword: Bool

    public init(
        id: String, username: String, email: String, displayName: String, coins: Int, ownedCount: Int,
        avatarUrl: String? = nil, landing: Landing, twoFactorEnabled: Bool = false, role: String = "buyer",
        signInProvider: String? = nil, hasPassword: Bool = true
    ) {
        self.role = role
        self.signInProvider = signInProvider
        self.hasPassword = hasPassword
        self.twoFactorEnabled = twoFactorEnabled
        self.id = id
        self.username = username
        self.email = email
        self.displayName = displayName
        self.coins = coins
        self.ownedCount = ownedCount
        self.avatarUrl = avatarUrl
        self.landing = landing
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

public struct ChangeDisplayNameRequest: Codable, Sendable {
    /// At most 64 characters; blank sets it back to the username.
    public var displayName: String
    public init(displayName: String) { self.displayName = displayName }
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

/// `POST /api/v1/auth/password-reset` answer (202), the same whether or not an account has the
/// address, so the answer tells nobody which addresses are registered.
public struct PasswordResetAcceptedDTO: Codable, Sendable, Equatable {
    /// A sentence for the user, e.g. "If an account has this address, a reset link is on its way."
    public var status: String
    public init(status: String) { self.status = status }
}

public struct PasswordResetConfirmRequest: Codable, Sendable {
    public var token: String
    public var newPassword: String
    public init(token: String, newPassword: String) {
        self.token = token
        self.newPassword = newPassword
    }
}

/// `GET /healthz`.
public struct HealthResponse: Codable, Sendable, Equatable {
    /// Whether the server can answer requests.
    public enum Status: String, Codable, Sendable, CaseIterable {
        /// Up, and the database answers.
        case ok
        /// Up, but the database does not answer (HTTP 503).
        case unavailable
    }

    public var status: Status
    /// "ok", or what went wrong with the database.
    public var database: String
    public init(status: Status, database: String) {
        self.status = status
        self.database = database
    }
}

/// `GET /readyz`: whether this server should get traffic: the database answers and its schema is the
/// one this build expects (a server waiting for another's migrations, or an older build beside a
/// newer schema, is not ready). Liveness is `/healthz`.
public struct ReadinessResponse: Codable, Sendable, Equatable {
    public var status: HealthResponse.Status
    /// "ok", or what went wrong with the database.
    public var database: String
    /// The schema version the database is at (nil when it does not answer).
    public var schemaVersion: Int?
    /// The schema version this build expects.
    public var expectedSchemaVersion: Int

    public init(status: HealthResponse.Status, database: String, schemaVersion: Int?, expectedSchemaVersion: Int) {
        self.status = status
        self.database = database
        self.schemaVersion = schemaVersion
        self.expectedSchemaVersion = expectedSchemaVersion
    }
}

/// `PUT /api/v1/me/avatar` answer: where the new profile photo is (``MeResponse/avatarUrl`` too).
public struct AvatarDTO: Codable, Sendable, Equatable {
    public var avatarUrl: String?
    public init(avatarUrl: String?) { self.avatarUrl = avatarUrl }
}

/// `GET /oembed?url=…` (oEmbed 1.0, a "rich" answer): how chat apps and blogs embed a SoTube player.
/// Its JSON names are oEmbed's own (snake_case).
public struct OEmbedDTO: Codable, Sendable, Equatable {
    public var version: String
    public var type: String
    public var providerName: String
    public var providerUrl: String
    public var title: String
    public var authorName: String
    public var html: String
    public var width: Int
    public var height: Int
    public var thumbnailUrl: String?
    public var thumbnailWidth: Int?
    public var thumbnailHeight: Int?

    enum CodingKeys: String, CodingKey {
        case version, type, title, html, width, height
        case providerName = "provider_name"
        case providerUrl = "provider_url"
        case authorName = "author_name"
        case thumbnailUrl = "thumbnail_url"
        case thumbnailWidth = "thumbnail_width"
        case thumbnailHeight = "thumbnail_height"
    }

    public init(
        title: String, authorName: String, providerUrl: String, html: String, width: Int, height: Int,
        thumbnailUrl: String?, thumbnailSize: Int?
    ) {
        self.version = "1.0"
        self.type = "rich"
        self.providerName = "SoTube"
        self.providerUrl = providerUrl
        self.title = title
        self.authorName = authorName
        self.html = html
        self.width = width
        self.height = height
        self.thumbnailUrl = thumbnailUrl
        self.thumbnailWidth = thumbnailSize
        self.thumbnailHeight = thumbnailSize
    }
}
