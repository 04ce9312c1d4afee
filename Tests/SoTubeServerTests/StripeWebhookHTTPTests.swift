import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import SoTubeCore
import SoTubeServer
import Testing

/// `POST /webhooks/stripe` through the whole server: signed events credit once, bad ones change
/// nothing, refunds and disputes take effect. Stripe itself is not needed for these (the events
/// carry what the store reads); its address is a closed port, so a call to it would fail loudly.
@Suite struct StripeWebhookHTTPTests {
    static let secret = "whsec_test_secret"

    static func app() async throws -> TestApp {
        try await TestApp.make {
            $0.payments = .stripe
            $0.stripe = StripeSettings(
                secretKey: "sk_test_x", publishableKey: "pk_test_x", webhookSecret: secret,
                apiURL: "http://127.0.0.1:9", jsURL: "http://127.0.0.1:9/js.stripe.com/v3/")
        }
    }

    /// A pending Stripe top-up of 100 coins for 0.99 USD for `username`.
    static func pendingTopUp(_ app: TestApp, username: String, id: String) async throws -> String {
        let user = try #require(try await app.services.database.accounts.credentials(username: username)?.user)
        try await app.services.database.commerce.createTopUp(
            TopUp(
                id: id, userID: user.id, packID: "small", coins: 100, price: Money(amount: 99, currency: "USD"),
                status: .pending, provider: "stripe", providerReference: "pi_\(id)", createdAt: app.clock.now()))
        return user.id
    }

    static func event(_ id: String, _ type: String, _ object: [String: Any]) throws -> [UInt8] {
        Array(try JSONSerialization.data(withJSONObject: ["id": id, "type": type, "data": ["object": object]]))
    }

    static func succeeded(_ topUp: String, amount: Int = 99) -> [String: Any] {
        [
            "id": "pi_\(topUp)", "object": "payment_intent", "status": "succeeded", "amount": amount,
            "amount_received": amount, "currency": "usd", "metadata": ["top_up_id": topUp],
        ]
    }

