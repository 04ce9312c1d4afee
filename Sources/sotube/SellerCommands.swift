import ArgumentParser
import Foundation
import SoTubeCore
import SoTubeServer

/// `sotube sellers …`: artists' and labels' accounts, their commission, payouts and statements.
struct SellersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sellers", abstract: "Artists and labels: invite, list, commission, payouts, statements.",
        subcommands: [Invite.self, List.self, Commission.self, Settings.self, Payout.self, Statement.self])

    struct Invite: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Invite an artist or a label by email: the link is mailed and printed.",
            discussion: "Example: sotube sellers invite ada@example.org --artist 'Ada Lovelace Trio'")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The invitee's email.") var email: String
        @Option(help: "A catalog artist they sell (repeat for several; made when the catalog has none).")
        var artist: [String] = []
        @Option(help: "Invite a label of this name (its artists given with --artist).") var label: String?

        func run() async throws {
            try await withServices(store) { services in
                let (link, invite) = try await services.sellers.invite(
                    .cli(login: cliLogin), email: email, role: label == nil ? .artist : .label, labelName: label,
                    artistNames: artist)
                print("invited \(invite.email) as \(invite.role.rawValue) until \(CSVDate.day(invite.expiresAt))")
                print(link)
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Artists' and labels' accounts and balances.")
        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await withServices(store) { services in
                let (accounts, settings) = try await services.sellers.sellerAccounts()
                print(
                    "commission \(Percent.text(settings.commissionBasisPoints)) · a coin pays out \(settings.coinValue.formatted)"
                )
                for account in accounts {
                    let artists = account.artists.map { "\($0.name) (\(Percent.text($0.commissionBasisPoints)))" }
                    print(
                        "\(account.user.username)  \(account.user.role.rawValue)\(account.labelName.map { " \($0)" } ?? "")  balance \(account.balance) coins (\(settings.value(of: account.balance).formatted))  \(artists.joined(separator: ", "))"
                    )
                }
            }
        }
    }

    struct Commission: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set one artist's commission in percent, or `default` for the store's.",
            discussion: "Example: sotube sellers commission 'Ada Lovelace Trio' 10")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The catalog artist's name.") var artist: String
        @Argument(help: "Percent (0–100, two decimals at most) or `default`.") var percent: String

        func run() async throws {
            let points: Int?
            if percent == "default" {
                points = nil
            } else {
                guard let value = RevenueSplit.basisPoints(percent: percent) else {
                    throw ValidationError("A commission is a percentage from 0 to 100, e.g. 15 or 12.5")
                }
                points = value
            }
            try await withServices(store) { services in
                guard let sold = try await services.database.sellers.sellingArtist(named: artist) else {
                    throw DomainError.notFound(what: "An artist named '\(artist)' that an account sells")
                }
                try await services.database.sellers.setCommission(
                    artistID: sold.id, basisPoints: points,
                    audit: AuditEntry(
                        id: services.ids.makeID(), at: services.clock.now(), actorID: nil, actor: "cli:\(cliLogin)",
                        action: .commissionSet, target: "artist \(artist)", after: percent))
                print("\(artist): commission \(points.map(Percent.text) ?? "the store's default")")
            }
        }
    }

    struct Settings: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set the store's default commission and what a coin pays out.",
            discussion: "Example: sotube sellers settings --commission 15 --coin-value 1 --currency USD")
        @OptionGroup var store: StoreOptions
        @Option(help: "The default commission in percent.") var commission: String?
        @Option(help: "Minor units (cents) a coin pays out.") var coinValue: Int?
        @Option(help: "The payout currency (three letters).") var currency: String?

        func run() async throws {
            try await withServices(store) { services in
                var settings = try await services.database.sellers.settings()
                if let commission {
                    guard let points = RevenueSplit.basisPoints(percent: commission) else {
                        throw ValidationError("A commission is a percentage from 0 to 100, e.g. 15 or 12.5")
                    }
                    settings.commissionBasisPoints = points
                }
                if coinValue != nil || currency != nil {
                    let money = try Money.validated(
                        amount: coinValue ?? settings.coinValue.amount,
                        currency: currency ?? settings.coinValue.currency,
                        field: "coin-value")
                    settings.coinValue = money
                }
                try await services.database.sellers.saveSettings(
                    settings,
                    audit: AuditEntry(
                        id: services.ids.makeID(), at: services.clock.now(), actorID: nil, actor: "cli:\(cliLogin)",
                        action: .commissionSet, target: "store",
                        after: "\(Percent.text(settings.commissionBasisPoints)), \(settings.coinValue.formatted) a coin"
                    ))
                print(
                    "commission \(Percent.text(settings.commissionBasisPoints)) · a coin pays out \(settings.coinValue.formatted)"
                )
            }
        }
    }

    struct Payout: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record a payout to an artist or label: its balance goes down by the coins.",
            discussion: "Example: sotube sellers payout ada --coins 500 --reference 'SEPA 2026-11-30'")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The seller's username.") var user: String
        @Option(help: "Coins paid out.") var coins: Int
        @Option(help: "The payment's reference (a bank transfer id).") var reference: String
        @Option(help: "The day it was paid, YYYY-MM-DD (default today, UTC).") var date: String?

        func run() async throws {
            try await withServices(store) { services in
                guard let found = try await services.database.accounts.credentials(username: user)?.user else {
                    throw DomainError.notFound(what: "The user '\(user)'")
                }
                let payout = try await services.sellers.recordPayout(
                    .cli(login: cliLogin), accountID: found.id, coins: coins, paidOn: date, reference: reference)
                print(
                    "paid out \(payout.coins) coins (\(payout.money.formatted)) to \(user) on \(payout.paidOn): \(payout.id)"
                )
            }
        }
    }

    struct Statement: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "A seller's statement for a month (CSV with --csv).",
            discussion: "Example: sotube sellers statement ada --month 2026-11 --csv > ada-2026-11.csv")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The seller's username.") var user: String
        @Option(help: "YYYY-MM (default this month, UTC).") var month: String?
        @Flag(help: "Print CSV.") var csv = false

        func run() async throws {
            try await withServices(store) { services in
                guard let found = try await services.database.accounts.credentials(username: user)?.user else {
                    throw DomainError.notFound(what: "The user '\(user)'")
                }
                let text =
                    month ?? String(CivilDay(epochMillis: services.clock.now().epochMillis).description.prefix(7))
                let (_, statement, _) = try await services.sellers.statement(found, month: text)
                if csv {
                    print(services.sellers.statementCSV(statement), terminator: "")
                    return
                }
                for line in statement.lines {
                    print(
                        "\(CSVDate.day(line.at))  \(line.title)  gross \(line.gross)  commission \(line.commission)  net \(line.net)"
                    )
                }
                let totals = statement.totals
                print(
                    "\(statement.month): \(totals.sales) sales, gross \(totals.gross), commission \(totals.commission), net \(totals.net); balance \(statement.openingBalance) → \(statement.closingBalance)"
                )
            }
        }
    }
}

