import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import SoTubeCore
import SoTubeServer
import SoTubeTestFixtures
import Testing

/// Discount codes (issue 31): made by a seller for its own release, quoted, charged as quoted, counted
/// once per use in the purchase's transaction, refused when expired, used up or another seller's.
@Suite struct SellerDiscountHTTPTests {
    @Test(arguments: TestEngine.enabled)
    func aCodeChargesWhatItQuotedUntilItIsUsedUpOrExpires(engine: TestEngine) async throws {
        let app = try await TestApp.make(databaseURL: try await engine.freshDatabaseURL())
        let songs = try await CommerceFixture.album(app, "a1", prices: [10, 10])
        let others = try await CommerceFixture.album(app, "a2", prices: [10])
        try await app.run { client in
            let boss = try await ConsoleHTTPTests.operatorToken(client, app)
            let ada = try await SellerHTTPTests.invitedSeller(
                client, boss: boss, username: "ada", artists: ["Artist a1"])
            _ = try await SellerHTTPTests.invitedSeller(client, boss: boss, username: "bob", artists: ["Artist a2"])
            let tomorrow = CivilDay(epochMillis: app.clock.now().epochMillis).adding(days: 1).description
            let bad = try await client.json(
                .post, "/api/v1/artist/discounts",
                body: DiscountCreateRequest(code: "x", percent: 20, albumId: nil, expiresOn: nil, maxUses: nil),
                token: ada)
            #expect(bad.status == .unprocessableContent && bad.problem?.field == "discountCode")
            let notHers = try await client.json(
                .post, "/api/v1/artist/discounts",
                body: DiscountCreateRequest(code: "FALL-20", percent: 20, albumId: "a2", expiresOn: nil, maxUses: nil),
                token: ada)
            #expect(notHers.status == .unprocessableContent && notHers.problem?.field == "albumId")
            let made = try await client.json(
                .post, "/api/v1/artist/discounts",
                body: DiscountCreateRequest(
                    code: "fall-20", percent: 20, albumId: "a1", expiresOn: tomorrow, maxUses: 2),
                token: ada)
            #expect(made.status == .created, "\(made.text)")
            #expect(try made.decode(DiscountDTO.self).code == "FALL-20")

            let quote = try await client.json(.get, "/api/v1/discounts/Fall-20?trackId=\(songs[0])&price=10")
            #expect(
                try quote.decode(DiscountQuoteDTO.self)
                    == DiscountQuoteDTO(code: "FALL-20", percent: 20, price: 10, charge: 8))
            let elsewhere = try await client.json(.get, "/api/v1/discounts/FALL-20?trackId=\(others[0])&price=10")
            #expect(elsewhere.status == .unprocessableContent, "a code works only on its seller's release")

            let fan = try await client.register("fan")
            try await CommerceFixture.grant(app, "fan", 100)
            let bought = try await client.buy(
                PurchaseRequest(trackId: songs[0], expectedPrice: 8, discountCode: "fall-20"), key: "k1", token: fan)
            #expect(bought.status == .created, "\(bought.text)")
            let purchase = try bought.decode(PurchaseResultDTO.self).purchase
            #expect(purchase.coins == 8 && purchase.discountCode == "FALL-20")
            let wrongShown = try await client.buy(
                PurchaseRequest(trackId: songs[1], expectedPrice: 10, discountCode: "FALL-20"), key: "k2", token: fan)
            #expect(wrongShown.status == .conflict, "the charge is the price shown, or nothing")
            #expect(
                try await client.buy(
                    PurchaseRequest(trackId: others[0], discountCode: "FALL-20"), key: "k3", token: fan
                ).status == .unprocessableContent)
            #expect(try await client.wallet(fan).coins == 92)
            let second = try await client.buy(
                PurchaseRequest(trackId: songs[1], expectedPrice: 8, discountCode: "FALL-20"), key: "k4", token: fan)
            #expect(second.status == .created)
            let listed = try await client.json(.get, "/api/v1/artist/discounts", token: ada).decode(
                DiscountListDTO.self)
            #expect(listed.discounts.first?.uses == 2, "only completed purchases count a use")

            let other = try await client.register("other")
            try await CommerceFixture.grant(app, "other", 100)
            let usedUp = try await client.buy(
                PurchaseRequest(albumId: "a1", expectedPrice: 16, discountCode: "FALL-20"), key: "k5", token: other)
            #expect(usedUp.status == .unprocessableContent && usedUp.problem?.detail.contains("used up") == true)
            #expect(try await client.wallet(other).coins == 100)

            let expiring = try await client.json(
                .post, "/api/v1/artist/discounts",
                body: DiscountCreateRequest(
                    code: "LAST-DAY", percent: 50, albumId: nil, expiresOn: tomorrow, maxUses: nil),
                token: ada)
            #expect(expiring.status == .created)
            // Two sales of 8 coins at 15 %: 1 coin (1.2 rounded down) for the store each, 7 for ada.
            let overview = try await client.json(.get, "/api/v1/artist/overview", token: ada).decode(
                SellerOverviewDTO.self)
            #expect(overview.totals == SalesTotalsDTO(sales: 2, gross: 16, commission: 2, net: 14))
            let report = try await SellerHTTPTests.report(app)
            #expect(report.isExact, "\(report.problems)")
            // A code works through its last day, not after (sessions end too: the quote needs none).
            app.clock.advance(by: 2 * 86_400)
            let expired = try await client.json(.get, "/api/v1/discounts/LAST-DAY?albumId=a1&price=16")
            #expect(expired.status == .unprocessableContent && expired.problem?.detail.contains("expired") == true)
        }
    }
}
