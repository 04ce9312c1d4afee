import Foundation
import SQLKit
import SoTubeStoreSQL

/// Minimal catalog rows to buy, written with plain SQL (the catalog schema is migration 2): shared
/// by the store contract suite and the HTTP tests.
public enum CommerceRows {
    /// An artist, an album `albumID` (the operator's bundle price `albumPrice`, or the derived one
    /// when nil) and one song per price, ids "\(albumID)-t1", "\(albumID)-t2", ... in track order.
    @discardableResult
    public static func album(
        _ backend: any SQLBackend, _ albumID: String, prices: [Int], albumPrice: Int? = nil, title: String? = nil,
        songTitle: @escaping @Sendable (Int) -> String = { "Song \($0)" }
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
                        \(bind: songTitle(index + 1)), \(bind: index + 1), \(bind: price),
                        \(bind: "x/\(ids[index]).m4a"), 'audio/mp4', \(bind: "x/\(ids[index])-preview.m4a"),
                        'audio/mp4', 0, 0)
                    """
                ).run()
            }
        }
        return ids
    }
}
