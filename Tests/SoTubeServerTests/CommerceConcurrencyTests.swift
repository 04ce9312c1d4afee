import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import SoTubeCore
import SoTubeTestFixtures
import Testing

/// Many purchases and captures at once, over HTTP: the ledger must come out exact.
@Suite struct CommerceConcurrencyTests {
    @Test(arguments: TestEngine.enabled)
    func parallelPurchasesAndReplayedCapturesLeaveTheLedgerExact(_ engine: TestEngine) async throws {
        let app = try await TestApp.make(databaseURL: try await engine.freshDatabaseURL())
        let tracks = try await CommerceFixture.album(app, "a1", prices: Array(repeating: 10, count: 20))
        try await app.run { client in
            let alice = try await client.register("alice")
            let bob = try await client.register("bob")
            let carol = try await client.register("carol")
            try await CommerceFixture.grant(app, "alice", 100)
            try await CommerceFixture.grant(app, "bob", 1000)
            let topUpID = try await client.json(
                .post, "/api/v1/wallet/top-ups", body: TopUpRequest(packId: "large"), token: carol
            ).decode(TopUpCreatedDTO.self).topUpId
            let topUp = try #require(try await app.services.commerce.store.topUp(id: topUpID))
            let signature = app.services.commerce.sandbox.signature(
                topUpID: topUpID, reference: topUp.providerReference)
            let notification = CaptureNotification(
                topUpId: topUpID, providerReference: topUp.providerReference)

            enum Call: Sendable {
                case buy(String, PurchaseRequest, String)
                case capture, payPage
            }
            var calls: [Call] = []
            // alice: 20 songs with their own keys but only 100 coins → 10 bought, 10 refused with 402.
            for (index, track) in tracks.enumerated() {
                calls.append(.buy(alice, PurchaseRequest(trackId: track), "a-\(index)"))
            }
            // alice: one key retried 10 times for a song she may already be buying under another key.
            for _ in 0..<10 { calls.append(.buy(alice, PurchaseRequest(trackId: tracks[0]), "a-retry")) }
            // bob: the same song 15 times with different keys → exactly one purchase.
            for index in 0..<15 {
                calls.append(.buy(bob, PurchaseRequest(trackId: tracks[5]), "b-\(index)"))
            }
            // bob: one key 15 times → one purchase, the same answer each time.
            for _ in 0..<15 { calls.append(.buy(bob, PurchaseRequest(trackId: tracks[6]), "b-same")) }
            // carol: the capture callback replayed 20 times, racing the hosted page's own capture.
            for _ in 0..<20 { calls.append(.capture) }
            for _ in 0..<5 { calls.append(.payPage) }
            calls.shuffle()

            let results = try await withThrowingTaskGroup(of: (String, Int, String).self) { group in
                for call in calls {
                    group.addTask {
                        switch call {
                        case .buy(let token, let body, let key):
                            let response = try await client.buy(body, key: key, token: token)
                            let id = (try? response.decode(PurchaseResultDTO.self))?.purchase.id ?? ""
                            return (key, Int(response.status.code), id)
                        case .capture:
                            var headers = HTTPFields()
                            headers[HTTPField.Name("X-Sandbox-Signature")!] = signature
                            let response = try await client.json(
                                .post, "/api/v1/payments/sandbox/capture", body: notification, headers: headers)
                            let credited = (try? response.decode(CaptureResultDTO.self))?.credited ?? false
                            return ("capture", Int(response.status.code), credited ? "credited" : "")
                        case .payPage:
                            let response = try await client.payOnSandbox(
                                topUpID,
                                ["method": "card", "number": "4242424242424242", "expiry": "12/30", "cvc": "123"])
                            return ("page", Int(response.status.code), "")
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }

            #expect(
                results.allSatisfy { [200, 201, 303, 402, 409].contains($0.1) },
                "\(results.filter { ![200, 201, 303, 402, 409].contains($0.1) })")
            let captures = results.filter { $0.0 == "capture" }
            #expect(captures.allSatisfy { $0.1 == 200 })
            #expect(captures.filter { $0.2 == "credited" }.count <= 1)
            #expect(results.filter { $0.0 == "page" }.allSatisfy { $0.1 == 303 })
            #expect(try await client.wallet(carol).coins == 1200)

            let sameKey = results.filter { $0.0 == "b-same" }
            #expect(sameKey.allSatisfy { $0.1 == 201 })
            #expect(Set(sameKey.map(\.2)).count == 1)
            let bobSong = results.filter { $0.0.hasPrefix("b-") && $0.0 != "b-same" }
            #expect(bobSong.filter { $0.1 == 201 }.count == 1)
            #expect(bobSong.filter { $0.1 == 409 }.count == 14)
            #expect(try await client.wallet(bob).coins == 1000 - 20)

            let alicePurchases = try await client.json(.get, "/api/v1/purchases", token: alice).decode(
                PurchaseListDTO.self)
            #expect(alicePurchases.purchases.count == 10)
            #expect(Set(alicePurchases.purchases.flatMap(\.trackIds)).count == 10)
            #expect(try await client.wallet(alice).coins == 0)
            let retried = results.filter { $0.0 == "a-retry" }
            #expect(Set(retried.filter { $0.1 == 201 }.map(\.2)).count <= 1)

            let report = try await app.services.commerce.verifyLedger()
            #expect(report.isExact, "\(report.problems)")
            #expect(report.purchaseCount == 10 + 2)
            #expect(report.topUpCount == 1)
        }
    }
}
