import Foundation
import SQLKit
import SoTubeCore

/// Throttle counts in the `throttles` table. A reservation reads and writes its keys in one
/// transaction: SQLite's single writer serialises them; on PostgreSQL each key is first locked with
/// a transaction-scoped advisory lock, so two servers cannot both count from the same number.
public struct SQLThrottleStore: ThrottleStore {
    let backend: any SQLBackend
    package init(backend: any SQLBackend) { self.backend = backend }

    public func reserve(_ keys: [ThrottleKey], now: Date) async throws -> Int? {
        guard !keys.isEmpty else { return nil }
        let dialect = backend.dialect
        return try await backend.transaction { db in
            let ordered = keys.sorted { $0.key < $1.key }
            if dialect == .postgres {
                for key in ordered {
                    _ = try await db.raw("SELECT pg_advisory_xact_lock(hashtext(\(bind: key.key))) AS locked").all()
                }
            }
            let rows = try await db.select().columns("key", "attempts", "window_start", "blocked_until")
                .from("throttles").where("key", .in, ordered.map(\.key)).all()
            var states: [String: ThrottleState] = [:]
            for row in rows {
                states[try row.decode(column: "key", as: String.self)] = ThrottleState(
                    attempts: try row.decode(column: "attempts", as: Int.self),
                    windowStart: Date(epochMillis: try row.decode(column: "window_start", as: Int64.self)),
                    blockedUntil: try row.decode(column: "blocked_until", as: Int64?.self).map(Date.init(epochMillis:)))
            }
            let decisions = ordered.map { $0.rule.reserve(states[$0.key], now: now) }
            if let wait = decisions.compactMap(\.wait).max() { return wait }
            for (key, decision) in zip(ordered, decisions) {
                let state = decision.state
                try await db.raw(
                    """
                    INSERT INTO throttles (key, attempts, window_start, blocked_until, window_seconds)
                    VALUES (\(bind: key.key), \(bind: state.attempts), \(bind: state.windowStart.epochMillis),
                        \(bind: state.blockedUntil?.epochMillis), \(bind: Int(key.rule.window)))
                    ON CONFLICT (key) DO UPDATE SET attempts = excluded.attempts,
                        window_start = excluded.window_start, blocked_until = excluded.blocked_until,
                        window_seconds = excluded.window_seconds
                    """
                ).run()
            }
            return nil
        }
    }

    public func blockedFor(_ keys: [String], now: Date) async throws -> Int? {
        guard !keys.isEmpty else { return nil }
        let ms = now.epochMillis
        return try await backend.read { db in
            let rows = try await db.select().column("blocked_until").from("throttles")
                .where("key", .in, keys).where("blocked_until", .greaterThan, ms).all()
            let until = try rows.compactMap { try $0.decode(column: "blocked_until", as: Int64?.self) }.max()
            return until.map { max(1, Int((Double($0 - ms) / 1000).rounded(.up))) }
        }
    }

    public func clear(_ key: String) async throws {
        try await backend.transaction { db in
            try await db.raw("DELETE FROM throttles WHERE key = \(bind: key)").run()
        }
    }

    /// Deletes states whose window (or last wait) ended more than a window ago: `ThrottleRule.isStale`.
    public func sweep(now: Date) async throws -> Int {
        let ms = now.epochMillis
        return try await backend.transaction { db in
            try await db.raw(
                """
                DELETE FROM throttles
                WHERE COALESCE(blocked_until, window_start) + window_seconds * 1000 <= \(bind: ms)
                RETURNING key
                """
            ).all().count
        }
    }
}
