import ArgumentParser
import Foundation
import SoTubeAPI
import SoTubeKit

struct BuyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "buy",
        abstract: "Buy a song or an album with coins: buy song|album ID.",
        discussion: """
            Asks before buying unless --yes is given, and buys at the price shown: when the price
            changed meanwhile nothing is charged and it asks again at the new price (with --yes it
            says so and stops, exit code 1). When coins are short it says how many are missing,
            starts a top-up and prints its checkout address (exit code 3).
            """)
    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case song, album
    }
    @OptionGroup var options: ClientOptions
    @Argument(help: "song or album.") var kind: Kind
    @Argument(help: "Its id.") var id: String
    @Flag(name: [.short, .long], help: "Buy without asking.") var yes = false

    /// What `--json` prints when coins are short.
    struct Shortfall: Encodable {
        var missingCoins: Int
        var coins: Int
        var packId: String?
        var checkoutUrl: String?
    }

    func run() async throws {
        try await options.run { client, terminal in
            var (title, price, owned, intent) = try await describe(client)
            if owned {
                if terminal.json { return try terminal.printJSON(["alreadyOwned": true]) }
                return terminal.line("You already own \(title). Nothing was charged.")
            }
            var question = "Buy \(title) for \(Show.coins(price))?"
            while true {
                if !yes {
                    let balance = try await client.wallet().coins
                    guard terminal.confirm("\(question) You have \(Show.coins(balance)).") else {
                        terminal.note("Cancelled; nothing was bought.")
                        throw ExitCode(ExitStatus.cancelled)
                    }
                }
                do {
                    let receipt = try await client.buy(intent)
                    if terminal.json { return try terminal.printJSON(receipt.result) }
                    let purchase = receipt.result.purchase
                    return terminal.line(
                        terminal.paint("Bought", .green) + " \(purchase.title) for \(Show.coins(purchase.coins)). "
                            + "Balance: \(Show.coins(receipt.result.coins)).")
                } catch SoTubeError.priceChanged(let now) {
                    let change =
                        "The price of \(title) changed from \(Show.coins(price)) to \(Show.coins(now)) since it was shown; nothing was charged."
                    if yes {
                        terminal.fail(change + " Run the command again to buy it at the new price.")
                        throw ExitCode(ExitStatus.failure)
                    }
                    terminal.note(change)
                    question = "Buy \(title) for \(Show.coins(now)) now?"
                    price = now
                    intent = intent.confirming(price: now)
                } catch SoTubeError.notEnoughCoins(let missing) {
                    try await offerTopUp(client, terminal, missing: missing)
                    throw ExitCode(ExitStatus.notEnoughCoins)
                } catch SoTubeError.alreadyOwned {
                    if terminal.json { return try terminal.printJSON(["alreadyOwned": true]) }
                    return terminal.line("You already own \(title). Nothing was charged.")
                }
            }
        }
    }

    /// The title shown at the prompt, the price, whether it is owned, and the purchase intent.
    func describe(_ client: SoTubeClient) async throws -> (String, Int, Bool, PurchaseIntent) {
        switch kind {
        case .song:
            let track = try await client.track(id).track
            return (
                "“\(track.title)” by \(track.artistName)", track.price, track.owned,
                .track(id, expectedPrice: track.price)
            )
        case .album:
            let detail = try await client.album(id)
            let owned = !detail.tracks.isEmpty && detail.tracks.allSatisfy(\.owned)
            return (
                "the album “\(detail.album.title)” by \(detail.album.artistName)", detail.priceForCaller, owned,
                .album(id, expectedPrice: detail.priceForCaller)
            )
        }
    }

    /// Says what is missing and starts a top-up of the smallest pack that covers it.
    func offerTopUp(_ client: SoTubeClient, _ terminal: Terminal, missing: Int) async throws {
        let wallet = try await client.wallet()
        var shortfall = Shortfall(missingCoins: missing, coins: wallet.coins)
        let packs = wallet.packs.sorted { $0.coins < $1.coins }
        if wallet.topUps, let pack = packs.first(where: { $0.coins >= missing }) ?? packs.last {
            let checkout = try await client.startTopUp(packID: pack.id)
            shortfall.packId = pack.id
            shortfall.checkoutUrl = checkout.checkoutURL.absoluteString
            if terminal.json { return try terminal.printJSON(shortfall) }
            terminal.fail("Not enough coins: you need \(Show.coins(missing)) more (you have \(wallet.coins)).")
            terminal.line(
                "Top up \(Show.coins(pack.coins)) for \(Show.money(pack.price)): open this page to pay, then buy again:"
            )
            terminal.line(terminal.paint(checkout.checkoutURL.absoluteString, .cyan))
        } else {
            if terminal.json { return try terminal.printJSON(shortfall) }
            terminal.fail("Not enough coins: you need \(Show.coins(missing)) more (you have \(wallet.coins)).")
            terminal.line("This store sells no coins: redeem a gift code with `sotube-client redeem CODE`.")
        }
    }
}
