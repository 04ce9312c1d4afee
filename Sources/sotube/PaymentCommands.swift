import ArgumentParser
import Foundation
import SoTubeCore
import SoTubeServer

/// `sotube topups …`: paid top-ups and their refunds.
struct TopUpsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "topups", abstract: "List top-ups and refund them.", subcommands: [List.self, Refund.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Top-ups, newest first.")
        @OptionGroup var store: StoreOptions
        @Option(help: "Only this user's.") var user: String?
        @Option(help: "At most this many.") var limit = 50

        func run() async throws {
            try await withServices(store) { services in
                var userID: String?
                if let user {
                    guard let found = try await services.database.accounts.credentials(username: user)?.user else {
                        throw DomainError.notFound(what: "The user '\(user)'")
                    }
                    userID = found.id
                }
                for topUp in try await services.database.commerce.topUps(userID: userID, limit: limit) {
                    let refunded = topUp.refundedCoins > 0 ? " refunded \(topUp.refundedCoins)" : ""
                    print(
                        "\(topUp.id)  \(topUp.status.rawValue)  \(topUp.coins) coins  \(topUp.price.formatted)  \(topUp.provider) \(topUp.providerReference)\(refunded)"
                    )
                }
            }
        }
    }

    struct Refund: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Return a paid top-up's money and take its coins back.",
            discussion: """
                The coins go first, through a ledger entry in one transaction with the refund; then the
                payment provider returns the money (Stripe needs SOTUBE_PAYMENTS=stripe and its keys here
                too). When some coins were spent, only what the balance still covers is refunded, and the
                money for that share: the balance never goes below 0. Example: sotube topups refund tu_…
                """)
        @OptionGroup var store: StoreOptions
        @Argument(help: "The top-up's id (see `sotube topups list`).") var topUp: String
        @Option(help: "Why: kept with the refund.") var reason: String?

        func run() async throws {
            try await withServices(store) { services in
                if let found = try await services.database.commerce.topUp(id: topUp), found.provider == "stripe",
                    services.commerce.stripe == nil
                {
                    throw ValidationError(
                        "\(topUp) was paid through Stripe: run this with SOTUBE_PAYMENTS=stripe and the SOTUBE_STRIPE_* keys"
                    )
                }
                let result = try await services.commerce.refundTopUp(id: topUp, note: reason)
                if let refund = result.refund {
                    try await services.database.audit.append(
                        AuditEntry(
                            id: services.ids.makeID(), at: services.clock.now(), actorID: nil, actor: "cli:\(cliLogin)",
                            action: .topUpRefund, target: "top-up \(topUp)",
                            after:
                                #"{"coins":\#(refund.coins),"amount":\#(refund.money.amount),"currency":"\#(refund.money.currency)"}"#,
                            reason: reason))
                }
                guard let refund = result.refund else {
                    print(
                        "nothing refunded: the \(result.spentCoins) coins of \(topUp) still unrefunded were spent (balance \(result.balance))"
                    )
                    return
                }
                var line = "refunded \(refund.coins) coins (\(refund.money.formatted)) of \(topUp)"
                if result.spentCoins > 0 {
                    line += "; the other \(result.spentCoins) coins were spent and stay with the buyer"
                }
                print(line + "; balance \(result.balance)")
            }
        }
    }
}

/// `sotube disputes …`: chargebacks reported by the card provider, which stop an account's buying.
struct DisputesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "disputes", abstract: "Disputed card payments: list and settle.",
        subcommands: [List.self, Settle.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Open disputes (all with --all).")
        @OptionGroup var store: StoreOptions
        @Flag(help: "Settled ones too.") var all = false

        func run() async throws {
            try await withServices(store) { services in
                let disputes = try await services.commerce.disputes(includeSettled: all)
                if disputes.isEmpty { print("no \(all ? "" : "open ")disputes") }
                for dispute in disputes {
                    let user = try await services.database.accounts.user(id: dispute.userID)?.username ?? dispute.userID
                    let state = dispute.settledAt == nil ? "open" : "settled: \(dispute.settledNote ?? "")"
                    print(
                        "\(dispute.id)  \(user)  top-up \(dispute.topUpID)  \(dispute.money.formatted)  \(dispute.reason)  \(state)"
                    )
                }
            }
        }
    }

    struct Settle: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Settle a dispute: the account buys again once none of its disputes is open.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The dispute's id (see `sotube disputes list`).") var dispute: String
        @Option(help: "What was decided.") var note = "Settled by the operator"

        func run() async throws {
            try await withServices(store) { services in
                let settled = try await services.commerce.settleDispute(id: dispute, note: note)
                try await services.database.audit.append(
                    AuditEntry(
                        id: services.ids.makeID(), at: services.clock.now(), actorID: nil, actor: "cli:\(cliLogin)",
                        action: .disputeSettle, target: "dispute \(settled.id)", reason: note))
                let user = try await services.database.accounts.user(id: settled.userID)
                let frozen = user?.frozenAt != nil
                print(
                    "settled \(settled.id); \(user?.username ?? settled.userID) \(frozen ? "still has open disputes" : "can buy again")"
                )
            }
        }
    }
}

/// `sotube mail …`: the mail queue.
struct MailCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mail", abstract: "Mail waiting to be sent: list and retry.", subcommands: [List.self, Retry.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Pending and failed messages, with the mail server's last answer.")
        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await withServices(store) { services in
                let unsent = try await services.database.mailQueue.unsent(limit: 1000)
                if unsent.isEmpty { print("no mail waiting") }
                for mail in unsent {
                    let next = mail.status == .pending ? " next try \(mail.nextAttemptAt.ISO8601Format())" : ""
                    print(
                        "\(mail.id)  \(mail.status.rawValue)  to \(mail.toAddress)  \"\(mail.subject)\"  attempts \(mail.attempts)\(next)"
                    )
                    if let error = mail.lastError { print("    last answer: \(error)") }
                }
            }
        }
    }

    struct Retry: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Send again now: one message, or every one not sent.",
            discussion: "A running server sends them within seconds; without one, this command sends them itself.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "A message id (see `sotube mail list`); none: all.") var id: String?

        func run() async throws {
            try await withServices(store) { services in
                let count = try await services.database.mailQueue.retry(id: id, now: services.clock.now())
                if let id, count == 0 { throw DomainError.notFound(what: "Unsent mail '\(id)'") }
                let sent = await services.mailDelivery.deliverDue()
                let left = try await services.database.mailQueue.unsent(limit: 1000).count
                print("\(count) message(s) due again; \(sent) sent now; \(left) still waiting")
            }
        }
    }
}
