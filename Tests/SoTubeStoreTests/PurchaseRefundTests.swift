import Foundation
import SQLKit
import SoTubeCore
import SoTubeTestFixtures
import Testing

@testable import SoTubeStoreSQL

/// Refunding a purchase (`sotube purchases refund`): the coins back, the songs no longer owned, the
/// seller's share and the store's commission reversed, once; a seller already paid out is not
/// reversed below zero and nothing changes; the ledger stays exact.
@Suite struct PurchaseRefundTests {
    static func audit(_ id: String) -> AuditEntry {
        AuditEntry(id: id, at: TestEngine.now, actorID: nil, actor: "cli:test", action: .purchaseRefund, target: "x")
    }

    @Test(arguments: TestEngine.enabled)
    func aRefundGivesTheCoinsBackAndReversesTheSellersShare(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            let tracks = try await CommerceCatalog.album(db.backend, "a1", prices: [20, 10])
            try await CommerceCatalog.user(db, "seller")
            try await db.backend.transaction { sql in
                try await sql.raw("UPDATE users SET role = 'artist' WHERE id = 'seller'").run()
                try await sql.raw(
                    "INSERT INTO artist_accounts (artist_id, user_id, commission_bp, created_at) VALUES ('ar-a1', 'seller', NULL, 0)"
                ).run()
            }
            try await CommerceCatalog.user(db, "fan", coins: 100)
            for (index, track) in tracks.enumerated() {
                _ = try await db.commerce.purchase(
                    PurchaseCommand(
                        userID: "fan", target: .track(track), idempotencyKey: "k\(index)", purchaseID: "p\(index)",
                        ledgerEntryID: "l\(index)", now: TestEngine.now))
            }
            // 20 → 17 + 3; 10 → 9 + 1: the seller has 26.
            #expect(try await db.sellers.account(userID: "seller")?.balance == 26)

            let refund = try await db.commerce.refundPurchase(
                id: "p0", ledgerEntryID: "r0", now: TestEngine.now, audit: Self.audit("a0"))
            #expect(refund.coins == 20 && refund.balance == 90 && refund.sellerShare == 17 && refund.commission == 3)
            #expect(try await db.commerce.balance(userID: "fan") == 90)
            #expect(try await db.ownership.ownedTrackIDs(userID: "fan", among: tracks) == [tracks[1]])
            #expect(try await db.sellers.account(userID: "seller")?.balance == 9)
            await #expect(
                throws: DomainError.conflict(field: "purchase", reason: "This purchase was refunded already.")
            ) {
                _ = try await db.commerce.refundPurchase(
                    id: "p0", ledgerEntryID: "r0b", now: TestEngine.now, audit: Self.audit("a0b"))
            }

            // Paid out in full, the seller cannot give the other sale's share back: nothing changes.
            _ = try await db.sellers.recordPayout(
                Payout(
                    id: "po", accountID: "seller", coins: 9, money: Money(amount: 9, currency: "USD"),
                    paidOn: CivilDay(epochMillis: TestEngine.now.epochMillis), reference: "SEPA", createdBy: "cli:test",
                    createdAt: TestEngine.now), audit: Self.audit("a1"))
            await #expect(throws: DomainError.self) {
                _ = try await db.commerce.refundPurchase(
                    id: "p1", ledgerEntryID: "r1", now: TestEngine.now, audit: Self.audit("a2"))
            }
            #expect(try await db.commerce.balance(userID: "fan") == 90)
            #expect(try await db.ownership.ownedTrackIDs(userID: "fan", among: tracks) == [tracks[1]])

            let report = LedgerReport(facts: try await db.commerce.ledgerFacts())
            #expect(report.isExact, "\(report.problems)")
            await #expect(throws: DomainError.notFound(what: "The purchase")) {
                _ = try await db.commerce.refundPurchase(
                    id: "nope", ledgerEntryID: "r2", now: TestEngine.now, audit: Self.audit("a3"))
            }
        }
    }
}
