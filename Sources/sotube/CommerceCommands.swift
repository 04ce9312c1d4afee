import ArgumentParser
import Foundation
import SoTubeCore
import SoTubeServer

/// Runs `body` with opened services and always closes the database; a domain error becomes a message
/// on stderr and a non-zero exit.
func withServices(_ store: StoreOptions, _ body: (AppServices) async throws -> Void) async throws {
    let services = try await AppServices.open(try store.configuration())
    do {
        try await body(services)
    } catch let error as DomainError {
        await services.database.shutdown()
        throw ValidationError(error.message)
    } catch {
        await services.database.shutdown()
        throw error
    }
    await services.database.shutdown()
}

struct CoinsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coins", abstract: "Give users coins.", subcommands: [Grant.self])

    struct Grant: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Credit coins to a user (written as a ledger entry, like every balance change).",
            discussion: "Example: sotube coins grant alice 500")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The user's name.") var username: String
        @Argument(help: "How many coins (1–1000000; negative takes them back).") var coins: Int
        @Option(help: "Why: shown in the user's history and the audit log.") var reason = "Granted by the operator"

        func run() async throws {
            try await withServices(store) { services in
                guard let user = try await services.database.accounts.credentials(username: username)?.user else {
                    throw DomainError.notFound(what: "The user '\(username)'")
                }
                let outcome = try await services.operators.adjustCoins(
                    .cli(login: cliLogin), userID: user.id, coins: coins, reason: reason)
                print(
                    "\(coins > 0 ? "granted" : "took") \(abs(outcome.coins)) coins \(coins > 0 ? "to" : "from") \(username); balance \(outcome.balance)"
                )
            }
        }
    }
}

struct LedgerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ledger", abstract: "Check the coin ledger.", subcommands: [Verify.self])

    struct Verify: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Exit 0 only if every balance equals its ledger sum and every purchase has exactly one debit.",
            discussion:
                "Also checks that every captured top-up has exactly one credit, names its payment and was paid its price; that every refund took back its coins; and that every owned song has a purchase."
        )
        @OptionGroup var store: StoreOptions

        func run() async throws {
            var exact = false
            try await withServices(store) { services in
                let report = try await services.commerce.verifyLedger()
                for problem in report.problems {
                    try? FileHandle.standardError.write(contentsOf: Data("ledger: \(problem)\n".utf8))
                }
                exact = report.isExact
                print(
                    "\(report.isExact ? "ledger exact" : "LEDGER WRONG: \(report.problems.count) problems"): "
                        + "\(report.accountCount) accounts, \(report.entryCount) entries, "
                        + "\(report.purchaseCount) purchases, \(report.topUpCount) captured top-ups")
            }
            if !exact { throw ExitCode(1) }
        }
    }
}

struct CodesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "codes", abstract: "Gift codes users redeem for coins.", subcommands: [Mint.self])

    struct Mint: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Mint gift codes and print them, one per line.",
            discussion: "Example: sotube codes mint --coins 500 --count 10")
        @OptionGroup var store: StoreOptions
        @Option(help: "Coins each code is worth (1–1000000).") var coins: Int
        @Option(help: "How many codes (1–10000).") var count: Int = 1
        @Option(help: "A name for the batch, as the console lists it.") var label: String?

        func run() async throws {
            try await withServices(store) { services in
                // A batch, as the console makes them: listed there, exported as CSV, in the audit log.
                let (_, codes) = try await services.operators.createCodeBatch(
                    .cli(login: cliLogin), coins: coins, count: count, expiresAt: nil, label: label)
                for code in codes { print(code) }
            }
        }
    }
}

struct PacksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "packs", abstract: "The coin packs on sale (stored in the database).",
        discussion:
            "A fresh store sells small (100 coins, 0.99 USD), medium (550, 4.99 USD), large (1200, 9.99 USD).",
        subcommands: [List.self, SetPack.self, Remove.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the coin packs.")
        @OptionGroup var store: StoreOptions
        func run() async throws {
            try await withServices(store) { services in
                for pack in try await services.commerce.store.coinPacks() {
                    print("\(pack.id)\t\(pack.coins) coins\t\(pack.price.formatted)")
                }
            }
        }
    }

    struct SetPack: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: "Add or change a coin pack.",
            discussion:
                "Example: sotube packs set medium --coins 550 --price 499 --currency USD (price in minor units)"
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "Pack id: lower-case letters, digits and '-'.") var id: String
        @Option(help: "Coins in the pack.") var coins: Int
        @Option(help: "Price in minor units (cents): 499 is 4.99.") var price: Int
        @Option(help: "ISO 4217 currency.") var currency: String = "USD"
        @Option(help: "Display position, smallest first. Default: the pack's current one, or after the others.")
        var position: Int?

        func run() async throws {
            try await withServices(store) { services in
                let packs = try await services.commerce.store.coinPacks()
                let place =
                    position ?? packs.first { $0.id == id }?.position ?? ((packs.map(\.position).max() ?? 0) + 1)
                let pack = try CoinPack.validated(
                    id: id, coins: coins, amount: price, currency: currency, position: place)
                try await services.commerce.store.saveCoinPack(pack, now: services.clock.now())
                print("pack \(pack.id): \(pack.coins) coins for \(pack.price.formatted)")
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Stop selling a coin pack.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "Pack id.") var id: String
        func run() async throws {
            try await withServices(store) { services in
                guard try await services.commerce.store.removeCoinPack(id: id) else {
                    throw DomainError.notFound(what: "The pack '\(id)'")
                }
                print("removed pack \(id)")
            }
        }
    }
}
