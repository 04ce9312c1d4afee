import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
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
