import Foundation
import SQLKit
import SoTubeCore

/// What operators do to accounts: find them, lock, unlock, set roles, end sessions. Each change
/// writes its audit entry (whose before and after this fills in) in the same transaction.
extension SQLAccountStore {
    /// Users whose name or email starts with `text` (case folded), or whose id is `text`; the newest
    /// accounts when `text` is empty.
    public func findUsers(matching text: String, limit: Int) async throws -> [User] {
        let key = AccountRules.canonical(text)
        let pattern = Self.likePrefix(key)
        return try await backend.read { db in
            let query: SQLQueryString =
                key.isEmpty
                ? "SELECT \(unsafeRaw: Self.userColumns) FROM users ORDER BY created_at DESC, id LIMIT \(bind: limit)"
                : """
                SELECT \(unsafeRaw: Self.userColumns) FROM users
                WHERE username_key LIKE \(bind: pattern) ESCAPE '\\' OR email_key LIKE \(bind: pattern) ESCAPE '\\'
                    OR id = \(bind: text)
                ORDER BY username_key LIMIT \(bind: limit)
                """
            return try await db.raw(query).all().map { try Self.decodeCredentials($0).user }
        }
    }

    /// `text%` for LIKE, with `%`, `_` and `\` in `text` matching only themselves.
    static func likePrefix(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped + "%"
    }

    /// Locks (every session ends at once) or unlocks the account. Throws notFound.
    public func setLocked(userID: String, at lockedAt: Date?, audit: AuditEntry) async throws -> User {
        if lockedAt == nil, try await isErased(userID) {
            throw DomainError.conflict(field: nil, reason: "An erased account stays locked.")
        }
        return try await changeUser(
            userID: userID, audit: audit, state: { ["locked": $0.isLocked] },
            change: { db in
                try await db.raw(
                    "UPDATE users SET locked_at = \(bind: lockedAt?.epochMillis) WHERE id = \(bind: userID)"
                ).run()
                if lockedAt != nil {
                    try await db.raw("DELETE FROM sessions WHERE user_id = \(bind: userID)").run()
                }
            })
    }

    /// Sets the account's role. Throws notFound.
    public func setRole(userID: String, role: UserRole, audit: AuditEntry) async throws -> User {
        if try await isErased(userID) {
            throw DomainError.conflict(field: "role", reason: "An erased account has no role to change.")
        }
        return try await changeUser(
            userID: userID, audit: audit, state: { ["role": $0.role.rawValue] },
            change: { db in
                try await db.raw("UPDATE users SET role = \(bind: role.rawValue) WHERE id = \(bind: userID)").run()
            })
    }

    /// Ends every session of the user; returns how many there were. Throws notFound.
    public func endSessions(userID: String, now: Date, audit: AuditEntry) async throws -> Int {
        try await backend.transaction { db in
            guard try await Self.user(userID, db) != nil else { throw DomainError.notFound(what: "The user") }
            // Every session goes; the live ones are the count.
            let ended = try await db.raw("DELETE FROM sessions WHERE user_id = \(bind: userID) RETURNING expires_at")
                .all().filter { try $0.decode(column: "expires_at", as: Int64.self) > now.epochMillis }.count
            var entry = audit
            entry.before = Self.json(["sessions": ended])
            entry.after = Self.json(["sessions": 0])
            try await SQLAuditLog.insert(entry, into: db)
            return ended
        }
    }

    /// Whether the account was erased (`erase`).
    public func isErased(_ userID: String) async throws -> Bool {
        try await backend.read { db in
            try await db.raw("SELECT erased_at FROM users WHERE id = \(bind: userID)").first()?
                .decode(column: "erased_at", as: Int64?.self) != nil
        }
    }

    /// Records that the session's holder typed the password again at `at`.
    public func confirmPassword(sessionTokenHash: String, at: Date) async throws {
        try await backend.transaction { db in
            try await db.raw(
                "UPDATE sessions SET confirmed_at = \(bind: at.epochMillis) WHERE token_hash = \(bind: sessionTokenHash)"
            ).run()
        }
    }

    /// How many live sessions the user has.
    public func sessionCount(userID: String, now: Date) async throws -> Int {
        try await backend.read { db in
            try await db.raw(
                "SELECT COUNT(*) AS n FROM sessions WHERE user_id = \(bind: userID) AND expires_at > \(bind: now.epochMillis)"
            ).first()?.decode(column: "n", as: Int.self) ?? 0
        }
    }

    /// Runs `change` on an existing user and writes `audit` with the user's `state` before and after.
    private func changeUser(
        userID: String, audit: AuditEntry, state: @escaping @Sendable (User) -> [String: Any],
        change: @escaping @Sendable (any SQLDatabase) async throws -> Void
    ) async throws -> User {
        try await backend.transaction { db in
            guard let before = try await Self.user(userID, db) else { throw DomainError.notFound(what: "The user") }
            try await change(db)
            guard let after = try await Self.user(userID, db) else { throw DomainError.notFound(what: "The user") }
            var entry = audit
            entry.before = Self.json(state(before))
            entry.after = Self.json(state(after))
            try await SQLAuditLog.insert(entry, into: db)
            return after
        }
    }

    static func user(_ id: String, _ db: any SQLDatabase) async throws -> User? {
        try await db.raw("SELECT \(unsafeRaw: userColumns) FROM users WHERE id = \(bind: id)").first()
            .map { try decodeCredentials($0).user }
    }

    /// Compact JSON with sorted keys, for the audit log.
    static func json(_ object: [String: Any]) -> String {
        AuditJSON.encode(object)
    }
}
