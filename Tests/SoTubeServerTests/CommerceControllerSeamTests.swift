import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import SoTubeCore
import Testing

@testable import SoTubeServer

/// The commerce controllers against a scripted `FakeCommerce`: no SQL, only what each route makes of
/// its service's answers.
@Suite struct CommerceControllerSeamTests {
    @Test func purchaseRouteMapsOutcomesToStatusesAndHeaders() async throws {
        let commerce = FakeCommerce(coins: 15, prices: ["t1": 10, "t2": 10])
        try await withSeam({ PurchaseController(purchases: commerce).register(on: RouteRegistrar($0)) }) { client in
            let key: HTTPFields = [HTTPField.Name("Idempotency-Key")!: "k1"]
            let first = try await client.call(
                .post, "/api/v1/purchases", as: "ann", body: #"{"trackId":"t1"}"#, headers: key)
            #expect(first.status == .created)
            #expect(try first.decode(PurchaseResultDTO.self).coins == 5)
            #expect(first.headers[HTTPField.Name("Idempotent-Replayed")!] == nil)

            let retry = try await client.call(
                .post, "/api/v1/purchases", as: "ann", body: #"{"trackId":"t1"}"#, headers: key)
            #expect(retry.status == .created)
            #expect(retry.headers[HTTPField.Name("Idempotent-Replayed")!] == "true")

            let broke = try await client.call(
                .post, "/api/v1/purchases", as: "ann", body: #"{"trackId":"t2"}"#,
                headers: [HTTPField.Name("Idempotency-Key")!: "k2"])
            broke.expectProblem(HTTPResponse.Status(code: 402))
            #expect(broke.problem?.missingCoins == 5)

            try await client.call(.post, "/api/v1/purchases", as: "ann", body: #"{"trackId":"t2"}"#)
                .expectProblem(.unprocessableContent, field: "Idempotency-Key")
            try await client.call(.post, "/api/v1/purchases", body: #"{"trackId":"t2"}"#, headers: key)
                .expectProblem(.unauthorized)

            let list = try await client.call(.get, "/api/v1/purchases", as: "ann").decode(PurchaseListDTO.self)
            #expect(list.purchases.map(\.trackIds) == [["t1"]])
        }
        #expect(await commerce.coins == 5)
    }

    @Test func walletRoutesShowBalancePacksAndOwnTopUpsOnly() async throws {
        let commerce = FakeCommerce(coins: 20, prices: [:])
        try await withSeam({
            WalletController(wallet: commerce, payments: .sandbox, stripe: nil).register(on: RouteRegistrar($0))
        }) { client in
            let wallet = try await client.call(.get, "/api/v1/wallet", as: "ann").decode(WalletDTO.self)
            #expect(wallet.coins == 20 && wallet.packs.map(\.id) == ["small"])

            let created = try await client.call(
                .post, "/api/v1/wallet/top-ups", as: "ann", body: #"{"packId":"small"}"#)
            #expect(created.status == .created)
            let topUp = try created.decode(TopUpCreatedDTO.self)
            #expect(try await client.call(.get, "/api/v1/wallet/top-ups/\(topUp.topUpId)", as: "ann").status == .ok)
            try await client.call(.get, "/api/v1/wallet/top-ups/\(topUp.topUpId)", as: "bob").expectProblem(.notFound)
            try await client.call(.post, "/api/v1/wallet/top-ups", as: "ann", body: #"{"packId":"huge"}"#)
                .expectProblem(.unprocessableContent, field: "packId")

            let redeemed = try await client.call(
                .post, "/api/v1/wallet/redeem", as: "ann", body: #"{"code":"GIFT-CODE"}"#)
            #expect(try redeemed.decode(RedeemResultDTO.self) == RedeemResultDTO(credited: 50, coins: 70))
            try await client.call(.get, "/api/v1/wallet/history?limit=0", as: "ann")
                .expectProblem(.unprocessableContent, field: "limit")
        }
    }

    @Test func sandboxCheckoutCancelsCapturesAndChecksSignatures() async throws {
        let commerce = FakeCommerce(coins: 0, prices: [:])
        let (topUp, _) = try await commerce.startTopUp(userID: "u-ann", packID: "small")
        try await withSeam(
            identities: false,
            {
                let controller = SandboxCheckoutController(checkout: commerce, clock: ManualClock())
                controller.registerHostedPages(on: RouteRegistrar($0))
                controller.register(on: RouteRegistrar($0))
            }
        ) { client in
            let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            let declined = try await client.call(
                .post, "/sandbox/checkout/\(topUp.id)", body: "method=card&number=4000", headers: form)
            #expect(declined.status.code == 402)
            #expect(String(buffer: declined.body).contains("Your card was declined."))
            let paid = try await client.call(
                .post, "/sandbox/checkout/\(topUp.id)", body: "method=card&number=4242", headers: form)
            #expect(paid.status == .seeOther)
            #expect(paid.headers[.location] == "/#/account?topUp=\(topUp.id)")

            let forged = #"{"topUpId":"\#(topUp.id)","providerReference":"ref"}"#
            try await client.call(.post, "/api/v1/payments/sandbox/capture", body: forged).expectProblem(.unauthorized)
            #expect(try await client.call(.get, "/sandbox/checkout/nope").status == .notFound)
        }
        #expect(await commerce.coins == 100)
        #expect(await commerce.checkoutTopUp(id: topUp.id)?.status == .captured)
    }
}
