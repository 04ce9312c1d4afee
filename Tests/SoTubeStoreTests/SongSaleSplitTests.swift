import Foundation
import SoTubeCore
import SoTubeTestFixtures
import Testing

@testable import SoTubeStoreSQL

/// Songs of an artist an account sells, bought one request at a time: on PostgreSQL each is one
/// statement (`purchaseInOneStatement`), on SQLite a group commit. Both engines must credit the seller
/// the same, refuse a purchase the buyer cannot pay without writing any of it, and keep the ledger exact.
@Suite struct SongSaleSplitTests {
    @Test(arguments: TestEngine.enabled)
    func aSoldArtistsSongsAreSplitAndARefusedOneWritesNothing(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            let tracks = try await CommerceCatalog.album(db.backend, "a1", prices: [10, 7, 3, 10])
            try await CommerceCatalog.user(db, "seller")
            try await CommerceCatalog.user(db, "fan", coins: 15)
            try await CommerceCatalog.user(db, "rich", coins: 100)
            let nextWeek = TestEngine.now.epochMillis + 7 * 86_400_000
            try await db.backend.transaction { sql in
                try await sql.raw("UPDATE users SET role = 'artist' WHERE id = 'seller'").run()
                try await sql.raw(
                    "INSERT INTO artist_accounts (artist_id, user_id, commission_bp, created_at) VALUES ('ar-a1', 'seller', NULL, 0)"
                ).run()
                try await sql.raw("UPDATE albums SET available_at = \(bind: nextWeek) WHERE id = 'a1'").run()
            }
            func buy(_ user: String, _ index: Int) async throws -> PurchaseOutcome {
                try await db.commerce.purchase(
                    PurchaseCommand(
                        userID: user, target: .track(tracks[index]), idempotencyKey: "\(user)-\(index)",
                        purchaseID: "p-\(user)-\(index)", ledgerEntryID: "l-\(user)-\(index)", now: TestEngine.now))
            }
            #expect(try await buy("fan", 0).balance == 5)
            // 7 coins with 5 left: refused, and neither the buyer, the seller nor the ledger moves.
            await #expect(throws: DomainError.insufficientCoins(missing: 2)) { try await buy("fan", 1) }
            #expect(try await buy("fan", 2).balance == 2)
            #expect(try await db.ownership.ownedCount(userID: "fan") == 2)
            #expect(try await db.commerce.history(userID: "fan", limit: 10).map(\.delta).sorted() == [-10, -3, 15])

            // The seller's own commission replaces the store's 15 %.
            try await db.backend.transaction { sql in
                try await sql.raw("UPDATE artist_accounts SET commission_bp = 5000 WHERE artist_id = 'ar-a1'").run()
            }
            #expect(try await buy("rich", 3).balance == 90)

            // 10 and 3 coins at 15 %: shares 9 and 3 (1 and 0 for the store); 10 at 50 %: 5 and 5.
            let seller = try #require(try await db.sellers.account(userID: "seller"))
            #expect(seller.balance == 17)
            let rows = try await db.backend.read { sql in
                try await sql.raw(
                    """
                    SELECT id, account, kind, gross, delta, balance_after, pre_order FROM earnings
                    ORDER BY id
                    """
                ).all().map {
                    [
                        try $0.decode(column: "id", as: String.self), try $0.decode(column: "account", as: String.self),
                        try $0.decode(column: "kind", as: String.self),
                        "\(try $0.decode(column: "gross", as: Int.self))",
                        "\(try $0.decode(column: "delta", as: Int.self))",
                        "\(try $0.decode(column: "balance_after", as: Int.self))",
                        "\(try $0.decode(column: "pre_order", as: Int.self))",
                    ].joined(separator: " ")
                }
            }
            #expect(
                rows == [
                    "p-fan-0.commission store commission 10 1 0 1", "p-fan-0.share seller sale 10 9 9 1",
                    "p-fan-2.commission store commission 3 0 0 1", "p-fan-2.share seller sale 3 3 12 1",
                    "p-rich-3.commission store commission 10 5 0 1", "p-rich-3.share seller sale 10 5 17 1",
                ], "\(rows)")
            let report = LedgerReport(facts: try await db.commerce.ledgerFacts())
            #expect(report.isExact, "\(report.problems)")
        }
    }
}
