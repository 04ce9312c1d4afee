import Foundation
import SoTubeCore
import Testing

/// Refund shares, Stripe's webhook signature and the mail retry delays: pure rules.
@Suite struct PaymentRulesTests {
    let topUp = TopUp(
        id: "tu1", userID: "u1", packID: "small", coins: 100, price: Money(amount: 99, currency: "EUR"),
        status: .captured, provider: "stripe", providerReference: "pi_1", createdAt: Date(timeIntervalSince1970: 0))

    @Test func anOperatorRefundNeverTakesTheBalanceBelowZero() {
        #expect(RefundRules.operatorRefund(topUp: topUp, balance: 250) == .init(coins: 100, amount: 99, spentCoins: 0))
        #expect(RefundRules.operatorRefund(topUp: topUp, balance: 50) == .init(coins: 50, amount: 49, spentCoins: 50))
        #expect(RefundRules.operatorRefund(topUp: topUp, balance: 0) == .init(coins: 0, amount: 0, spentCoins: 100))
        var half = topUp
        half.refundedCoins = 50
        half.refundedAmount = 49
        // The last coins return the last cents: 49 + 50 = 99, never more than was paid.
        #expect(RefundRules.operatorRefund(topUp: half, balance: 500) == .init(coins: 50, amount: 50, spentCoins: 0))
    }

    @Test func aProviderRefundTakesTheCoinsItsMoneyBought() {
        #expect(RefundRules.providerRefund(topUp: topUp, refundedTotal: 99, balance: 100).coins == 100)
        #expect(RefundRules.providerRefund(topUp: topUp, refundedTotal: 10, balance: 100).coins == 11)
        #expect(
            RefundRules.providerRefund(topUp: topUp, refundedTotal: 99, balance: 30)
                == .init(coins: 30, amount: 99, spentCoins: 70))
        #expect(RefundRules.providerRefund(topUp: topUp, refundedTotal: Int.max, balance: Int.max).coins == 100)
    }

    let body = Array(#"{"id":"evt_1","type":"payment_intent.succeeded"}"#.utf8)
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func aWebhookSignatureIsBelievedOnlyWhenRightAndFresh() throws {
        let good = WebhookSignature.header(body: body, secret: "whsec_a", timestamp: 1_800_000_000)
        try WebhookSignature.verify(header: good, body: body, secret: "whsec_a", now: now)
        // Stripe sends several v1 values while a secret is rolled: one matching is enough.
        try WebhookSignature.verify(
            header: good + ",v1=" + String(repeating: "0", count: 64), body: body, secret: "whsec_a", now: now)
        #expect(throws: WebhookSignature.Failure.noMatchingSignature) {
            try WebhookSignature.verify(header: good, body: body, secret: "whsec_b", now: now)
        }
        #expect(throws: WebhookSignature.Failure.noMatchingSignature) {
            try WebhookSignature.verify(header: good, body: body + [32], secret: "whsec_a", now: now)
        }
        #expect(throws: WebhookSignature.Failure.outsideTolerance(seconds: 301)) {
            try WebhookSignature.verify(header: good, body: body, secret: "whsec_a", now: now + 301)
        }
        for header in [nil, "", "t=1", "v1=abc", "t=x,v1=\(String(repeating: "a", count: 64))", "garbage"] {
            #expect(throws: WebhookSignature.Failure.self) {
                try WebhookSignature.verify(header: header, body: body, secret: "whsec_a", now: now)
            }
        }
        let far = WebhookSignature.header(body: body, secret: "whsec_a", timestamp: .min)
        #expect(throws: WebhookSignature.Failure.self) {
            try WebhookSignature.verify(header: far, body: body, secret: "whsec_a", now: now)
        }
    }

    @Test func mailRetriesWaitLongerEachTimeUpToAnHour() {
        let policy = MailRetryPolicy(base: 30, maxAttempts: 30)
        #expect(policy.delay(afterAttempts: 1) == 30)
        #expect(policy.delay(afterAttempts: 2) == 60)
        #expect(policy.delay(afterAttempts: 5) == 480)
        #expect(policy.delay(afterAttempts: 1000) == 3600)
    }
}