enum Percent {
    static func text(_ basisPoints: Int) -> String {
        basisPoints % 100 == 0
            ? "\(basisPoints / 100) %" : "\(basisPoints / 100).\(String(format: "%02d", basisPoints % 100)) %"
    }
}

enum CSVDate {
    static func day(_ date: Date) -> String { CivilDay(epochMillis: date.epochMillis).description }
}

/// `sotube purchases refund ID`: give a purchase's coins back and take its songs (and the seller's
/// share) back.
struct PurchasesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "purchases", abstract: "Refund a purchase.", subcommands: [Refund.self])

    struct Refund: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Give a purchase's coins back to the buyer; its songs are no longer owned.",
            discussion: """
                In one transaction: a ledger entry gives the coins back, the songs leave the buyer's library,
                and when an artist's or label's account sells the artist, its share and the store's
                commission are reversed (refused when that account was already paid more than its
                balance). Example: sotube purchases refund 0193… --reason "bought twice by mistake"
                """)
        @OptionGroup var store: StoreOptions
        @Argument(help: "The purchase's id (the user's detail in the console lists them).") var purchase: String
        @Option(help: "Why: kept in the audit log.") var reason: String

        func run() async throws {
            let why = reason.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !why.isEmpty else { throw ValidationError("Say why (--reason): it is kept in the audit log.") }
            try await withServices(store) { services in
                let refund = try await services.database.commerce.refundPurchase(
                    id: purchase, ledgerEntryID: services.ids.makeID(), now: services.clock.now(),
                    audit: AuditEntry(
                        id: services.ids.makeID(), at: services.clock.now(), actorID: nil, actor: "cli:\(cliLogin)",
                        action: .purchaseRefund, target: "purchase \(purchase)", reason: why))
                let seller =
                    refund.sellerShare + refund.commission > 0
                    ? "; the seller's \(refund.sellerShare) and the store's \(refund.commission) coins taken back" : ""
                print(
                    "refunded “\(refund.title)”: \(refund.coins) coins back to the buyer (balance \(refund.balance))\(seller)"
                )
            }
        }
    }
}