    static func post(
        _ client: any TestClientProtocol, _ body: [UInt8], signature: String?
    ) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let signature { headers[HTTPField.Name("Stripe-Signature")!] = signature }
        return try await client.execute(
            uri: "/webhooks/stripe", method: .post, headers: headers, body: ByteBuffer(bytes: body))
    }

    func signed(_ app: TestApp, _ body: [UInt8], secondsAgo: Int64 = 0) -> String {
        let now = Int64(app.clock.now().timeIntervalSince1970)
        return WebhookSignature.header(body: body, secret: Self.secret, timestamp: now - secondsAgo)
    }

    @Test func aSignedPaymentCreditsOnceAndBadOnesChangeNothing() async throws {
        let app = try await Self.app()
        try await app.run { client in
            let token = try await client.register("payer")
            _ = try await Self.pendingTopUp(app, username: "payer", id: "tu_a")
            let body = try Self.event("evt_1", "payment_intent.succeeded", Self.succeeded("tu_a"))
            func coins() async throws -> Int {
                try await client.json(.get, "/api/v1/wallet", token: token).decode(WalletDTO.self).coins
            }

            // Forged, stale, unsigned, or not an event: 400, and no coins.
            let forged = WebhookSignature.header(
                body: body, secret: "whsec_other", timestamp: Int64(app.clock.now().timeIntervalSince1970))
            for signature in [forged, signed(app, body, secondsAgo: 600), "t=1,v1=zz"] {
                let refused = try await Self.post(client, body, signature: signature)
                #expect(refused.status == .badRequest)
                #expect(refused.headers[.contentType] == "application/problem+json")
            }
            #expect(try await Self.post(client, body, signature: nil).status == .badRequest)
            let junk = Array("not json".utf8)
            #expect(try await Self.post(client, junk, signature: signed(app, junk)).status == .badRequest)
            #expect(try await coins() == 0)

            // The real one credits; the same event again, or another event for the same payment, does not.
            let first = try await Self.post(client, body, signature: signed(app, body))
            #expect(first.status == .ok)
            #expect(try await coins() == 100)
            let replay = try await Self.post(client, body, signature: signed(app, body))
            #expect(try replay.decode(WebhookResultDTO.self).outcome.contains("applied before"))
            let other = try Self.event("evt_2", "payment_intent.succeeded", Self.succeeded("tu_a"))
            #expect(try await Self.post(client, other, signature: signed(app, other)).status == .ok)
            #expect(try await coins() == 100)
            let topUp = try await client.json(.get, "/api/v1/wallet/top-ups/tu_a", token: token).decode(TopUpDTO.self)
            #expect(topUp.status == .captured && topUp.paid == MoneyDTO(amount: 99, currency: "USD"))
            #expect(try await app.services.commerce.verifyLedger().problems == [])

            // A payment of another amount than the pack's price credits nothing.
            _ = try await Self.pendingTopUp(app, username: "payer", id: "tu_b")
            let wrong = try Self.event("evt_3", "payment_intent.succeeded", Self.succeeded("tu_b", amount: 1))
            let mismatch = try await Self.post(client, wrong, signature: signed(app, wrong))
            #expect(try mismatch.decode(WebhookResultDTO.self).outcome.contains("not credited"))
            #expect(try await coins() == 100)
        }
    }

    @Test func aRefundInStripeTakesCoinsBackAndADisputeStopsBuying() async throws {
        let app = try await Self.app()
        try await app.run { client in
            let token = try await client.register("refunded")
            _ = try await Self.pendingTopUp(app, username: "refunded", id: "tu_r")
            let paid = try Self.event("evt_p", "payment_intent.succeeded", Self.succeeded("tu_r"))
            #expect(try await Self.post(client, paid, signature: signed(app, paid)).status == .ok)

            let refund = try Self.event(
                "evt_r", "charge.refunded",
                ["id": "ch_1", "object": "charge", "payment_intent": "pi_tu_r", "amount": 99, "amount_refunded": 99])
            #expect(try await Self.post(client, refund, signature: signed(app, refund)).status == .ok)
            let wallet = try await client.json(.get, "/api/v1/wallet", token: token).decode(WalletDTO.self)
            #expect(wallet.coins == 0)
            let history = try await client.json(.get, "/api/v1/wallet/history", token: token).decode(HistoryDTO.self)
            #expect(history.entries.first?.kind == .refund && history.entries.first?.coins == -100)

            let dispute = try Self.event(
                "evt_d", "charge.dispute.created",
                [
                    "id": "dp_1", "object": "dispute", "payment_intent": "pi_tu_r", "amount": 99, "currency": "usd",
                    "reason": "fraudulent",
                ])
            #expect(try await Self.post(client, dispute, signature: signed(app, dispute)).status == .ok)
            let buy = try await client.json(
                .post, "/api/v1/purchases", body: PurchaseRequest(trackId: "no-such-song"), token: token,
                headers: [HTTPField.Name(SoTubeHeader.idempotencyKey)!: "k1"])
            #expect(buy.status == .forbidden)
            #expect(buy.problem?.type == ProblemType.accountFrozen)
            let topUp = try await client.json(
                .post, "/api/v1/wallet/top-ups", body: TopUpRequest(packId: "small"), token: token)
            #expect(topUp.problem?.type == ProblemType.accountFrozen)

            let open = try await app.services.commerce.disputes(includeSettled: false)
            _ = try await app.services.commerce.settleDispute(id: try #require(open.first?.id), note: "won")
            let after = try await client.json(
                .post, "/api/v1/purchases", body: PurchaseRequest(trackId: "no-such-song"), token: token,
                headers: [HTTPField.Name(SoTubeHeader.idempotencyKey)!: "k2"])
            #expect(after.status == .notFound)
            #expect(try await app.services.commerce.verifyLedger().problems == [])
        }
    }

    @Test func anUnreachableStripeLeavesTheTopUpUnpaidWithAClearAnswer() async throws {
        let app = try await Self.app()
        try await app.run { client in
            let token = try await client.register("offline")
            let started = try await client.json(
                .post, "/api/v1/wallet/top-ups", body: TopUpRequest(packId: "small"), token: token)
            #expect(started.status == .badGateway)
            #expect(started.problem?.type == ProblemType.paymentProvider)
            _ = try await Self.pendingTopUp(app, username: "offline", id: "tu_o")
            let card = try await client.json(
                .post, "/api/v1/wallet/top-ups/tu_o/card", body: TopUpCardRequest(token: "tok_1"), token: token)
            #expect(card.status == .badGateway)
            let topUp = try await client.json(.get, "/api/v1/wallet/top-ups/tu_o", token: token).decode(TopUpDTO.self)
            #expect(topUp.status == .pending)
            #expect(try await client.json(.get, "/api/v1/wallet", token: token).decode(WalletDTO.self).coins == 0)
        }
    }
}
