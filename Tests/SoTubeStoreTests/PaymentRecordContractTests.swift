import Foundation
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// Refunds, provider events, disputes and the mail queue (migration 18), on every engine.
@Suite struct PaymentRecordContractTests {
    let now = TestEngine.now

    /// A user with a captured top-up of 100 coins for 0.99 USD, and `spent` of them spent on a song.
    func paidTopUp(_ db: SoTubeDatabase, spent: Int) async throws {
        let store = db.commerce
        try await CommerceCatalog.user(db, "u1")
        try await store.createTopUp(
            TopUp(
                id: "tu1", userID: "u1", packID: "small", coins: 100, price: Money(amount: 99, currency: "USD"),
                status: .pending, provider: "stripe", providerReference: "pi_1", createdAt: now))
        let captured = try await store.captureTopUp(
            id: "tu1", providerReference: "pi_1", paid: Money(amount: 99, currency: "USD"), ledgerEntryID: "l-cap",
            now: now)
        #expect(captured.credited && captured.topUp.paid == Money(amount: 99, currency: "USD"))
        if spent > 0 {
            let tracks = try await CommerceCatalog.album(db.backend, "a1", prices: [spent])
            _ = try await store.purchase(
                PurchaseCommand(
                    userID: "u1", target: .track(tracks[0]), idempotencyKey: "k", purchaseID: "p1",
                    ledgerEntryID: "l-p1", now: now))
        }
    }

    func operatorRefund(_ db: SoTubeDatabase, id: String) async throws -> (refund: TopUpRefund, balance: Int)? {
        try await db.commerce.takeBackForRefund(
            topUpID: "tu1", refundID: id, ledgerEntryID: "l-\(id)", origin: .operator, providerReference: nil,
            note: nil, now: now, plan: { RefundRules.operatorRefund(topUp: $0, balance: $1) })
    }

    @Test(arguments: TestEngine.enabled)
    func aRefundTakesBackWhatTheBalanceCoversAndTheLedgerStaysExact(_ engine: TestEngine) async throws {
        for (spent, coins, amount) in [(0, 100, 99), (50, 50, 49), (100, 0, 0)] {
            try await engine.freshDatabase().use { db in
                try await paidTopUp(db, spent: spent)
                let taken = try await operatorRefund(db, id: "rf1")
                if coins == 0 {
                    #expect(taken == nil)
                } else {
                    #expect(taken?.refund.coins == coins && taken?.refund.money.amount == amount)
                    #expect(taken?.balance == 0)
                    try await db.commerce.completeRefund(id: "rf1", providerReference: "re_1")
                }
                #expect(try await db.commerce.balance(userID: "u1") == 0)
                let topUp = try #require(try await db.commerce.topUp(id: "tu1"))
                #expect(topUp.refundedCoins == coins && topUp.refundedAmount == amount)
                let report = LedgerReport(facts: try await db.commerce.ledgerFacts())
                #expect(report.problems == [])
                // Nothing is left to take back: a second refund does nothing.
                #expect(try await operatorRefund(db, id: "rf2") == nil)
            }
        }
    }

