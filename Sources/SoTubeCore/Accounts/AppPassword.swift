import Foundation

/// A per-device secret for players and scripts (SPEC O7): used on `/rest` only, never for the web
/// app. The secret itself is shown once; the store keeps its SHA-256 (for `apiKey` and `p`) and the
/// secret sealed under the server's key (token auth needs the secret itself: `t = md5(secret + s)`).
public struct AppPassword: Sendable, Equatable {
    public var id: String
    public var userID: String
    public var label: String
    /// Lower-case hex SHA-256 of the secret.
    public var secretHash: String
    /// The secret sealed with AES-GCM (nonce, ciphertext, tag), as the server's sealer made it.
    public var sealedSecret: [UInt8]
    public var createdAt: Date
    public var lastUsedAt: Date?

    public init(
        id: String, userID: String, label: String, secretHash: String, sealedSecret: [UInt8], createdAt: Date,
        lastUsedAt: Date?
    ) {
        self.id = id
        self.userID = userID
        self.label = label
        self.secretHash = secretHash
        self.sealedSecret = sealedSecret
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

/// Where app passwords live. Implemented on SQL by `SQLAppPasswordStore`.
public protocol AppPasswordStore: Sendable {
    /// Adds one; throws `DomainError.conflict` when the user already has `AppPasswordRules.maxPerUser`.
    func create(_ password: AppPassword) async throws
    /// The user's app passwords, newest first.
    func list(userID: String) async throws -> [AppPassword]
    /// Revokes one of the user's app passwords; false when the user has none with this id.
    func delete(userID: String, id: String) async throws -> Bool
    /// The app password with this secret hash and its user.
    func find(secretHash: String) async throws -> (password: AppPassword, user: User)?
    /// The user with this name (any case) and their app passwords.
    func find(username: String) async throws -> (user: User, passwords: [AppPassword])?
    /// The same, read from the database even where `find(username:)` answers from memory: a player's
    /// token that matched none of what was remembered may be for an app password made since.
    func findFresh(username: String) async throws -> (user: User, passwords: [AppPassword])?
    /// Records a use.
    func touch(id: String, at: Date) async throws
}

extension AppPasswordStore {
    public func findFresh(username: String) async throws -> (user: User, passwords: [AppPassword])? {
        try await find(username: username)
    }
}

/// The rules for app passwords. Pure.
public enum AppPasswordRules {
    public static let labelLength = 1...64
    public static let maxPerUser = 50
    /// Random bytes in a secret (≥ 128 bits).
    public static let secretBytes = 20
    /// A use is recorded at most this often per app password, so players' many requests do not
    /// each write to the database.
    public static let touchInterval: TimeInterval = 60

    public static func validateLabel(_ label: String, field: String = "label") throws {
        let trimmed = label.trimmingCharacters(in: .whitespacesAndNewlines)
        guard labelLength.contains(trimmed.count) else {
            throw DomainError.invalid(
                field: field, reason: "A label has \(labelLength.lowerBound) to \(labelLength.upperBound) characters.")
        }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw DomainError.invalid(field: field, reason: "A label may not hold control characters.")
        }
    }

    /// The secret shown to the user: lower-case base32 (no padding), easy to type into a phone.
    public static func secret(from bytes: [UInt8]) -> String {
        Base32.encode(bytes).lowercased()
    }

    /// Whether a use at `now` should be recorded, given the last recorded one.
    public static func shouldTouch(lastUsedAt: Date?, now: Date) -> Bool {
        guard let lastUsedAt else { return true }
        return now.timeIntervalSince(lastUsedAt) >= touchInterval
    }
}
