import Foundation
import SQLKit
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures

/// Minimal catalog rows to buy (the catalog schema is migration 2).
enum CommerceCatalog {
    /// See `CommerceRows.album` (songs titled "Song N of ALBUM").
    @discardableResult
    static func album(
        _ backend: any SQLBackend, _ albumID: String, prices: [Int], albumPrice: Int? = nil,
        title: String? = nil
    ) async throws -> [String] {
        try await CommerceRows.album(
            backend, albumID, prices: prices, albumPrice: albumPrice, title: title,
            songTitle: { "Song \($0) of \(albumID)" })
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

extension CommerceCatalog {
    /// A purchase as the rows an older build wrote it (for databases stopped at an earlier migration,
    /// which today's purchase code does not run on): the debit, the purchase, its songs, its ledger entry.
    static func olderPurchase(
        _ db: SoTubeDatabase, user: String, kind: PurchaseKind, albumID: String, trackIDs: [String], coins: Int,
        id: String, at now: Date
    ) async throws {
        try await db.backend.transaction { sql in
            let balance =
                try await sql.raw(
                    "UPDATE users SET coins = coins - \(bind: coins) WHERE id = \(bind: user) RETURNING coins"
                ).first()?.decode(column: "coins", as: Int.self) ?? 0
            let millis = now.epochMillis
            try await sql.raw(
                """
                INSERT INTO purchases (id, user_id, kind, album_id, title, coins, balance_after, idempotency_key,
                    request_fingerprint, created_at)
                VALUES (\(bind: id), \(bind: user), \(bind: kind.rawValue), \(bind: albumID), 'Bought', \(bind: coins),
                    \(bind: balance), \(bind: id), \(bind: id), \(bind: millis))
                """
            ).run()
            for track in trackIDs {
                try await sql.raw(
                    """
                    INSERT INTO owned_tracks (user_id, track_id, purchase_id, created_at)
                    VALUES (\(bind: user), \(bind: track), \(bind: id), \(bind: millis))
                    """
                ).run()
            }
            try await sql.raw(
                """
                INSERT INTO ledger_entries (id, user_id, kind, reference, delta, balance_after, description,
                    idempotency_key, created_at)
                VALUES (\(bind: "l-" + id), \(bind: user), 'purchase', \(bind: id), \(bind: -coins), \(bind: balance),
                    'Bought', \(bind: id), \(bind: millis))
                """
            ).run()
        }
    }
}
