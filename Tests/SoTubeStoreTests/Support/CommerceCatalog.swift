import Foundation
import SQLKit
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures

/// Minimal catalog rows to buy (the catalog schema is migration 2).
enum CommerceCatalog {
    /// An artist, an album `albumID` (bundle price `albumPrice`, or the default rule when nil) and one
    /// track per price, ids "\(albumID)-t1", "\(albumID)-t2", ... in track order.
    @discardableResult
    static func album(
        _ backend: any SQLBackend, _ albumID: String, prices: [Int], albumPrice: Int? = nil,
        title: String? = nil
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
            User(
                id: id, username: id, email: "\(id)@example.com", displayName: id, coins: 0,
                createdAt: TestEngine.now),
            passwordHash: "x")
        if coins > 0 {
            _ = try await database.commerce.grant(
                userID: id, coins: coins, ledgerEntryID: "grant-\(id)", note: "test",
                now: TestEngine.now)
        }
    }
}
