import Foundation
import SoTubeCore
import SoTubeTestFixtures
import Testing

@testable import SoTubeStoreSQL

/// SQLite's group commit decides a whole batch of song purchases at once: the same answers as one by one.
@Suite struct CommerceBatchTests {
    @Test func oneBatchGivesEveryPurchaseItsOwnAnswer() async throws {
        try await TestEngine.sqlite.freshDatabase().use { db in
            let tracks = try await CommerceCatalog.album(db.backend, "a1", prices: [10, 5, 10])
            try await CommerceCatalog.user(db, "ua", coins: 15)
            try await CommerceCatalog.user(db, "ub", coins: 10)
            let now = TestEngine.now
            func command(_ user: String, _ track: String, _ key: String, _ id: String) -> (
                PurchaseCommand, trackID: String
            ) {
                (
                    PurchaseCommand(
                        userID: user, target: .track(track), idempotencyKey: key, purchaseID: id,
                        ledgerEntryID: "l-\(id)", now: now), track
                )
            }
            let batch = [
                command("ua", tracks[0], "k1", "p1"),  // bought: 15 → 5
                command("ua", tracks[0], "k1", "p2"),  // same key, same song: the first answer
                command("ua", tracks[1], "k1", "p3"),  // same key, another song: 422
                command("ua", tracks[0], "k2", "p4"),  // owned within the batch: 409
                command("ua", tracks[2], "k3", "p5"),  // 10 needed, 5 left: 402 missing 5
                command("ub", "nope", "k1", "p6"),  // unknown song: 404
                command("ub", tracks[0], "k1", "p7"),  // another buyer, same key text: bought
                command("ua", tracks[1], "k4", "p8"),  // bought: 5 → 0
            ]
            let results = try await db.backend.transaction { sql in
                try await SQLCommerceStore.purchaseTracks(sql, batch)
            }
            func outcome(_ index: Int) -> PurchaseOutcome? { try? results[index].get() }
            #expect(outcome(0)?.purchase.id == "p1" && outcome(0)?.balance == 5 && outcome(0)?.replayed == false)
            #expect(outcome(1)?.purchase.id == "p1" && outcome(1)?.replayed == true && outcome(1)?.balance == 5)
            #expect(throws: DomainError.idempotencyMismatch) { try results[2].get() }
            #expect(throws: DomainError.conflict(field: "trackId", reason: "You already own this song.")) {
                try results[3].get()
            }
            #expect(throws: DomainError.insufficientCoins(missing: 5)) { try results[4].get() }
            #expect(throws: DomainError.notFound(what: "The song")) { try results[5].get() }
            #expect(outcome(6)?.purchase.id == "p7" && outcome(6)?.balance == 0)
            #expect(outcome(7)?.purchase.id == "p8" && outcome(7)?.balance == 0)

            #expect(try await db.commerce.balance(userID: "ua") == 0)
            #expect(try await db.commerce.balance(userID: "ub") == 0)
            #expect(try await db.commerce.history(userID: "ua", limit: 10).map(\.delta).sorted() == [-10, -5, 15])
            #expect(try await db.ownership.ownedCount(userID: "ua") == 2)
            // Stored now: a later request with k1 replays p1 from the database.
            let later = try await db.commerce.purchase(batch[0].0)
            #expect(later.replayed && later.purchase.id == "p1" && later.balance == 5)
            #expect(LedgerReport(facts: try await db.commerce.ledgerFacts()).isExact)
        }
    }

    /// A batch of sales of an artist an account sells: one balance change for the batch, each entry's
    /// balance counted up in order, every split adding up to its purchase.
    @Test func aBatchSplitsEverySaleOfASoldArtist() async throws {
        try await TestEngine.sqlite.freshDatabase().use { db in
            let tracks = try await CommerceCatalog.album(db.backend, "a1", prices: [10, 7, 3])
            try await CommerceCatalog.user(db, "seller")
            try await db.backend.transaction { sql in
                try await sql.raw("UPDATE users SET role = 'artist' WHERE id = 'seller'").run()
                try await sql.raw(
                    "INSERT INTO artist_accounts (artist_id, user_id, commission_bp, created_at) VALUES ('ar-a1', 'seller', NULL, 0)"
                ).run()
            }
            for user in ["u1", "u2"] { try await CommerceCatalog.user(db, user, coins: 100) }
            let batch = tracks.enumerated().flatMap { index, track in
                ["u1", "u2"].map { user in
                    (
                        PurchaseCommand(
                            userID: user, target: .track(track), idempotencyKey: "\(user)-\(index)",
                            purchaseID: "p-\(user)-\(index)", ledgerEntryID: "l-\(user)-\(index)", now: TestEngine.now),
                        trackID: track
                    )
                }
            }
            let results = try await db.backend.transaction { sql in
                try await SQLCommerceStore.purchaseTracks(sql, batch)
            }
            #expect(results.allSatisfy { (try? $0.get()) != nil })
            // 10, 7 and 3 coins at 15 %: shares 9, 6 and 3 (1, 1 and 0 for the store), twice.
            let seller = try #require(try await db.sellers.account(userID: "seller"))
            #expect(seller.balance == 36)
            let balances = try await db.backend.read { sql in
                try await sql.raw("SELECT balance_after FROM earnings WHERE account = 'seller' ORDER BY balance_after")
                    .all().map { try $0.decode(column: "balance_after", as: Int.self) }
            }
            #expect(balances == [9, 18, 24, 30, 33, 36])
            let report = LedgerReport(facts: try await db.commerce.ledgerFacts())
            #expect(report.isExact, "\(report.problems)")
        }
    }
}
