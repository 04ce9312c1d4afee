import Foundation
import SQLKit
import SoTubeCore

/// The audit log (`Migration017Operators`): append-only, which the database enforces.
public struct SQLAuditLog: AuditLog {
    let backend: any SQLBackend

    package init(backend: any SQLBackend) { self.backend = backend }

    public func append(_ entry: AuditEntry) async throws {
        try await backend.transaction { db in try await Self.insert(entry, into: db) }
    }

    /// Writes `entry` in the caller's transaction, beside the change it records.
    static func insert(_ entry: AuditEntry, into db: any SQLDatabase) async throws {
        try await db.raw(
            """
            INSERT INTO audit_log (id, created_at, actor_id, actor, action, target, before_state, after_state, reason)
            VALUES (\(bind: entry.id), \(bind: entry.at.epochMillis), \(bind: entry.actorID), \(bind: entry.actor),
                \(bind: entry.action.rawValue), \(bind: entry.target), \(bind: entry.before), \(bind: entry.after),
                \(bind: entry.reason))
            """
        ).run()
    }

    public func entries(limit: Int, before: String?) async throws -> [AuditEntry] {
        try await backend.read { db in
            // After an entry: older by time, then by id among entries of the same millisecond.
            var after: SQLQueryString = ""
            if let before {
                guard
                    let cursor = try await db.raw("SELECT created_at FROM audit_log WHERE id = \(bind: before)")
                        .first()?
                        .decode(column: "created_at", as: Int64.self)
                else { throw DomainError.invalid(field: "before", reason: "before names no audit entry.") }
                after = "WHERE created_at < \(bind: cursor) OR (created_at = \(bind: cursor) AND id < \(bind: before))"
            }
            return try await db.raw(
                """
                SELECT id, created_at, actor_id, actor, action, target, before_state, after_state, reason
                FROM audit_log \(after) ORDER BY created_at DESC, id DESC LIMIT \(bind: limit)
                """
            ).all().compactMap { row in
                // An action this build does not know (a newer one's) is left out rather than misnamed.
                guard let action = AuditAction(rawValue: try row.decode(column: "action", as: String.self)) else {
                    return nil
                }
                return AuditEntry(
                    id: try row.decode(column: "id", as: String.self),
                    at: Date(epochMillis: try row.decode(column: "created_at", as: Int64.self)),
                    actorID: try row.decode(column: "actor_id", as: String?.self),
                    actor: try row.decode(column: "actor", as: String.self), action: action,
                    target: try row.decode(column: "target", as: String.self),
                    before: try row.decode(column: "before_state", as: String?.self),
                    after: try row.decode(column: "after_state", as: String?.self),
                    reason: try row.decode(column: "reason", as: String?.self))
            }
        }
    }
}
