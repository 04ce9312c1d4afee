import Foundation
import SQLKit
import SoTubeCore

/// App passwords in `app_passwords`. The sealed secret is stored as base64.
public struct SQLAppPasswordStore: AppPasswordStore {
    let backend: any SQLBackend
    package init(backend: any SQLBackend) { self.backend = backend }

    private static let columns =
        "p.id AS ap_id, p.user_id AS ap_user_id, p.label, p.secret_hash, p.sealed_secret, p.created_at AS ap_created_at, p.last_used_at"
    private static let userColumns =
        "u.id, u.username, u.email, u.display_name, u.coins, u.created_at, u.password_hash, u.role, u.locked_at, u.frozen_at, u.language"

    public func create(_ password: AppPassword) async throws {
        let limit = AppPasswordRules.maxPerUser
        try await backend.transaction { db in
            let count =
                try await db.raw(
                    "SELECT COUNT(*) AS n FROM app_passwords WHERE user_id = \(bind: password.userID)"
                ).first()?.decode(column: "n", as: Int.self) ?? 0
            guard count < limit else {
                throw DomainError.conflict(
                    field: "label", reason: "You have \(limit) app passwords: revoke one before making another.")
            }
            try await db.raw(
                """
                INSERT INTO app_passwords (id, user_id, label, secret_hash, sealed_secret, created_at, last_used_at)
                VALUES (\(bind: password.id), \(bind: password.userID), \(bind: password.label),
                    \(bind: password.secretHash), \(bind: Data(password.sealedSecret).base64EncodedString()),
                    \(bind: password.createdAt.epochMillis), \(bind: password.lastUsedAt?.epochMillis))
                """
            ).run()
        }
    }

    public func list(userID: String) async throws -> [AppPassword] {
        try await backend.read { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: Self.columns) FROM app_passwords p WHERE p.user_id = \(bind: userID)
                ORDER BY p.created_at DESC, p.id
                """
            ).all().map(Self.decode)
        }
    }

    public func delete(userID: String, id: String) async throws -> Bool {
        try await backend.transaction { db in
            try await !db.raw(
                "DELETE FROM app_passwords WHERE id = \(bind: id) AND user_id = \(bind: userID) RETURNING id"
            ).all().isEmpty
        }
    }

    public func find(secretHash: String) async throws -> (password: AppPassword, user: User)? {
        try await backend.read { db in
            guard
                let row = try await db.raw(
                    """
                    SELECT \(unsafeRaw: Self.columns), \(unsafeRaw: Self.userColumns)
                    FROM app_passwords p JOIN users u ON u.id = p.user_id WHERE p.secret_hash = \(bind: secretHash)
                    """
                ).first()
            else { return nil }
            return (try Self.decode(row), try SQLAccountStore.decodeCredentials(row).user)
        }
    }

    public func find(username: String) async throws -> (user: User, passwords: [AppPassword])? {
        let key = AccountRules.canonical(username)
        return try await backend.read { db in
            let rows = try await db.raw(
                """
                SELECT \(unsafeRaw: Self.userColumns), \(unsafeRaw: Self.columns)
                FROM users u LEFT JOIN app_passwords p ON p.user_id = u.id WHERE u.username_key = \(bind: key)
                ORDER BY p.created_at DESC
                """
            ).all()
            guard let first = rows.first else { return nil }
            let user = try SQLAccountStore.decodeCredentials(first).user
            let passwords = try rows.filter { try $0.decode(column: "ap_id", as: String?.self) != nil }.map(Self.decode)
            return (user, passwords)
        }
    }

    public func touch(id: String, at now: Date) async throws {
        try await backend.transaction { db in
            try await db.raw(
                "UPDATE app_passwords SET last_used_at = \(bind: now.epochMillis) WHERE id = \(bind: id)"
            ).run()
        }
    }

    static func decode(_ row: any SQLRow) throws -> AppPassword {
        AppPassword(
            id: try row.decode(column: "ap_id", as: String.self),
            userID: try row.decode(column: "ap_user_id", as: String.self),
            label: try row.decode(column: "label", as: String.self),
            secretHash: try row.decode(column: "secret_hash", as: String.self),
            sealedSecret: Array(
                Data(base64Encoded: try row.decode(column: "sealed_secret", as: String.self)) ?? Data()),
            createdAt: Date(epochMillis: try row.decode(column: "ap_created_at", as: Int64.self)),
            lastUsedAt: try row.decode(column: "last_used_at", as: Int64?.self).map(Date.init(epochMillis:)))
    }
}
