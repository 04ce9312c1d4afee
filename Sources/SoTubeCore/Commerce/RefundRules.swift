import Foundation

/// A refund of (part of) a top-up: coins taken back through a ledger entry, in one transaction with
/// this record, and the money returned by the provider.
public struct TopUpRefund: Sendable, Equatable {
    public enum Status: String, Sendable, Equatable {
        /// Coins taken back; the provider has not confirmed the money yet.
        case requested
        /// The provider returned the money.
        case done
        /// The provider refused: the coins were given back (a second ledger entry).
        case failed
    }
    /// Who started it: the operator (`sotube topups refund`) or the provider (a refund made in its
    /// dashboard, reported by webhook).
    public enum Origin: String, Sendable, Equatable {
        case `operator`
        case provider
    }

    public var id: String
    public var topUpID: String
    public var userID: String
    public var coins: Int
    public var money: Money
    public var status: Status
    public var origin: Origin
    public var providerReference: String?
    public var note: String?
    public var createdAt: Date

    public init(
        id: String, topUpID: String, userID: String, coins: Int, money: Money, status: Status, origin: Origin,
        providerReference: String? = nil, note: String? = nil, createdAt: Date
    ) {
        self.id = id
        self.topUpID = topUpID
        self.userID = userID
        self.coins = coins
        self.money = money
        self.status = status
        self.origin = origin
        self.providerReference = providerReference
        self.note = note
        self.createdAt = createdAt
    }
}

/// How much of a top-up a refund may return. The balance never goes negative: when some of the
/// top-up's coins were spent, only what the balance still covers is taken back, and the money
/// returned is that share of the price (rounded down, so the store never returns more than it took
/// for coins it takes back). Taking back every remaining coin returns every remaining minor unit.
public enum RefundRules {
    public struct Plan: Sendable, Equatable {
        /// Coins to take back now.
        public var coins: Int
        /// Money to return now (minor units of the top-up's currency).
        public var amount: Int
        /// Coins of the top-up that stay with the buyer because they were spent.
        public var spentCoins: Int

        public init(coins: Int, amount: Int, spentCoins: Int) {
            self.coins = coins
            self.amount = amount
            self.spentCoins = spentCoins
        }
    }

    /// An operator's refund of everything the balance still covers.
    public static func operatorRefund(topUp: TopUp, balance: Int) -> Plan {
        let remaining = max(0, topUp.coins - topUp.refundedCoins)
        let coins = min(remaining, max(0, balance))
        return Plan(coins: coins, amount: amount(for: coins, of: topUp), spentCoins: remaining - coins)
    }

    /// A refund made at the provider: `refundedTotal` is all the money the provider has returned for
    /// this payment so far. Takes back the coins that money paid for, less those already taken, as far
    /// as the balance covers.
    public static func providerRefund(topUp: TopUp, refundedTotal: Int, balance: Int) -> Plan {
        let paid = max(1, topUp.price.amount)
        let newMoney = max(0, min(refundedTotal, paid) - topUp.refundedAmount)
        // Coins bought by the money refunded in all, rounded up: a refund of the whole price takes all.
        let total = min(
            topUp.coins, Int((Int64(min(refundedTotal, paid)) * Int64(topUp.coins) + Int64(paid) - 1) / Int64(paid)))
        let due = max(0, total - topUp.refundedCoins)
        let coins = min(due, max(0, balance))
        return Plan(coins: coins, amount: newMoney, spentCoins: due - coins)
    }

    /// The money `coins` of the top-up cost: all that is left when they are the last coins.
    static func amount(for coins: Int, of topUp: TopUp) -> Int {
        let remaining = topUp.coins - topUp.refundedCoins
        guard coins > 0, topUp.coins > 0 else { return 0 }
        if coins >= remaining { return max(0, topUp.price.amount - topUp.refundedAmount) }
        return Int(Int64(topUp.price.amount) * Int64(coins) / Int64(topUp.coins))
    }
}

/// A chargeback reported by the provider: buying stops for the account until the operator settles it.
public struct PaymentDispute: Sendable, Equatable {
    public var id: String
    public var providerReference: String
    public var topUpID: String
    public var userID: String
    public var money: Money
    public var reason: String
    public var createdAt: Date
    public var settledAt: Date?
    public var settledNote: String?

    public init(
        id: String, providerReference: String, topUpID: String, userID: String, money: Money, reason: String,
        createdAt: Date, settledAt: Date? = nil, settledNote: String? = nil
    ) {
        self.id = id
        self.providerReference = providerReference
        self.topUpID = topUpID
        self.userID = userID
        self.money = money
        self.reason = reason
        self.createdAt = createdAt
        self.settledAt = settledAt
        self.settledNote = settledNote
    }
}
