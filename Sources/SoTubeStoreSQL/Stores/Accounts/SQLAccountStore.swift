import Foundation
import SQLKit
import SoTubeCore

/// Accounts, sessions and password resets on any `SQLBackend`.
public struct SQLAccountStore: AccountStore {
    let backend: any SQLBackend

    package init(backend: any SQLBackend) { self.backend = backend }

    static let userColumns =
        "id, username, email, display_name, coins, created_at, password_hash, role, locked_at, frozen_at, language"

    public func createUser(_ user: User, passwordHash: String) async throws {
        let dialect = backend.dialect
        do {
            try await backend.transaction { db in
                try await db.raw(
                    """
                    INSERT INTO users (id, username, username_key, email, email_key, display_name,
                        password_hash, coins, created_at)
                    VALUES (\(bind: user.id), \(bind: user.username),
                        \(bind: AccountRules.canonical(user.username)), \(bind: user.email),
                        \(bind: AccountRules.canonical(user.email)), \(bind: user.displayName),
                        \(bind: passwordHash), 0, \(bind: user.createdAt.epochMillis))
                    """
                ).run()
            }
        } catch {
            guard let violation = dialect.uniqueViolation(error) else { throw error }
            if violation.contains("email") {
                throw DomainError.conflict(field: "email", reason: "An account with this email exists.")
            }
            throw DomainError.conflict(field: "username", reason: "This username is taken.")
        }
    }

    public func user(id: String) async throws -> User? {
        try await credentials(id: id)?.user
    }

    public func credentials(username: String) async throws -> UserCredentials? {
        let key = AccountRules.canonical(username)
        return try await backend.read { db in
            try await db.raw(
                "SELECT \(unsafeRaw: Self.userColumns) FROM users WHERE username_key = \(bind: key)"
            ).first().map(Self.decodeCredentials)
        }
    }

    public func credentials(id: String) async throws -> UserCredentials? {
        try await backend.read { db in
            try await db.raw("SELECT \(unsafeRaw: Self.userColumns) FROM users WHERE id = \(bind: id)")
                .first().map(Self.decodeCredentials)
        }
    }

    public func user(email: String) async throws -> User? {
        let key = AccountRules.canonical(email)
        return try await backend.read { db in
            try await db.raw("SELECT \(unsafeRaw: Self.userColumns) FROM users WHERE email_key = \(bind: key)")
                .first().map(Self.decodeCredentials)?.user
        }
    }

    public func listUsers() async throws -> [User] {
        try await backend.read { db in
            try await db.raw("SELECT \(unsafeRaw: Self.userColumns) FROM users ORDER BY username_key")
                .all().map { try Self.decodeCredentials($0).user }
        }
    }

    public func setLanguage(userID: String, language: String) async throws {
        try await backend.transaction { db in
            try await db.raw(
                "UPDATE users SET language = \(bind: language) WHERE id = \(bind: userID) AND (language IS NULL OR language <> \(bind: language))"
            ).run()
        }
    }

    public func renameUser(id: String, to newUsername: String) async throws {
        let dialect = backend.dialect
        do {
            try await backend.transaction { db in
                try await db.raw(
                    """
                    UPDATE users SET username = \(bind: newUsername),
                        username_key = \(bind: AccountRules.canonical(newUsername))
                    WHERE id = \(bind: id)
                    """
                ).run()
            }
        } catch {
            guard dialect.uniqueViolation(error) != nil else { throw error }
            throw DomainError.conflict(field: "newUsername", reason: "This username is taken.")
        }
    }

    public func setDisplayName(userID: String, to name: String) async throws {
        try await backend.transaction { db in
            try await db.raw("UPDATE users SET display_name = \(bind: name) WHERE id = \(bind: userID)").run()
        }
    }

    public func setPassword(userID: String, passwordHash: String, keepSession: String?) async throws {
        try await backend.transaction { db in
            try await db.raw("UPDATE users SET password_hash = \(bind: passwordHash) WHERE id = \(bind: userID)")
                .run()
            try await db.raw(
                """
                DELETE FROM sessions WHERE user_id = \(bind: userID)
                AND token_hash <> \(bind: keepSession ?? "")
                """
            ).run()
            try await db.raw("DELETE FROM password_resets WHERE user_id = \(bind: userID)").run()
            try await db.raw("DELETE FROM app_passwords WHERE user_id = \(bind: userID)").run()
        }
    }

    public func endSessions(userID: String) async throws {
        try await backend.transaction { db in
            try await db.raw("DELETE FROM sessions WHERE user_id = \(bind: userID)").run()
        }
    }

    public func recordSignIn(userID: String, address: String, at: Date) async throws {
        try await backend.transaction { db in
            try await db.raw(
                """
                INSERT INTO sign_ins (user_id, address, signed_in_at)
                VALUES (\(bind: userID), \(bind: address), \(bind: at.epochMillis))
                ON CONFLICT (user_id) DO UPDATE SET address = excluded.address,
                    signed_in_at = excluded.signed_in_at
                """
            ).run()
        }
    }

    public func lastSignInAddress(userID: String) async throws -> String? {
        try await backend.read { db in
            try await db.raw("SELECT address FROM sign_ins WHERE user_id = \(bind: userID)").first()
                .map { try $0.decode(column: "address", as: String.self) }
        }
    }

    public func createSession(_ session: Session) async throws {
        try await backend.transaction { db in
            try await db.raw(
                """
                INSERT INTO sessions (token_hash, user_id, created_at, expires_at, remember)
                VALUES (\(bind: session.tokenHash), \(bind: session.userID),
                    \(bind: session.createdAt.epochMillis), \(bind: session.expiresAt.epochMillis),
                    \(bind: session.remember ? 1 : 0))
                """
            ).run()
        }
    }

