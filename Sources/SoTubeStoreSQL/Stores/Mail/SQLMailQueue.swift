import Foundation
import SQLKit
import SoTubeCore

/// The mail queue on any `SQLBackend`. A message is claimed (`claimed_until`) before it is sent, so
/// servers sharing the database never send it twice at once; a server that dies mid-send leaves the
/// claim to run out, and another sends it then.
public struct SQLMailQueue: MailQueueStore {
    let backend: any SQLBackend
    static let columns =
        "id, to_address, to_name, subject, text_body, html_body, language, status, attempts, next_attempt_at, last_error, created_at, sent_at, list_unsubscribe"

    package init(backend: any SQLBackend) { self.backend = backend }

    public func enqueue(_ mail: OutgoingMail) async throws {
        try await backend.transaction { db in
            try await db.raw(
                """
                INSERT INTO mail_queue (\(unsafeRaw: Self.columns))
                VALUES (\(bind: mail.id), \(bind: mail.toAddress), \(bind: mail.toName), \(bind: mail.subject),
                    \(bind: mail.textBody), \(bind: mail.htmlBody), \(bind: mail.language), \(bind: mail.status.rawValue),
                    \(bind: mail.attempts), \(bind: mail.nextAttemptAt.epochMillis), \(bind: mail.lastError),
                    \(bind: mail.createdAt.epochMillis), NULL, \(bind: mail.listUnsubscribe))
                """
            ).run()
        }
    }

    public func claimDue(now: Date, lease: TimeInterval, limit: Int) async throws -> [OutgoingMail] {
        let until = now.addingTimeInterval(lease).epochMillis
        let skipLocked = backend.dialect == .postgres ? " FOR UPDATE SKIP LOCKED" : ""
        return try await backend.transaction { db in
            let ids = try await db.raw(
                """
                SELECT id FROM mail_queue WHERE status = 'pending' AND next_attempt_at <= \(bind: now.epochMillis)
                    AND (claimed_until IS NULL OR claimed_until <= \(bind: now.epochMillis))
                ORDER BY next_attempt_at, id LIMIT \(literal: max(1, limit))\(unsafeRaw: skipLocked)
                """
            ).all().map { try $0.decode(column: "id", as: String.self) }
            var claimed: [OutgoingMail] = []
            for id in ids {
                if let row = try await db.raw(
                    """
                    UPDATE mail_queue SET claimed_until = \(bind: until) WHERE id = \(bind: id)
                    RETURNING \(unsafeRaw: Self.columns)
                    """
                ).first() {
                    claimed.append(try Self.decode(row))
                }
            }
            return claimed
        }
    }

    public func markSent(id: String, at: Date) async throws {
        try await backend.transaction { db in
            try await db.raw(
                """
                UPDATE mail_queue SET status = 'sent', sent_at = \(bind: at.epochMillis), attempts = attempts + 1,
                    claimed_until = NULL, last_error = NULL
                WHERE id = \(bind: id)
                """
            ).run()
        }
    }

    public func markAttemptFailed(id: String, error: String, retryAt: Date?) async throws {
        let status = retryAt == nil ? OutgoingMail.Status.failed : .pending
        try await backend.transaction { db in
            try await db.raw(
                """
                UPDATE mail_queue SET status = \(bind: status.rawValue), attempts = attempts + 1,
                    last_error = \(bind: String(error.prefix(2000))), claimed_until = NULL,
                    next_attempt_at = COALESCE(\(bind: retryAt?.epochMillis), next_attempt_at)
                WHERE id = \(bind: id)
                """
            ).run()
        }
    }

    public func unsent(limit: Int) async throws -> [OutgoingMail] {
        try await backend.read { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: Self.columns) FROM mail_queue WHERE status <> 'sent'
                ORDER BY created_at, id LIMIT \(literal: max(1, min(limit, 10_000)))
                """
            ).all().map(Self.decode)
        }
    }

    public func retry(id: String?, now: Date) async throws -> Int {
        try await backend.transaction { db in
            if let id {
                return try await db.raw(
                    """
                    UPDATE mail_queue SET status = 'pending', next_attempt_at = \(bind: now.epochMillis),
                        claimed_until = NULL
                    WHERE id = \(bind: id) AND status <> 'sent' RETURNING id
                    """
                ).all().count
            }
            return try await db.raw(
                """
                UPDATE mail_queue SET status = 'pending', next_attempt_at = \(bind: now.epochMillis), claimed_until = NULL
                WHERE status <> 'sent' RETURNING id
                """
            ).all().count
        }
    }

    public func nextDue() async throws -> Date? {
        try await backend.read { db in
            try await db.raw(
                "SELECT MIN(next_attempt_at) AS due FROM mail_queue WHERE status = 'pending'"
            ).first()?.decode(column: "due", as: Int64?.self).map(Date.init(epochMillis:))
        }
    }

    static func decode(_ row: any SQLRow) throws -> OutgoingMail {
        OutgoingMail(
            id: try row.decode(column: "id", as: String.self),
            toAddress: try row.decode(column: "to_address", as: String.self),
            toName: try row.decode(column: "to_name", as: String?.self),
            subject: try row.decode(column: "subject", as: String.self),
            textBody: try row.decode(column: "text_body", as: String.self),
            htmlBody: try row.decode(column: "html_body", as: String?.self),
            language: try row.decode(column: "language", as: String?.self),
            status: OutgoingMail.Status(rawValue: try row.decode(column: "status", as: String.self)) ?? .pending,
            attempts: try row.decode(column: "attempts", as: Int.self),
            nextAttemptAt: Date(epochMillis: try row.decode(column: "next_attempt_at", as: Int64.self)),
            lastError: try row.decode(column: "last_error", as: String?.self),
            createdAt: Date(epochMillis: try row.decode(column: "created_at", as: Int64.self)),
            sentAt: try row.decode(column: "sent_at", as: Int64?.self).map(Date.init(epochMillis:)),
            listUnsubscribe: try row.decode(column: "list_unsubscribe", as: String?.self))
    }
}
