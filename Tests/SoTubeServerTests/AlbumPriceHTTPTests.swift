import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SQLKit
import SoTubeAPI
import SoTubeCore
import Testing

/// The price an album page shows the caller is the price buying it charges, in every case (SPEC P7).
@Suite struct AlbumPriceHTTPTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var prices: [Int]
        var operatorPrice: Int?
        /// Indexes of the songs the buyer buys one by one first.
        var ownedFirst: [Int]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "derived price", prices: [10, 10, 20], operatorPrice: nil, ownedFirst: []),
        Case(name: "operator's price", prices: [10, 10, 20, 40], operatorPrice: 60, ownedFirst: []),
        Case(name: "operator's price above the songs", prices: [10, 10, 10], operatorPrice: 500, ownedFirst: []),
        Case(name: "partly owned", prices: [10, 10, 20, 40], operatorPrice: 60, ownedFirst: [3]),
        Case(name: "partly owned, derived", prices: [10, 12, 10], operatorPrice: nil, ownedFirst: [0, 2]),
        Case(name: "free songs", prices: [0, 0], operatorPrice: 15, ownedFirst: []),
        Case(name: "fully owned", prices: [10, 20], operatorPrice: nil, ownedFirst: [0, 1]),
    ]

    @Test(arguments: cases)
    func shownPriceIsChargedPrice(_ item: Case) async throws {
        let app = try await TestApp.make()
        let tracks = try await CommerceFixture.album(app, "a1", prices: item.prices, albumPrice: item.operatorPrice)
        try await app.run { client in
            let token = try await client.register("alice")
            try await CommerceFixture.grant(app, "alice", 1000)
            for index in item.ownedFirst {
                let bought = try await client.buy(
                    PurchaseRequest(trackId: tracks[index]), key: "s\(index)", token: token)
                #expect(bought.status == .created)
            }
            let page = try await client.json(.get, "/api/v1/albums/a1", token: token).decode(AlbumDetailDTO.self)
            let before = try await client.wallet(token).coins
            let response = try await client.buy(PurchaseRequest(albumId: "a1"), key: "album", token: token)
            let after = try await client.wallet(token).coins
            if item.ownedFirst.count == item.prices.count {
                #expect(page.priceForCaller == 0)
                response.expectProblem(.conflict)
                #expect(after == before)
            } else {
                #expect(response.status == .created)
                let charged = try response.decode(PurchaseResultDTO.self).purchase.coins
                #expect(charged == page.priceForCaller)
                #expect(before - after == page.priceForCaller)
                if item.ownedFirst.isEmpty { #expect(page.album.price == page.priceForCaller) }
            }
        }
    }
}

/// Issue 28, "Money": a withdrawn song changes the album's price everywhere it is shown, and a purchase
/// charges only the price the buyer confirmed.
@Suite struct ConfirmedPriceHTTPTests {
    @Test func aPriceChangedSinceItWasShownIsA409AndChargesNothing() async throws {
        let app = try await TestApp.make()
        let tracks = try await CommerceFixture.album(app, "a1", prices: [10, 10, 10])
        try await app.run { client in
            let token = try await client.register("alice")
            try await CommerceFixture.grant(app, "alice", 100)
            let shown = try await client.json(.get, "/api/v1/albums/a1", token: token).decode(AlbumDetailDTO.self)
            #expect(shown.priceForCaller == 24 && shown.album.price == 24)
            try await app.services.database.backend.transaction { sql in
                try await sql.raw("UPDATE tracks SET withdrawn_at = 1 WHERE id = \(bind: tracks[2])").run()
            }
            try await Task.sleep(for: .milliseconds(300))  // the catalog cache looks at the version every 250 ms
            let page = try await client.json(.get, "/api/v1/albums/a1", token: token).decode(AlbumDetailDTO.self)
            #expect(page.priceForCaller == 16, "the album page")
            #expect(page.album.price == 16 && page.album.trackCount == 2, "the summary in the album response")
            let embed = try await client.execute(uri: "/embed/album/a1", method: .get)
            #expect(embed.text.contains("Buy · 16 coins"), "the embed page")
            // In the app's language: Russian words, plural forms and the player's labels.
            let russian = try await client.execute(
                uri: "/embed/album/a1", method: .get, headers: [.acceptLanguage: "ru-RU,ru;q=0.9"])
            #expect(russian.text.contains(#"<html lang="ru">"#) && russian.text.contains("Купить · 16 монет"))
            #expect(russian.text.contains(#"aria-label="Слушать" data-play="Слушать" data-pause="Пауза""#))
            #expect(russian.headers[.vary]?.contains("Cookie, Accept-Language") == true)

            // The dialog showed 24: 409 with the price now; nothing is charged.
            let changed = try await client.buy(
                PurchaseRequest(albumId: "a1", expectedPrice: 24), key: "k1", token: token)
            changed.expectProblem(.conflict, field: "expectedPrice")
            #expect(changed.problem?.type == ProblemType.priceChanged && changed.problem?.price == 16)
            #expect(try await client.wallet(token).coins == 100)

            // Confirmed again at 16 (same key): charged 16.
            let bought = try await client.buy(
                PurchaseRequest(albumId: "a1", expectedPrice: 16), key: "k1", token: token)
            #expect(bought.status == .created)
            #expect(try bought.decode(PurchaseResultDTO.self).purchase.coins == 16)
            #expect(try await client.wallet(token).coins == 84)

            let negative = try await client.buy(
                PurchaseRequest(trackId: tracks[0], expectedPrice: -1), key: "k2", token: token)
            negative.expectProblem(.unprocessableContent, field: "expectedPrice")
        }
    }
}