    public func session(tokenHash: String, now: Date) async throws -> Session? {
        try await backend.read { db in
            guard
                let row = try await db.raw(
                    """
                    SELECT token_hash, user_id, created_at, expires_at, remember, confirmed_at FROM sessions
                    WHERE token_hash = \(bind: tokenHash) AND expires_at > \(bind: now.epochMillis)
                    """
                ).first()
            else { return nil }
            return Session(
                tokenHash: try row.decode(column: "token_hash", as: String.self),
                userID: try row.decode(column: "user_id", as: String.self),
                createdAt: Date(epochMillis: try row.decode(column: "created_at", as: Int64.self)),
                expiresAt: Date(epochMillis: try row.decode(column: "expires_at", as: Int64.self)),
                remember: try row.decode(column: "remember", as: Int.self) != 0,
                confirmedAt: try row.decode(column: "confirmed_at", as: Int64?.self).map(Date.init(epochMillis:)))
        }
    }

    /// Every signed-in request asks this. On PostgreSQL it is a prepared statement, parsed and planned
    /// once per connection (`SessionLookupStatement`).
    public func sessionWithUser(tokenHash: String, now: Date) async throws -> (session: Session, user: User)? {
        if let postgres = backend as? PostgresBackend {
            let lookup = SessionLookupStatement(tokenHash: tokenHash, now: now.epochMillis)
            return try await postgres.withConnection { connection, logger in
                try await connection.execute(lookup, logger: logger).first(where: { _ in true })
            }
        }
        return try await backend.read { db in
            guard
                let row = try await db.raw(
                    """
                    SELECT \(unsafeRaw: SessionLookupStatement.columns) FROM sessions s JOIN users u ON u.id = s.user_id
                    WHERE s.token_hash = \(bind: tokenHash) AND s.expires_at > \(bind: now.epochMillis)
                        AND u.locked_at IS NULL
                    """
                ).first()
            else { return nil }
            return try Self.sessionAndUser(row)
        }
    }

    static func sessionAndUser(_ row: any SQLRow) throws -> (session: Session, user: User) {
        let user = try Self.decodeCredentials(row).user
        let session = Session(
            tokenHash: try row.decode(column: "token_hash", as: String.self), userID: user.id,
            createdAt: Date(epochMillis: try row.decode(column: "session_created_at", as: Int64.self)),
            expiresAt: Date(epochMillis: try row.decode(column: "expires_at", as: Int64.self)),
            remember: try row.decode(column: "remember", as: Int.self) != 0,
            confirmedAt: try row.decode(column: "confirmed_at", as: Int64?.self).map(Date.init(epochMillis:)))
        return (session, user)
    }

    public func deleteSession(tokenHash: String) async throws {
        try await backend.transaction { db in
            try await db.raw("DELETE FROM sessions WHERE token_hash = \(bind: tokenHash)").run()
        }
    }

    public func createPasswordReset(_ reset: PasswordReset) async throws {
        try await backend.transaction { db in
            try await db.raw(
                """
                INSERT INTO password_resets (token_hash, user_id, expires_at, used_at)
                VALUES (\(bind: reset.tokenHash), \(bind: reset.userID),
                    \(bind: reset.expiresAt.epochMillis), NULL)
                """
            ).run()
        }
    }

    public func consumePasswordReset(tokenHash: String, now: Date) async throws -> PasswordReset? {
        try await backend.transaction { db in
            guard
                let row = try await db.raw(
                    """
                    UPDATE password_resets SET used_at = \(bind: now.epochMillis)
                    WHERE token_hash = \(bind: tokenHash) AND used_at IS NULL
                    AND expires_at > \(bind: now.epochMillis)
                    RETURNING token_hash, user_id, expires_at
                    """
                ).first()
            else { return nil }
            return PasswordReset(
                tokenHash: try row.decode(column: "token_hash", as: String.self),
                userID: try row.decode(column: "user_id", as: String.self),
                expiresAt: Date(epochMillis: try row.decode(column: "expires_at", as: Int64.self)),
                usedAt: now)
        }
    }

    static func decodeCredentials(_ row: any SQLRow) throws -> UserCredentials {
        UserCredentials(
            user: User(
                id: try row.decode(column: "id", as: String.self),
                username: try row.decode(column: "username", as: String.self),
                email: try row.decode(column: "email", as: String.self),
                displayName: try row.decode(column: "display_name", as: String.self),
                coins: try row.decode(column: "coins", as: Int.self),
                createdAt: Date(epochMillis: try row.decode(column: "created_at", as: Int64.self)),
                // An unknown role (a newer build's) gets the least: buying.
                role: UserRole(rawValue: try row.decode(column: "role", as: String.self)) ?? .buyer,
                lockedAt: try row.decode(column: "locked_at", as: Int64?.self).map(Date.init(epochMillis:)),
                frozenAt: try row.decode(column: "frozen_at", as: Int64?.self).map(Date.init(epochMillis:)),
                language: try row.decode(column: "language", as: String?.self)),
            passwordHash: try row.decode(column: "password_hash", as: String.self))
    }

    public func sweepExpired(now: Date) async throws -> Int {
        let ms = now.epochMillis
        return try await backend.transaction { db in
            let sessions = try await db.raw("DELETE FROM sessions WHERE expires_at <= \(bind: ms) RETURNING token_hash")
                .all().count
            let resets = try await db.raw(
                "DELETE FROM password_resets WHERE expires_at <= \(bind: ms) OR used_at IS NOT NULL RETURNING token_hash"
            ).all().count
            let grants = try await db.raw(
                "DELETE FROM sign_in_grants WHERE expires_at <= \(bind: ms) RETURNING grant_hash"
            ).all().count
            return sessions + resets + grants
        }
    }
}
