import Foundation
import SoTubeAPI
import SoTubeKit
import SoTubeServer
import SoTubeTestFixtures
import Testing

/// A purchase whose answer is lost on the way back is sent again with the same Idempotency-Key
/// and charged once: proven with a proxy that closes the connection after the server answered.
@Suite(.liveServer, .serialized) struct PurchaseRetryKitTests {
    @Test(arguments: TestEngine.enabled) func aLostAnswerIsRetriedWithTheSameKeyAndChargedOnce(engine: TestEngine)
        async throws
    {
        let server = try LiveServer.on(engine)
        let (direct, username) = try await server.newUser("retry")
        try await server.grant(username, 100)
        let proxy = try DroppingProxy(upstreamPort: server.port, dropping: 1)
        defer { proxy.stop() }
        // A new client (a fresh connection) on the same session, through the proxy.
        let viaProxy = server.client(
            tokens: InMemoryTokenStore(token: try await direct.tokens.load()),
            via: URL(string: "http://127.0.0.1:\(proxy.port)")!)

        let intent = PurchaseIntent.track("t2")
        let receipt = try await viaProxy.buy(intent)

        let keys = proxy.purchaseKeys
        #expect(keys == [intent.idempotencyKey, intent.idempotencyKey])
        #expect(receipt.attempts == 2)
        #expect(receipt.replayed, "the second answer is the first purchase, replayed")
        #expect(receipt.result.coins == 88)
        try await expectOneCharge(direct, server, balance: 88)
    }

    @Test(arguments: TestEngine.enabled) func anIntentKeptAfterEveryAttemptFailedIsRetriedLaterWithoutCharge(
        engine: TestEngine
    ) async throws {
        let server = try LiveServer.on(engine)
        let (direct, username) = try await server.newUser("later")
        try await server.grant(username, 100)
        let proxy = try DroppingProxy(upstreamPort: server.port, dropping: 2)
        defer { proxy.stop() }
        let viaProxy = server.client(
            tokens: InMemoryTokenStore(token: try await direct.tokens.load()), purchaseAttempts: 2,
            via: URL(string: "http://127.0.0.1:\(proxy.port)")!)

        let intent = PurchaseIntent.track("t2")
        await #expect {
            try await viaProxy.buy(intent)
        } throws: { error in
            if case .offline = error as? SoTubeError { return true }
            return false
        }
        // The app kept the intent (it is Codable) and tries again once the network is back.
        let kept = try SoTubeJSON.decoder.decode(PurchaseIntent.self, from: SoTubeJSON.encoder.encode(intent))
        let receipt = try await viaProxy.buy(kept)
        #expect(proxy.purchaseKeys == Array(repeating: intent.idempotencyKey, count: 3))
        #expect(receipt.replayed && receipt.attempts == 1)
        try await expectOneCharge(direct, server, balance: 88)

        // A new intent for the same song is a new purchase: the server says it is owned.
        await #expect(throws: SoTubeError.alreadyOwned) { try await viaProxy.buy(.track("t2")) }
    }

    /// One purchase of t2 (12 coins) in the list and the ledger, and the balance the ledger sums to.
    func expectOneCharge(_ client: SoTubeClient, _ server: LiveServer, balance: Int) async throws {
        let purchases = try await client.purchases()
        #expect(purchases.map(\.trackIds) == [["t2"]])
        let history = try await client.walletHistory()
        #expect(history.filter { $0.kind == .purchase }.map(\.coins) == [-12])
        #expect(try await client.wallet().coins == balance)
        #expect(try await client.track("t2").track.owned)
        #expect(try await server.services.commerce.verifyLedger().isExact)
    }
}
