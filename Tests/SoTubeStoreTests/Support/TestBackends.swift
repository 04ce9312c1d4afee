import Foundation
import Logging
import SQLKit
import SoTubeStoreSQL

/// The engines the contract suite runs on: SQLite always; PostgreSQL when
/// `SOTUBE_TEST_POSTGRES_URL` names a server (each test gets a database of its own).
enum TestBackends {
    static var kinds: [String] {
        ProcessInfo.processInfo.environment["SOTUBE_TEST_POSTGRES_URL"] == nil ? ["sqlite"] : ["sqlite", "postgres"]
    }

    static let logger = Logger(label: "store-test") { _ in SwiftLogNoOpLogHandler() }

    /// A fresh, migrated backend of `kind`, closed and removed after `body`.
    static func with<R>(_ kind: String, _ body: (any SQLBackend) async throws -> R) async throws -> R {
        let backend: any SQLBackend
        var cleanup: () async -> Void = {}
        if kind == "postgres", let url = ProcessInfo.processInfo.environment["SOTUBE_TEST_POSTGRES_URL"] {
            let name = "sotube_test_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased())"
            let admin = try await PostgresBackend.connect(url: url, logger: logger)
            try await admin.read { db in try await db.raw("CREATE DATABASE \(unsafeRaw: name)").run() }
            let base = url.split(separator: "?", maxSplits: 1)[0]
            let prefix = base[..<(base.lastIndex(of: "/") ?? base.endIndex)]
            backend = try await PostgresBackend.connect(url: "\(prefix)/\(name)", logger: logger)
            cleanup = {
                try? await admin.read { db in try await db.raw("DROP DATABASE IF EXISTS \(unsafeRaw: name)").run() }
                await admin.shutdown()
            }
        } else {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sotube-store-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            backend = try await SQLiteBackend.open(
                path: directory.appendingPathComponent("t.sqlite").path, logger: logger)
            cleanup = { try? FileManager.default.removeItem(at: directory) }
        }
        do {
            try await Migrator().migrate(backend, now: Date(timeIntervalSince1970: 1_800_000_000), logger: logger)
            let result = try await body(backend)
            await backend.shutdown()
            await cleanup()
            return result
        } catch {
            await backend.shutdown()
            await cleanup()
            throw error
        }
    }
}
