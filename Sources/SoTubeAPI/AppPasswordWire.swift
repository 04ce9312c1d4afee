import Foundation

/// One of the caller's app passwords, as `GET /api/v1/me/app-passwords` lists it (an array of
/// these). The secret is never shown again after it was made.
public struct AppPasswordDTO: Codable, Sendable, Equatable {
    public var id: String
    /// What the user called it ("Phone", "Feishin at work").
    public var label: String
    public var createdAt: Date
    /// The last time a player used it on `/rest`; nil when never.
    public var lastUsedAt: Date?

    public init(id: String, label: String, createdAt: Date, lastUsedAt: Date?) {
        self.id = id
        self.label = label
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

/// `POST /api/v1/me/app-passwords`: a label and the account password (an app password reaches
/// the whole library, so a stolen session alone cannot make one).
public struct CreateAppPasswordRequest: Codable, Sendable {
    public var label: String
    public var password: String
    public init(label: String, password: String) {
        self.label = label
        self.password = password
    }
}

/// The answer to `POST /api/v1/me/app-passwords` (201): the only time the secret is shown, with
/// what a person types into a Subsonic player.
public struct CreatedAppPasswordDTO: Codable, Sendable, Equatable {
    public var id: String
    public var label: String
    /// The app password itself; a player sends it as `apiKey`, `p`, or through `t`+`s`.
    public var secret: String
    public var createdAt: Date
    /// The account name to type into a player.
    public var username: String
    /// The server address to type into a player.
    public var serverUrl: String

    public init(id: String, label: String, secret: String, createdAt: Date, username: String, serverUrl: String) {
        self.id = id
        self.label = label
        self.secret = secret
        self.createdAt = createdAt
        self.username = username
        self.serverUrl = serverUrl
    }
}
