import Foundation
import SoTubeStoreSQL

/// One database per engine migrated once per test process, copied for every fresh migrated
/// database: the suites open several hundred, and running every migration for each of them was a
/// fifth of the Swift tests' CPU (for a SQLite file about 0.15 s of the test process's CPU; for a
/// PostgreSQL database 0.3 s of it, and more of PostgreSQL's). A copy is what a restarted server opens:
/// a database an earlier start of the same build migrated at `TestEngine.now`; opening it with
/// `migrate: true` finds nothing pending.
actor MigratedTemplates {
    static let shared = MigratedTemplates()

    private var sqlite: Task<Data, any Error>?
    private var postgres: Task<String, any Error>?

    /// The bytes of a migrated SQLite file (its WAL checkpointed into it when it was closed).
    func sqliteFile() async throws -> Data {
        if let sqlite { return try await sqlite.value }
        let made = Task { try await Self.makeSQLite() }
        sqlite = made
        return try await made.value
    }

    /// The name of a migrated PostgreSQL database on the test server, nobody connected to it: a
    /// template for `CREATE DATABASE … TEMPLATE`. It stays on the throw-away server.
    func postgresDatabase(create: @escaping @Sendable () async throws -> (name: String, url: String)) async throws
        -> String
    {
        if let postgres { return try await postgres.value }
        let made = Task {
            let (name, url) = try await create()
            try await Self.migrateAndClose(location: url)
            return name
        }
        postgres = made
        return try await made.value
    }

    private static func makeSQLite() async throws -> Data {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sotube-template-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("template.sqlite").path
        try await migrateAndClose(location: path)
        guard !FileManager.default.fileExists(atPath: path + "-wal") else {
            throw StoreError.configuration("the migrated SQLite template kept a WAL file after it was closed")
        }
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    private static func migrateAndClose(location: String) async throws {
        let database = try await SoTubeDatabase.open(
            DatabaseSettings(location: location), now: TestEngine.now, logger: TestEngine.logger, migrate: true)
        await database.shutdown()
    }
}
