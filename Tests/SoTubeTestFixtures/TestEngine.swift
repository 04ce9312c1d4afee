import Foundation
import Logging
import SQLKit
import SoTubeStoreSQL

/// The engines tests run on: SQLite always; PostgreSQL when `SOTUBE_TEST_POSTGRES_URL` names a server
/// (`scripts/test.sh` and `scripts/pg-start.sh` start one). Each test gets a database of its own: a new
/// SQLite file in a temporary folder, or a new database on that PostgreSQL server.
public enum TestEngine: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite
    case postgres

    public var description: String { rawValue }

    /// The PostgreSQL server tests may create databases on, when there is one.
    public static var postgresURL: String? { ProcessInfo.processInfo.environment["SOTUBE_TEST_POSTGRES_URL"] }

    /// The engines to run on here: SQLite, and PostgreSQL when a server is configured.
    public static var enabled: [TestEngine] { postgresURL == nil ? [.sqlite] : [.sqlite, .postgres] }

    /// The engines several servers share, when enabled here: PostgreSQL (a SQLite file has one server).
    public static var severalServers: [TestEngine] { enabled.filter { $0 == .postgres } }

    /// A logger that drops everything.
    public static let logger = Logger(label: "sotube-test") { _ in SwiftLogNoOpLogHandler() }
    /// The time fresh databases are migrated at; tests with a fixed "now" use it too.
    public static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// A fresh, empty database on this engine, migrated unless `migrate` is false (a copy of the
    /// process's migrated template, `MigratedTemplates`). `use` it (or `close` it) so that it is
    /// removed again.
    public func freshDatabase(migrate: Bool = true) async throws -> FreshDatabase {
        let (location, cleanup) = try await freshLocation(migrated: migrate)
        do {
            let database = try await SoTubeDatabase.open(
                DatabaseSettings(location: location), now: Self.now, logger: Self.logger, migrate: migrate)
            return FreshDatabase(database: database, location: location, cleanup: cleanup)
        } catch {
            await cleanup()
            throw error
        }
    }

    /// For tests that open the database through a server configuration: the URL of a fresh, empty
    /// PostgreSQL database, or nil on SQLite (the server then makes its own file in its data folder).
    /// The database stays on the throw-away test server.
    public func freshDatabaseURL() async throws -> String? {
        guard self == .postgres else { return nil }
        return try await Self.createPostgresDatabase().url
    }

    /// Where a fresh database is (a SQLite path or a postgres:// URL) and how to remove it; a copy of
    /// the migrated template when `migrated`.
    private func freshLocation(migrated: Bool) async throws -> (
        location: String, cleanup: @Sendable () async -> Void
    ) {
        switch self {
        case .sqlite:
            let template = migrated ? try await MigratedTemplates.shared.sqliteFile() : nil
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sotube-test-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let file = directory.appendingPathComponent("test.sqlite")
            let cleanup: @Sendable () async -> Void = { try? FileManager.default.removeItem(at: directory) }
            do { try template?.write(to: file) } catch {
                await cleanup()
                throw error
            }
            return (file.path, cleanup)
        case .postgres:
            let template =
                migrated
                ? try await MigratedTemplates.shared.postgresDatabase { try await Self.createPostgresDatabase() } : nil
            let (name, url) = try await Self.createPostgresDatabase(template: template)
            return (url, { await Self.dropPostgresDatabase(name) })
        }
    }

    private static func createPostgresDatabase(template: String? = nil) async throws -> (name: String, url: String) {
        guard let server = postgresURL, var components = URLComponents(string: server) else {
            throw StoreError.configuration("PostgreSQL tests need SOTUBE_TEST_POSTGRES_URL (a postgres:// URL)")
        }
        let name = "sotube_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(20)
        let copying = template.map { " TEMPLATE " + $0 } ?? ""
        try await onServer(server) { db in try await db.raw("CREATE DATABASE \(unsafeRaw: name + copying)").run() }
        components.path = "/" + name
        guard let url = components.string else { throw StoreError.configuration("no database URL for \(name)") }
        return (name, url)
    }

    private static func dropPostgresDatabase(_ name: String) async {
        guard let server = postgresURL else { return }
        try? await onServer(server) { db in try await db.raw("DROP DATABASE IF EXISTS \(unsafeRaw: name)").run() }
    }

    /// Runs one statement outside a transaction on the server's own database.
    private static func onServer(_ url: String, _ body: @escaping @Sendable (any SQLDatabase) async throws -> Void)
        async throws
    {
        let admin = try await PostgresBackend.connect(url: url, logger: logger)
        do {
            try await admin.read(body)
        } catch {
            await admin.shutdown()
            throw error
        }
        await admin.shutdown()
    }
}

/// A database made for one test; `use` runs the test on it and always removes it.
public struct FreshDatabase: Sendable {
    public let database: SoTubeDatabase
    /// Its SQLite path or postgres:// URL (a test may open a second handle on it, as another process would).
    public let location: String
    let cleanup: @Sendable () async -> Void

    /// Closes the database and removes it (its folder, or the PostgreSQL database).
    public func close() async {
        await database.shutdown()
        await cleanup()
    }

    /// Runs `body` on the database, then closes and removes it, whether `body` returned or threw.
    public func use<R: Sendable>(_ body: (SoTubeDatabase) async throws -> R) async throws -> R {
        do {
            let result = try await body(database)
            await close()
            return result
        } catch {
            await close()
            throw error
        }
    }
}

extension SoTubeDatabase {
    /// Applies the first `version` migrations only (on a database opened with `migrate: false`): an older
    /// store's schema, for a later migration's test to write rows into before it runs.
    public func migrate(upTo version: Int) async throws {
        try await Migrator(migrations: Array(AllMigrations.list.prefix(version))).migrate(
            backend, now: TestEngine.now, logger: TestEngine.logger)
    }
}
