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
