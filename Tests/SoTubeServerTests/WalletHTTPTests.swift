import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import SoTubeCore
import Testing

@Suite struct WalletHTTPTests {
    @Test func theWalletShowsBalanceAndPacks() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            #expect(try await client.json(.get, "/api/v1/wallet").status == .unauthorized)
            let token = try await client.register("alice")
            let wallet = try await client.wallet(token)
            #expect(wallet.coins == 0)
            #expect(wallet.packs.map(\.id) == ["small", "medium", "large"])
            #expect(
                wallet.packs[1]
                    == CoinPackDTO(id: "medium", coins: 550, price: MoneyDTO(amount: 499, currency: "USD")))
            try await CommerceFixture.grant(app, "alice", 42)
            #expect(try await client.wallet(token).coins == 42)
        }
    }

    @Test func aTopUpOpensACheckoutAndCreditsNothingUntilCaptured() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let token = try await client.register("bob")
            let created = try await client.json(
                .post, "/api/v1/wallet/top-ups", body: TopUpRequest(packId: "medium"), token: token)
            #expect(created.status == .created)
            let checkout = try created.decode(TopUpCreatedDTO.self)
            #expect(checkout.checkoutUrl == "/sandbox/checkout/\(checkout.topUpId)")
            #expect(checkout.topUpId.count > 20)

            let topUp = try await client.json(
                .get, "/api/v1/wallet/top-ups/\(checkout.topUpId)", token: token)
            #expect(topUp.status == .ok)
            let dto = try topUp.decode(TopUpDTO.self)
            #expect(
                dto.status == .pending && dto.coins == 550
                    && dto.price == MoneyDTO(amount: 499, currency: "USD"))
            #expect(try await client.wallet(token).coins == 0)

            let other = try await client.register("mallory")
            let foreign = try await client.json(
                .get, "/api/v1/wallet/top-ups/\(checkout.topUpId)", token: other)
            #expect(foreign.status == .notFound)
            #expect(
                try await client.json(.get, "/api/v1/wallet/top-ups/nope", token: token).status == .notFound
            )
            #expect(
                try await client.json(.get, "/api/v1/wallet/top-ups/\(checkout.topUpId)").status
                    == .unauthorized)

            let unknownPack = try await client.json(
                .post, "/api/v1/wallet/top-ups", body: TopUpRequest(packId: "gold"), token: token)
            #expect(unknownPack.status == .unprocessableContent && unknownPack.problem?.field == "packId")
            let missing = try await client.json(
                .post, "/api/v1/wallet/top-ups", body: ["pack": "x"], token: token)
            #expect(missing.status == .unprocessableContent && missing.problem?.field == "packId")
            let anonymous = try await client.json(
                .post, "/api/v1/wallet/top-ups", body: TopUpRequest(packId: "small"))
            #expect(anonymous.status == .unauthorized)
        }
    }

    @Test func giftCodesAreRedeemedOnce() async throws {
        let app = try await TestApp.make()
        let codes = try await app.services.commerce.mintCodes(coins: 250, count: 2)
        #expect(codes.count == 2 && codes[0] != codes[1])
        try await app.run { client in
            let alice = try await client.register("alice")
            let bob = try await client.register("bob")
            let redeemed = try await client.json(
                .post, "/api/v1/wallet/redeem", body: RedeemRequest(code: codes[0].lowercased()),
                token: alice)
            #expect(redeemed.status == .ok)
            #expect(
                try redeemed.decode(RedeemResultDTO.self) == RedeemResultDTO(credited: 250, coins: 250))
            let twice = try await client.json(
                .post, "/api/v1/wallet/redeem", body: RedeemRequest(code: codes[0]), token: bob)
            #expect(twice.status == .conflict)
            let unknown = try await client.json(
                .post, "/api/v1/wallet/redeem", body: RedeemRequest(code: "AAAA-BBBB-CCCC-DDDD"), token: bob
            )
            #expect(unknown.status == .notFound)
            let malformed = try await client.json(
                .post, "/api/v1/wallet/redeem", body: RedeemRequest(code: "hello"), token: bob)
            #expect(malformed.status == .unprocessableContent && malformed.problem?.field == "code")
            let anonymous = try await client.json(
                .post, "/api/v1/wallet/redeem", body: RedeemRequest(code: codes[1]))
            #expect(anonymous.status == .unauthorized)
            #expect(try await client.wallet(bob).coins == 0)
        }
    }

    @Test func historyListsEveryMovementWithTheBalanceAfter() async throws {
        let app = try await TestApp.make()
        let tracks = try await CommerceFixture.album(app, "a1", prices: [30])
        let code = try await app.services.commerce.mintCodes(coins: 20, count: 1)[0]
        try await app.run { client in
            let token = try await client.register("carol")
            try await CommerceFixture.grant(app, "carol", 100)
            app.clock.advance(by: 60)
            _ = try await client.json(
                .post, "/api/v1/wallet/redeem", body: RedeemRequest(code: code), token: token)
            app.clock.advance(by: 60)
            _ = try await client.buy(PurchaseRequest(trackId: tracks[0]), key: "k", token: token)
            app.clock.advance(by: 60)
            let checkout = try await client.json(
                .post, "/api/v1/wallet/top-ups", body: TopUpRequest(packId: "small"), token: token
            )
            .decode(TopUpCreatedDTO.self)
            let paid = try await client.payOnSandbox(
                checkout.topUpId,
                ["method": "card", "number": "4242 4242 4242 4242", "expiry": "12/30", "cvc": "123"])
            #expect(paid.status == .seeOther)

            let history = try await client.json(.get, "/api/v1/wallet/history", token: token).decode(
                HistoryDTO.self)
            #expect(history.entries.map(\.kind) == [.topUp, .purchase, .giftCode, .grant])
            #expect(history.entries.map(\.coins) == [100, -30, 20, 100])
            #expect(history.entries.map(\.balanceAfter) == [190, 90, 120, 100])
            #expect(history.entries[0].money == MoneyDTO(amount: 99, currency: "USD"))
            #expect(history.entries[1].description == "Song “Song 1”")
            #expect(history.entries[1].money == nil)
            #expect(history.entries[0].createdAt > history.entries[1].createdAt)

            let limited = try await client.json(.get, "/api/v1/wallet/history?limit=2", token: token)
                .decode(HistoryDTO.self)
            #expect(limited.entries.count == 2)
            #expect(
                try await client.json(.get, "/api/v1/wallet/history?limit=0", token: token).status
                    == .unprocessableContent)
            #expect(
                try await client.json(.get, "/api/v1/wallet/history?limit=x", token: token).status
                    == .unprocessableContent)
            #expect(try await client.json(.get, "/api/v1/wallet/history").status == .unauthorized)
        }
    }

    @Test func everyCommerceRouteIsInTheOpenAPIDocument() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let document = try await client.execute(uri: "/openapi.json", method: .get).text
            for path in [
                "/api/v1/wallet", "/api/v1/wallet/top-ups", "/api/v1/wallet/top-ups/{id}",
                "/api/v1/wallet/history",
                "/api/v1/wallet/redeem", "/api/v1/purchases", "/api/v1/payments/sandbox/capture",
                "/sandbox/checkout/{id}",
            ] {
                #expect(document.contains("\"\(path)\""), "\(path)")
            }
            #expect(document.contains("text/html"))
            #expect(document.contains("Idempotency-Key"))
        }
    }
}
