import Foundation
import Logging
import SQLKit
import SoTubeCore
import SoTubeStoreSQL

/// Engines for the commerce contract suite: SQLite always; PostgreSQL when `SOTUBE_TEST_POSTGRES_URL`
/// names a server. Each test gets a fresh database (a new file, or a new PostgreSQL database).
enum CommerceEngine: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite
    case postgres

    var description: String { rawValue }

    static var enabled: [CommerceEngine] {
        ProcessInfo.processInfo.environment["SOTUBE_TEST_POSTGRES_URL"] == nil ? [.sqlite] : [.sqlite, .postgres]
    }

    static let logger = Logger(label: "commerce-store-test") { _ in SwiftLogNoOpLogHandler() }
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// Runs `body` on a fresh, migrated database and always removes it.
    func withDatabase<R: Sendable>(_ body: (SoTubeDatabase) async throws -> R) async throws -> R {
        let (backend, cleanup) = try await open()
        try await Migrator().migrate(backend, now: Self.now, logger: Self.logger)
        let database = SoTubeDatabase(backend: backend)
        do {
            let result = try await body(database)
            await database.shutdown()
            await cleanup()
            return result
        } catch {
            await database.shutdown()
            await cleanup()
            throw error
        }
    }

    private func open() async throws -> (any SQLBackend, @Sendable () async -> Void) {
        switch self {
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sotube-commerce-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let backend = try await SQLiteBackend.open(
                path: directory.appendingPathComponent("test.sqlite").path, logger: Self.logger)
            return (backend, { try? FileManager.default.removeItem(at: directory) })
        case .postgres:
            let url = ProcessInfo.processInfo.environment["SOTUBE_TEST_POSTGRES_URL"]!
            let name = "commerce_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
            let admin = try await PostgresBackend.connect(url: url, logger: Self.logger)
            _ = try await admin.read { db in try await db.raw("CREATE DATABASE \(unsafeRaw: String(name))").run() }
            await admin.shutdown()
            var components = URLComponents(string: url)!
            components.path = "/" + name
            let backend = try await PostgresBackend.connect(url: components.string!, logger: Self.logger)
            return (
                backend,
                {
                    guard let admin = try? await PostgresBackend.connect(url: url, logger: Self.logger) else { return }
                    _ = try? await admin.read { db in
                        try await db.raw("DROP DATABASE IF EXISTS \(unsafeRaw: String(name))").run()
                    }
                    await admin.shutdown()
                }
            )
        }
    }
}

/// Minimal catalog rows to buy (the catalog schema is migration 2).
enum CommerceCatalog {
    /// An artist, an album `albumID` (bundle price `albumPrice`, or the default rule when nil) and one
    /// track per price, ids "\(albumID)-t1", "\(albumID)-t2", ... in track order.
    @discardableResult
    static func album(
        _ backend: any SQLBackend, _ albumID: String, prices: [Int], albumPrice: Int? = nil, title: String? = nil
    ) async throws -> [String] {
        let ids = prices.indices.map { "\(albumID)-t\($0 + 1)" }
        try await backend.transaction { db in
            try await db.raw(
                """
                INSERT INTO artists (id, name, name_key, created_at)
                VALUES (\(bind: "ar-" + albumID), \(bind: "Artist " + albumID), \(bind: "artist " + albumID), 0)
                """
            ).run()
            try await db.raw(
                """
                INSERT INTO albums (id, artist_id, title, title_key, price, created_at)
                VALUES (\(bind: albumID), \(bind: "ar-" + albumID), \(bind: title ?? "Album \(albumID)"),
                    \(bind: albumID), \(bind: albumPrice), 0)
                """
            ).run()
            for (index, price) in prices.enumerated() {
                try await db.raw(
                    """
                    INSERT INTO tracks (id, album_id, artist_id, title, track_number, price, media_path, media_type,
                        preview_path, preview_type, created_at, updated_at)
                    VALUES (\(bind: ids[index]), \(bind: albumID), \(bind: "ar-" + albumID),
                        \(bind: "Song \(index + 1) of \(albumID)"), \(bind: index + 1), \(bind: price),
                        \(bind: "x/\(ids[index]).m4a"), 'audio/mp4', \(bind: "x/\(ids[index])-preview.m4a"),
                        'audio/mp4', 0, 0)
                    """
                ).run()
            }
        }
        return ids
    }

    /// A user with `coins` coins (granted through the ledger, as every balance change must be).
    static func user(_ database: SoTubeDatabase, _ id: String, coins: Int = 0) async throws {
        try await database.accounts.createUser(
            User(id: id, username: id, email: "\(id)@example.com", displayName: id, coins: 0,
                 createdAt: CommerceEngine.now),
            passwordHash: "x")
        if coins > 0 {
            _ = try await database.commerce.grant(
                userID: id, coins: coins, ledgerEntryID: "grant-\(id)", note: "test", now: CommerceEngine.now)
        }
    }
}
