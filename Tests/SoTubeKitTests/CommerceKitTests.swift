import Foundation
import SoTubeAPI
import SoTubeKit
import SoTubeServer
import SoTubeTestFixtures
import Testing

/// Coins and purchases through the SDK against a real server: a top-up paid on the sandbox
/// checkout page, gift codes, buying songs and albums, My Music, and the typed errors of buying.
@Suite(.liveServer) struct CommerceKitTests {
    @Test(arguments: TestEngine.enabled) func topUpWithTheSandboxCardThenBuy(engine: TestEngine) async throws {
        let server = try LiveServer.on(engine)
        let (client, _) = try await server.newUser("buy")
        let wallet = try await client.wallet()
        #expect(wallet.coins == 0 && wallet.topUps && !wallet.packs.isEmpty)

        // Not enough coins: the error says how many are missing.
        let price = try await client.track("t2").track.price
        await #expect(throws: SoTubeError.notEnoughCoins(missing: price)) { try await client.buy(.track("t2")) }

        let pack = try #require(wallet.packs.min { $0.coins < $1.coins })
        let checkout = try await client.startTopUp(packID: pack.id)
        #expect(checkout.checkoutURL.absoluteString.hasPrefix(server.baseURL.absoluteString + "/sandbox/checkout/"))
        #expect(try await client.topUp(id: checkout.topUpID).status == .pending)
        #expect(try await server.payWithSandboxCard(checkout.checkoutURL) == 303)
        let topUp = try await client.topUp(id: checkout.topUpID)
        #expect(topUp.status == .captured && topUp.coins == pack.coins)
        #expect(try await client.wallet().coins == pack.coins)

        let receipt = try await client.buy(.track("t2"))
        #expect(receipt.result.coins == pack.coins - price && !receipt.replayed && receipt.attempts == 1)
        #expect(receipt.result.purchase.trackIds == ["t2"])
        #expect(try await client.track("t2").track.owned)
        await #expect(throws: SoTubeError.alreadyOwned) { try await client.buy(.track("t2")) }
        await #expect(throws: SoTubeError.notFound) { try await client.buy(.track("nope")) }

        let history = try await client.walletHistory()
        #expect(history.map(\.kind) == [.purchase, .topUp])
        #expect(history.map(\.coins) == [-price, pack.coins])
        #expect(try await client.walletHistory(limit: 1).map(\.kind) == [.purchase])
        #expect(try await client.purchases().map(\.trackIds) == [["t2"]])
        #expect(try await client.me().landing == .library)
        #expect(try await server.services.commerce.verifyLedger().isExact)
    }

    @Test(arguments: TestEngine.enabled) func giftCodesAlbumsAndMyMusic(engine: TestEngine) async throws {
        let server = try LiveServer.on(engine)
        let (client, _) = try await server.newUser("gift")
        let code = try #require(try await server.services.commerce.mintCodes(coins: 200, count: 1).first)
        let redeemed = try await client.redeem(code: code)
        #expect(redeemed.credited == 200 && redeemed.coins == 200)
        await #expect {
            try await client.redeem(code: code)
        } throws: { error in
            guard case .conflict(let field, _) = error as? SoTubeError else { return false }
            return field == "code"
        }
        await #expect(throws: SoTubeError.notFound) { try await client.redeem(code: "ABCD-EFGH-JKLM-NPQR") }
        await #expect {
            try await client.redeem(code: "nope")
        } throws: { error in
            guard case .validation(let field, _) = error as? SoTubeError else { return false }
            return field == "code"
        }

        try await client.buy(.track("t7"))
        let album = try await client.album("al1")
        let receipt = try await client.buy(.album("al1"))
        #expect(receipt.result.purchase.kind == .album)
        #expect(Set(receipt.result.purchase.trackIds) == ["t1", "t2", "t3"])
        #expect(receipt.result.coins == 200 - 10 - album.priceForCaller)
        await #expect(throws: SoTubeError.alreadyOwned) { try await client.buy(.album("al1")) }

        let byDefault = try await client.librarySongs()
        #expect(byDefault.sort == .default)
        #expect(byDefault.tracks.map(\.id) == ["t7", "t1", "t2", "t3"])  // AC/DC before Björk
        #expect(
            try await client.librarySongs(sort: .name).tracks.map(\.title) == [
                "Bachelorette", "Hells Bells", "Hunter", "Jóga",
            ])
        let albums = try await client.libraryAlbums(sort: .name)
        #expect(albums.albums.map(\.album.id) == ["al4", "al1"])
        #expect(try await client.libraryAlbums().sort == .artist)
        let artists = try await client.libraryArtists()
        #expect(artists.map(\.artist.id) == ["ar3", "ar1"])
        #expect(try await server.services.commerce.verifyLedger().isExact)
    }

    /// Issue 28: a purchase carries the price the buyer saw; when it is not the price now, nothing is
    /// charged and the SDK says what it costs, so the app can ask again.
    @Test(arguments: TestEngine.enabled) func aChangedPriceIsAskedAgain(engine: TestEngine) async throws {
        let server = try LiveServer.on(engine)
        let (client, username) = try await server.newUser("price")
        try await server.grant(username, 100)
        let price = try await client.track("t3").track.price
        let stale = PurchaseIntent.track("t3", expectedPrice: price + 5)
        await #expect(throws: SoTubeError.priceChanged(price: price)) { try await client.buy(stale) }
        #expect(try await client.wallet().coins == 100)
        let receipt = try await client.buy(stale.confirming(price: price))
        #expect(receipt.result.purchase.coins == price && receipt.result.coins == 100 - price)
        #expect(try await server.services.commerce.verifyLedger().isExact)
    }

    @Test(arguments: TestEngine.enabled) func aServerThatSellsNoCoinsSaysSo(engine: TestEngine) async throws {
        let paymentsOff: @Sendable (inout ServerConfiguration) -> Void = { $0.payments = .off }
        try await LiveServer.start(engine: engine, configure: paymentsOff) { server in
            let (client, _) = try await server.newUser("off")
            #expect(try await client.wallet().topUps == false)
            await #expect {
                try await client.startTopUp(packID: "small")
            } throws: { error in
                guard case .forbidden(let message) = error as? SoTubeError else { return false }
                return message.contains("gift code")
            }
        }
    }
}
