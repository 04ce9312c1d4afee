import ArgumentParser
import Foundation
import SoTubeAPI
import SoTubeKit

// Coins: the history, the balance and packs, top-ups and gift codes.

struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "Coins in and out: purchases, top-ups, gift codes, grants.")
    @OptionGroup var options: ClientOptions
    @Option(help: "The newest N entries (1–1000).") var limit: Int?

    func run() async throws {
        try await options.run { client, terminal in
            let entries = try await client.walletHistory(limit: limit)
            if terminal.json { return try terminal.printJSON(HistoryDTO(entries: entries)) }
            if entries.isEmpty { return terminal.line("No coins have moved yet.") }
            terminal.table(
                ["Date", "What", "Coins", "Balance"],
                entries.map {
                    [
                        Show.date($0.createdAt), $0.description, ($0.coins > 0 ? "+" : "") + "\($0.coins)",
                        "\($0.balanceAfter)",
                    ]
                }, flexible: 1, styles: [0: .dim, 2: .yellow])
        }
    }
}

struct WalletCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wallet", abstract: "Your balance and the coin packs on sale.")
    @OptionGroup var options: ClientOptions

    func run() async throws {
        try await options.run { client, terminal in
            let wallet = try await client.wallet()
            if terminal.json { return try terminal.printJSON(wallet) }
            terminal.line("Balance: " + terminal.paint(Show.coins(wallet.coins), .bold))
            guard wallet.topUps else {
                return terminal.line("This store sells no coins: redeem a gift code with `sotube-client redeem CODE`.")
            }
            terminal.table(
                ["Pack", "Coins", "Price"], wallet.packs.map { [$0.id, "\($0.coins)", Show.money($0.price)] },
                styles: [0: .dim])
        }
    }
}

struct TopUpCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "topup", abstract: "Start buying a coin pack; prints the page to pay on.")
    @OptionGroup var options: ClientOptions
    @Argument(help: "The pack's id (see `sotube-client wallet`).") var pack: String

    func run() async throws {
        try await options.run { client, terminal in
            let checkout = try await client.startTopUp(packID: pack)
            if terminal.json {
                return try terminal.printJSON(
                    TopUpCreatedDTO(topUpId: checkout.topUpID, checkoutUrl: checkout.checkoutURL.absoluteString))
            }
            terminal.line("Open this page to pay; the coins arrive once the payment is through:")
            terminal.line(terminal.paint(checkout.checkoutURL.absoluteString, .cyan))
        }
    }
}

struct RedeemCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "redeem", abstract: "Redeem a gift code.")
    @OptionGroup var options: ClientOptions
    @Argument(help: "The gift code.") var code: String

    func run() async throws {
        try await options.run { client, terminal in
            let result = try await client.redeem(code: code)
            if terminal.json { return try terminal.printJSON(result) }
            terminal.line("Redeemed \(Show.coins(result.credited)). Balance: \(Show.coins(result.coins)).")
        }
    }
}