    @Test(arguments: TestEngine.enabled)
    func aRefusedRefundGivesTheCoinsBack(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            try await paidTopUp(db, spent: 0)
            _ = try await operatorRefund(db, id: "rf1")
            #expect(try await db.commerce.balance(userID: "u1") == 0)
            try await db.commerce.reverseRefund(id: "rf1", ledgerEntryID: "l-rev", reason: "declined", now: now)
            #expect(try await db.commerce.balance(userID: "u1") == 100)
            #expect(try await db.commerce.refunds(topUpID: "tu1").map(\.status) == [.failed])
            #expect(try await db.commerce.topUp(id: "tu1")?.refundedCoins == 0)
            #expect(LedgerReport(facts: try await db.commerce.ledgerFacts()).problems == [])
            let kinds = try await db.commerce.history(userID: "u1", limit: 10).map(\.kind)
            #expect(kinds.filter { $0 == .refund }.count == 2)
        }
    }

    @Test(arguments: TestEngine.enabled)
    func aProviderRefundTakesBackOnlyWhatItsMoneyBought(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            try await paidTopUp(db, spent: 0)
            func providerRefund(_ id: String, total: Int) async throws -> TopUpRefund? {
                try await db.commerce.takeBackForRefund(
                    topUpID: "tu1", refundID: id, ledgerEntryID: "l-\(id)", origin: .provider,
                    providerReference: "ch_1", note: nil, now: now,
                    plan: { RefundRules.providerRefund(topUp: $0, refundedTotal: total, balance: $1) })?.refund
            }
            // Half the money back: the coins it bought (rounded up), then the rest; a replay of a
            // total already applied does nothing.
            #expect(try await providerRefund("rf1", total: 49)?.coins == 50)
            #expect(try await providerRefund("rf2", total: 49) == nil)
            #expect(try await providerRefund("rf3", total: 99)?.coins == 50)
            #expect(try await db.commerce.balance(userID: "u1") == 0)
            #expect(LedgerReport(facts: try await db.commerce.ledgerFacts()).problems == [])
        }
    }

    @Test(arguments: TestEngine.enabled)
    func aDisputeFreezesBuyingUntilSettledAndEventsApplyOnce(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            try await paidTopUp(db, spent: 0)
            let dispute = PaymentDispute(
                id: "dp1", providerReference: "dp_stripe_1", topUpID: "tu1", userID: "u1",
                money: Money(amount: 99, currency: "USD"), reason: "fraudulent", createdAt: now)
            #expect(try await db.commerce.openDispute(dispute))
            #expect(try await db.commerce.openDispute(dispute) == false)
            #expect(try await db.accounts.user(id: "u1")?.frozenAt != nil)
            #expect(try await db.commerce.disputes(includeSettled: false).map(\.id) == ["dp1"])
            #expect(try await db.commerce.settleDispute(id: "dp1", note: "won", now: now)?.settledNote == "won")
            #expect(try await db.accounts.user(id: "u1")?.frozenAt == nil)
            #expect(try await db.commerce.disputes(includeSettled: false).isEmpty)
            #expect(try await db.commerce.settleDispute(id: "nope", note: "", now: now) == nil)

            #expect(try await db.commerce.hasPaymentEvent(id: "evt_1") == false)
            #expect(try await db.commerce.recordPaymentEvent(id: "evt_1", provider: "stripe", type: "t", now: now))
            #expect(
                try await db.commerce.recordPaymentEvent(id: "evt_1", provider: "stripe", type: "t", now: now) == false)
            #expect(try await db.commerce.hasPaymentEvent(id: "evt_1"))
        }
    }

    @Test(arguments: TestEngine.enabled)
    func theMailQueueHandsEachMessageToOneSenderAndKeepsFailures(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            let queue = db.mailQueue
            for index in 0..<3 {
                try await queue.enqueue(
                    OutgoingMail(
                        id: "m\(index)", toAddress: "a\(index)@example.com", subject: "Привет \(index)",
                        textBody: "text", htmlBody: "<p>html</p>", language: "ru", nextAttemptAt: now, createdAt: now))
            }
            let first = try await queue.claimDue(now: now, lease: 60, limit: 2)
            let second = try await queue.claimDue(now: now, lease: 60, limit: 5)
            #expect(first.count == 2 && second.count == 1)
            #expect(Set(first.map(\.id)).isDisjoint(with: second.map(\.id)))
            #expect(first.first?.subject == "Привет 0" && first.first?.htmlBody == "<p>html</p>")
            // A lease that ran out (the sender died) lets another take it.
            #expect(try await queue.claimDue(now: now + 61, lease: 60, limit: 5).count == 3)

            try await queue.markSent(id: "m0", at: now)
            try await queue.markAttemptFailed(id: "m1", error: "421 try later", retryAt: now + 30)
            try await queue.markAttemptFailed(id: "m2", error: "550 no such user", retryAt: nil)
            let unsent = try await queue.unsent(limit: 10)
            #expect(unsent.map(\.id) == ["m1", "m2"])
            #expect(unsent.map(\.status) == [.pending, .failed])
            #expect(unsent.first?.lastError == "421 try later" && unsent.first?.attempts == 1)
            #expect(try await queue.nextDue() == now + 30)
            #expect(try await queue.claimDue(now: now + 1, lease: 60, limit: 5).isEmpty)
            #expect(try await queue.retry(id: nil, now: now + 2) == 2)
            #expect(Set(try await queue.claimDue(now: now + 2, lease: 60, limit: 5).map(\.id)) == ["m1", "m2"])
        }
    }
}
