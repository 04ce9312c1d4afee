import Foundation

/// One message in the mail queue: written in the same request that decided to send it, delivered by
/// the mail worker (SMTP or the outbox folder), retried with growing delays until it goes or fails
/// for good. The body parts are final text: the queue never renders anything.
public struct OutgoingMail: Sendable, Equatable {
    public enum Status: String, Sendable, Equatable, CaseIterable {
        /// Waiting for its next attempt.
        case pending
        /// Accepted by the mail server (or written to the outbox).
        case sent
        /// Given up after `MailRetryPolicy.maxAttempts` (or refused for good); `sotube mail retry` resends.
        case failed
    }

    public var id: String
    public var toAddress: String
    public var toName: String?
    public var subject: String
    public var textBody: String
    public var htmlBody: String?
    /// BCP 47 language of the message (`en`, `ru`).
    public var language: String?
    public var status: Status
    public var attempts: Int
    public var nextAttemptAt: Date
    /// The mail server's last answer (or the connection error) when an attempt failed.
    public var lastError: String?
    public var createdAt: Date
    public var sentAt: Date?
    /// A one-click unsubscribe URL (RFC 8058), sent as `List-Unsubscribe` for mail to followers.
    public var listUnsubscribe: String?

    public init(
        id: String, toAddress: String, toName: String? = nil, subject: String, textBody: String,
        htmlBody: String? = nil, language: String? = nil, status: Status = .pending, attempts: Int = 0,
        nextAttemptAt: Date, lastError: String? = nil, createdAt: Date, sentAt: Date? = nil,
        listUnsubscribe: String? = nil
    ) {
        self.listUnsubscribe = listUnsubscribe
        self.id = id
        self.toAddress = toAddress
        self.toName = toName
        self.subject = subject
        self.textBody = textBody
        self.htmlBody = htmlBody
        self.language = language
        self.status = status
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.lastError = lastError
        self.createdAt = createdAt
        self.sentAt = sentAt
    }
}

/// When a failed delivery is tried again: `base`, then doubling, at most an hour apart; after
/// `maxAttempts` the message is marked failed (about a day of retries with the default base).
public struct MailRetryPolicy: Sendable, Equatable {
    public var base: TimeInterval
    public var maxAttempts: Int
    public static let cap: TimeInterval = 3600

    public init(base: TimeInterval = 30, maxAttempts: Int = 30) {
        self.base = max(0.05, base)
        self.maxAttempts = max(1, maxAttempts)
    }

    /// The wait after the `attempts`-th failed attempt (1-based).
    public func delay(afterAttempts attempts: Int) -> TimeInterval {
        let exponent = Double(min(max(attempts - 1, 0), 20))
        return min(Self.cap, base * pow(2, exponent))
    }
}

/// The durable queue the mail worker sends from. Several servers may share it: a message is claimed
/// for a while before it is sent, so only one of them sends it.
public protocol MailQueueStore: Sendable {
    func enqueue(_ mail: OutgoingMail) async throws
    /// Claims up to `limit` pending messages due by `now` for `lease` seconds and returns them.
    func claimDue(now: Date, lease: TimeInterval, limit: Int) async throws -> [OutgoingMail]
    func markSent(id: String, at: Date) async throws
    /// Records a failed attempt: pending again at `retryAt`, or failed for good when `retryAt` is nil.
    func markAttemptFailed(id: String, error: String, retryAt: Date?) async throws
    /// Messages not sent yet (pending and failed), oldest first.
    func unsent(limit: Int) async throws -> [OutgoingMail]
    /// Makes failed or pending messages due now (all when `id` is nil); returns how many.
    func retry(id: String?, now: Date) async throws -> Int
    /// When the next pending message is due, if any.
    func nextDue() async throws -> Date?
}
