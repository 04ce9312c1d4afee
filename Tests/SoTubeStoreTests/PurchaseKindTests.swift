import Foundation
import SQLKit
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// A purchase's kind is a `PurchaseKind` from the request to the row and back: a stored kind that
/// is neither "track" nor "album" is a damaged store, not a purchase read as one song.
@Suite struct PurchaseKindTests {
    @Test(arguments: TestEngine.enabled)
    func aStoredKindThatIsNeitherIsAStoreError(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            let tracks = try await CommerceCatalog.album(db.backend, "a1", prices: [10, 10])
            try await CommerceCatalog.user(db, "u1", coins: 100)
            let command = PurchaseCommand(
                userID: "u1", target: .track(tracks[0]), idempotencyKey: "k1", purchaseID: "p1",
                ledgerEntryID: "l1", now: TestEngine.now)
            let bought = try await db.commerce.purchase(command)
            #expect(bought.purchase.kind == .track)
            let album = PurchaseCommand(
                userID: "u1", target: .album("a1"), idempotencyKey: "k2", purchaseID: "p2", ledgerEntryID: "l2",
                now: TestEngine.now)
            _ = try await db.commerce.purchase(album)
            #expect(try await db.commerce.purchases(userID: "u1").map(\.kind) == [.album, .track])

            try await db.backend.transaction { sql in
                try await sql.raw("UPDATE purchases SET kind = 'gift' WHERE id = 'p1'").run()
            }
            await #expect(throws: StoreError.self) { try await db.commerce.purchases(userID: "u1") }
            // The retried request answers from the stored row: the same refusal, not a song.
            await #expect(throws: StoreError.self) { try await db.commerce.purchase(command) }
        }
    }
}
