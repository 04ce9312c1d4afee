import Foundation
import Logging
import SQLKit

/// One forward-only schema step. `version`s are 1, 2, 3, ... in order; a migration never changes
/// once released.
public struct Migration: Sendable {
    public let version: Int
    public let name: String
    /// SQL statements for the given engine, run in order inside one transaction.
    public let statements: @Sendable (StoreDialect) -> [String]
    /// Runs first in that transaction and throws, with a message for the operator, when the
    /// database holds rows the statements cannot take (nothing is changed then).
    public let check: (@Sendable (any SQLDatabase) async throws -> Void)?

    public init(
        version: Int, name: String, check: (@Sendable (any SQLDatabase) async throws -> Void)? = nil,
        statements: @escaping @Sendable (StoreDialect) -> [String]
    ) {
        self.version = version
        self.name = name
        self.check = check
        self.statements = statements
    }
}

/// Applies pending migrations in order and refuses a database migrated by a newer build.
public struct Migrator: Sendable {
    public let migrations: [Migration]

    public init(migrations: [Migration] = AllMigrations.list) {
        precondition(
            migrations.enumerated().allSatisfy { $0.offset + 1 == $0.element.version },
            "migration versions must be 1, 2, 3, ... in order")
        self.migrations = migrations
    }

    public var latestVersion: Int { migrations.last?.version ?? 0 }

    /// The version the database is at (0 when empty).
    public func currentVersion(_ backend: any SQLBackend) async throws -> Int {
        try await ensureTable(backend)
        return try await backend.read { db in
            let row = try await db.raw("SELECT MAX(version) AS v FROM schema_migrations").first()
            return try row?.decode(column: "v", as: Int?.self) ?? 0
        }
    }

    /// Applies every pending migration. Returns the names of those applied.
    @discardableResult
    public func migrate(_ backend: any SQLBackend, now: Date, logger: Logger) async throws -> [String] {
        let current = try await currentVersion(backend)
        guard current <= latestVersion else {
            throw StoreError.newerSchema(databaseVersion: current, knownVersion: latestVersion)
        }
        var applied: [String] = []
        for migration in migrations where migration.version > current {
            let statements = migration.statements(backend.dialect)
            let version = migration.version
            let name = migration.name
            let lock = backend.dialect.migrationLock
            let check = migration.check
            let ran = try await backend.transaction { db -> Bool in
                for statement in lock { try await db.raw(SQLQueryString(statement)).run() }
                // Re-check inside the transaction: another process may have migrated meanwhile.
                let row = try await db.raw(
                    "SELECT COUNT(*) AS n FROM schema_migrations WHERE version = \(bind: version)"
                ).first()
                guard try row?.decode(column: "n", as: Int.self) == 0 else { return false }
                try await check?(db)
                for statement in statements {
                    try await db.raw(SQLQueryString(statement)).run()
                }
                try await db.raw(
                    """
                    INSERT INTO schema_migrations (version, name, applied_at)
                    VALUES (\(bind: version), \(bind: name), \(bind: now.epochMillis))
                    """
                ).run()
                return true
            }
            // Another server applied it while this one waited for the lock.
            guard ran else { continue }
            logger.info("applied migration", metadata: ["version": "\(version)", "name": "\(name)"])
            applied.append("\(version) \(name)")
        }
        return applied
    }

    private func ensureTable(_ backend: any SQLBackend) async throws {
        let lock = backend.dialect.migrationLock
        try await backend.transaction { db in
            for statement in lock { try await db.raw(SQLQueryString(statement)).run() }
            try await db.raw(
                """
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)
                """
            ).run()
        }
    }
}
