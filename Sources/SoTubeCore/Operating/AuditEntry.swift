import Foundation

/// One operator action as the audit log keeps it: who, when, what, to what, before and after, why.
/// The log is append-only (the database refuses to change or remove an entry).
public struct AuditEntry: Sendable, Equatable {
    public var id: String
    public var at: Date
    /// The operator's user id; nil for the CLI.
    public var actorID: String?
    /// The operator's username, or `cli:<login name>` for the CLI.
    public var actor: String
    public var action: AuditAction
    /// What was acted on, for people: `user alice`, `track 0193…`, `batch Winter`.
    public var target: String
    /// Compact JSON of what changed, before and after; nil when nothing existed before or after.
    public var before: String?
    public var after: String?
    public var reason: String?

    public init(
        id: String, at: Date, actorID: String?, actor: String, action: AuditAction, target: String,
        before: String? = nil, after: String? = nil, reason: String? = nil
    ) {
        self.id = id
        self.at = at
        self.actorID = actorID
        self.actor = actor
        self.action = action
        self.target = target
        self.before = before
        self.after = after
        self.reason = reason
    }
}

/// What an operator did. Stored as the raw value.
public enum AuditAction: String, Sendable, Equatable, CaseIterable, Codable {
    case coinsGrant = "coins.grant"
    case userLock = "user.lock"
    case userUnlock = "user.unlock"
    case userSessionsEnd = "user.sessions.end"
    case userTwoFactorOff = "user.two-factor.off"
    case userRole = "user.role"
    case trackEdit = "track.edit"
    case albumPrice = "album.price"
    case albumArtwork = "album.artwork"
    case artistEdit = "artist.edit"
    case jobRetry = "job.retry"
    case codesBatch = "codes.batch"
    case userExport = "user.export"
    case userErase = "user.erase"
    case homeCurate = "home.curate"
    case topUpRefund = "top-up.refund"
    case disputeSettle = "dispute.settle"
    case sellerInvite = "seller.invite"
    case sellerLink = "seller.link"
    case commissionSet = "commission.set"
    case payoutRecord = "payout.record"
    case releaseEdit = "release.edit"
    case purchaseRefund = "purchase.refund"
}

/// Who acts: an operator signed in to the console, or the CLI run by someone at the machine.
public struct OperatorActor: Sendable, Equatable {
    public var userID: String?
    public var name: String

    public init(userID: String?, name: String) {
        self.userID = userID
        self.name = name
    }

    /// The CLI, named after the login running it.
    public static func cli(login: String) -> OperatorActor { OperatorActor(userID: nil, name: "cli:\(login)") }
}

/// The audit log's storage. Entries are written in the transaction of the action they record
/// (each store's operator methods take their entry); this reads them back.
public protocol AuditLog: Sendable {
    /// Appends an entry on its own (an action whose change is not in this database's transaction).
    func append(_ entry: AuditEntry) async throws
    /// Newest first: at most `limit`, after the entry `before` (an id) when given; invalid when no
    /// entry has that id.
    func entries(limit: Int, before: String?) async throws -> [AuditEntry]
}
