import Foundation

// Wire types of the operator's console (`/api/v1/admin/…`, docs/console.md): gift-code batches, the audit log and the password confirmation.
// Money is integers: amounts in minor units, coins as whole coins.

/// `POST /api/v1/admin/gift-code-batches`.
public struct CodeBatchRequest: Codable, Sendable {
    /// Coins per code, 1–1000000.
    public var coins: Int
    /// How many codes, 1–10000.
    public var count: Int
    public var expiresAt: Date?
    public var label: String?
    public init(coins: Int, count: Int, expiresAt: Date? = nil, label: String? = nil) {
        self.coins = coins
        self.count = count
        self.expiresAt = expiresAt
        self.label = label
    }
}

public struct CodeBatchDTO: Codable, Sendable, Equatable {
    public var id: String
    public var label: String
    public var coins: Int
    public var count: Int
    public var redeemed: Int
    public var expiresAt: Date?
    public var createdBy: String
    public var createdAt: Date
    /// The codes as people type them: only in the answer that made the batch (then from the CSV).
    public var codes: [String]?
    public init(
        id: String, label: String, coins: Int, count: Int, redeemed: Int, expiresAt: Date?, createdBy: String,
        createdAt: Date, codes: [String]? = nil
    ) {
        self.id = id
        self.label = label
        self.coins = coins
        self.count = count
        self.redeemed = redeemed
        self.expiresAt = expiresAt
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.codes = codes
    }
}

public struct CodeBatchListDTO: Codable, Sendable, Equatable {
    public var batches: [CodeBatchDTO]
    public init(batches: [CodeBatchDTO]) { self.batches = batches }
}

public struct AuditEntryDTO: Codable, Sendable, Equatable {
    public var id: String
    public var at: Date
    public var actor: String
    public var action: String
    public var target: String
    /// Compact JSON of the state before, when there was one.
    public var before: String?
    public var after: String?
    public var reason: String?
    public init(
        id: String, at: Date, actor: String, action: String, target: String, before: String?, after: String?,
        reason: String?
    ) {
        self.id = id
        self.at = at
        self.actor = actor
        self.action = action
        self.target = target
        self.before = before
        self.after = after
        self.reason = reason
    }
}

/// `GET /api/v1/admin/audit`.
public struct AuditListDTO: Codable, Sendable, Equatable {
    public var entries: [AuditEntryDTO]
    public init(entries: [AuditEntryDTO]) { self.entries = entries }
}

/// `POST /api/v1/admin/reauth`.
public struct ReauthRequest: Codable, Sendable {
    public var password: String
    public init(password: String) { self.password = password }
}
