import Foundation
import SQLKit
import SoTubeCore

/// A customer's data: everything stored about them, as rows (an export), and erasing the personal
/// part of an account while the money stays exact: the account row keeps its opaque id with every
/// personal field replaced, purchases, owned songs, top-ups and ledger entries stay under that id,
/// and the rest (sessions, history, favourites, plays, app passwords, two-step sign-in) goes.
extension SQLAccountStore {
    /// The tables holding a user's rows and the column naming the user.
    static let userTables: [(table: String, column: String)] = [
        ("users", "id"), ("sessions", "user_id"), ("password_resets", "user_id"), ("sign_ins", "user_id"),
        ("two_factor", "user_id"), ("app_passwords", "user_id"), ("ledger_entries", "user_id"),
        ("purchases", "user_id"), ("owned_tracks", "user_id"), ("top_ups", "user_id"), ("gift_codes", "redeemed_by"),
        ("search_history", "user_id"), ("favourite_tracks", "user_id"), ("favourite_playlists", "user_id"),
        ("recently_played", "user_id"), ("play_counts", "user_id"), ("user_identities", "user_id"),
        ("own_playlists", "user_id"), ("own_playlist_tracks", "user_id"),
    ]

    /// Tables whose rows go when an account is erased (the money's rows stay).
    static let erasedTables = [
        "sessions", "password_resets", "sign_ins", "two_factor_recovery_codes", "two_factor", "app_passwords",
        "search_history", "favourite_tracks", "favourite_playlists", "recently_played", "play_counts",
        "user_identities", "own_playlist_tracks", "own_playlists",
    ]

    /// Every row about the user, table by table, without secrets (columns naming a hash or a secret).
    /// nil for an unknown user.
    public func exportUser(id: String) async throws -> [String: [[String: ExportValue]]]? {
        try await backend.read { db in
            guard try await Self.user(id, db) != nil else { return nil }
            var tables: [String: [[String: ExportValue]]] = [:]
            for (table, column) in Self.userTables {
                let rows = try await db.raw("SELECT * FROM \(ident: table) WHERE \(ident: column) = \(bind: id)").all()
                tables[table] = try rows.map { row in
                    var object: [String: ExportValue] = [:]
                    for name in row.allColumns where !name.contains("hash") && !name.contains("secret") {
                        object[name] = try ExportValue(row, name)
                    }
                    return object
                }
            }
            return tables
        }
    }

    /// Erases the account's personal data (see the type's note); the user can never sign in again.
    /// Throws notFound.
    public func erase(userID: String, now: Date, audit: AuditEntry) async throws {
        try await backend.transaction { db in
            guard
                let row = try await db.raw(
                    "SELECT username_key, email_key, erased_at FROM users WHERE id = \(bind: userID)"
                ).first()
            else { throw DomainError.notFound(what: "The user") }
            guard try row.decode(column: "erased_at", as: Int64?.self) == nil else {
                throw DomainError.conflict(field: nil, reason: "This account was erased already.")
            }
            // Attempt counters named after the account (`login:NAME|address`, `reset-account:EMAIL`).
            for key in [
                try row.decode(column: "username_key", as: String.self),
                try row.decode(column: "email_key", as: String.self),
            ] {
                let pattern = String(Self.likePrefix(key).dropLast())
                try await db.raw(
                    """
                    DELETE FROM throttles WHERE key LIKE \(bind: "%:" + pattern + "|%") ESCAPE '\\'
                        OR key LIKE \(bind: "%:" + pattern) ESCAPE '\\'
                    """
                ).run()
            }
            let name = "deleted-\(userID)"
            try await db.raw(
                """
                UPDATE users SET username = \(bind: name), username_key = \(bind: name),
                    email = \(bind: name + "@deleted.invalid"), email_key = \(bind: name + "@deleted.invalid"),
                    display_name = 'Deleted account', password_hash = '!', role = 'buyer',
                    locked_at = \(bind: now.epochMillis), erased_at = \(bind: now.epochMillis)
                WHERE id = \(bind: userID)
                """
            ).run()
            for table in Self.erasedTables {
                try await db.raw("DELETE FROM \(ident: table) WHERE user_id = \(bind: userID)").run()
            }
            var entry = audit
            entry.before = AuditJSON.encode(["erased": false])
            entry.after = AuditJSON.encode(["erased": true])
            try await SQLAuditLog.insert(entry, into: db)
        }
    }
}

/// One exported value: a number, a text or nothing.
public enum ExportValue: Sendable, Equatable, Encodable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case null

    init(_ row: any SQLRow, _ column: String) throws {
        if try row.decodeNil(column: column) {
            self = .null
        } else if let value = try? row.decode(column: column, as: Int64.self) {
            self = .integer(value)
        } else if let value = try? row.decode(column: column, as: String.self) {
            self = .text(value)
        } else if let value = try? row.decode(column: column, as: Double.self) {
            self = .real(value)
        } else {
            self = .null
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .integer(let value): try container.encode(value)
        case .real(let value): try container.encode(value)
        case .text(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }
}
