import Foundation
import Logging
import SQLKit
import SoTubeStoreSQL
import Testing

/// The engines every store contract test runs on: SQLite always; PostgreSQL when
/// `SOTUBE_TEST_POSTGRES_URL` names a server (the test script starts one).
enum TestBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }

    static var enabled: [TestBackend] {
        ProcessInfo.processInfo.environment["SOTUBE_TEST_POSTGRES_URL"] == nil ? [.sqlite] : [.sqlite, .postgres]
    }

    static let logger = Logger(label: "store-test") { _ in SwiftLogNoOpLogHandler() }

    /// A fresh, empty database of this kind, migrated unless `migrate` is false.
    func open(migrate: Bool = true) async throws -> FreshDatabase {
        switch self {
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sotube-store-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let backend = try await SQLiteBackend.open(
                path: directory.appendingPathComponent("test.sqlite").path, logger: Self.logger)
            return try await FreshDatabase.prepare(backend, migrate: migrate) {
                try? FileManager.default.removeItem(at: directory)
            }
        case .postgres:
            let url = ProcessInfo.processInfo.environment["SOTUBE_TEST_POSTGRES_URL"]!
            let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(20)
            let admin = try await PostgresBackend.connect(url: url, logger: Self.logger)
            _ = try await admin.read { db in try await db.raw("CREATE DATABASE \(unsafeRaw: String(name))").run() }
            await admin.shutdown()
            let databaseURL = Self.replacingDatabase(in: url, with: String(name))
            let backend = try await PostgresBackend.connect(url: databaseURL, logger: Self.logger)
            return try await FreshDatabase.prepare(backend, migrate: migrate) {
                if let admin = try? await PostgresBackend.connect(url: url, logger: Self.logger) {
                    _ = try? await admin.read { db in
                        try await db.raw("DROP DATABASE IF EXISTS \(unsafeRaw: String(name))").run()
                    }
                    await admin.shutdown()
                }
            }
        }
    }

    static func replacingDatabase(in url: String, with name: String) -> String {
        guard var components = URLComponents(string: url) else { return url }
        components.path = "/" + name
        return components.string ?? url
    }
}

/// A migrated database for one test; `close()` drops it.
struct FreshDatabase: Sendable {
    let database: SoTubeDatabase
    let cleanup: @Sendable () async -> Void
    var backend: any SQLBackend { database.backend }

    static func prepare(
        _ backend: any SQLBackend, migrate: Bool, cleanup: @escaping @Sendable () async -> Void
    ) async throws -> FreshDatabase {
        if migrate {
            try await Migrator().migrate(
                backend, now: Date(timeIntervalSince1970: 1_800_000_000), logger: TestBackend.logger)
        }
        return FreshDatabase(database: SoTubeDatabase(backend: backend), cleanup: cleanup)
    }

    func close() async {
        await database.shutdown()
        await cleanup()
    }

    /// Runs `body` and always closes.
    func use<R: Sendable>(_ body: (FreshDatabase) async throws -> R) async throws -> R {
        do {
            let result = try await body(self)
            await close()
            return result
        } catch {
            await close()
            throw error
        }
    }
}
