import Foundation

/// Why coins moved. Every change of a balance is one ledger entry of one of these kinds.
public enum LedgerKind: String, Sendable, Codable, CaseIterable {
    case purchase
    case topUp = "top-up"
    case giftCode = "gift-code"
    case grant
    /// Coins taken back when a top-up's money was returned (negative), or given back when the
    /// provider refused that refund (reference `<refund id>.reversed`).
    case refund
    /// Coins given back when an operator refunded a purchase (its songs are no longer owned and the
    /// seller's share, if any, is taken back): reference `<purchase id>`.
    case purchaseRefund = "purchase-refund"
}

/// One movement of coins: `delta` is signed (credits positive), `balanceAfter` the balance it left.
public struct LedgerEntry: Sendable, Equatable {
    public var id: String
    public var userID: String
    public var kind: LedgerKind
    /// The purchase id, top-up id, gift code or grant id the entry belongs to (unique per kind).
    public var reference: String
    public var delta: Int
    public var balanceAfter: Int
    public var description: String
    public var money: Money?
    public var createdAt: Date

    public init(
        id: String, userID: String, kind: LedgerKind, reference: String, delta: Int, balanceAfter: Int,
        description: String, money: Money? = nil, createdAt: Date
    ) {
        self.id = id
        self.userID = userID
        self.kind = kind
        self.reference = reference
        self.delta = delta
        self.balanceAfter = balanceAfter
        self.description = description
        self.money = money
        self.createdAt = createdAt
    }
}

/// The facts `sotube ledger verify` checks, gathered by a store.
public struct LedgerFacts: Sendable {
    public struct Account: Sendable {
        public var userID: String
        public var username: String
        public var cachedBalance: Int
        public var ledgerSum: Int
        public init(userID: String, username: String, cachedBalance: Int, ledgerSum: Int) {
            self.userID = userID
            self.username = username
            self.cachedBalance = cachedBalance
            self.ledgerSum = ledgerSum
        }
    }
    /// A purchase or captured top-up and the ledger entries that reference it.
    public struct Movement: Sendable {
        public var id: String
        /// The coins it should have moved: negative for a purchase, positive for a top-up.
        public var expectedDelta: Int
        public var entryCount: Int
        public var entrySum: Int
        public init(id: String, expectedDelta: Int, entryCount: Int, entrySum: Int) {
            self.id = id
            self.expectedDelta = expectedDelta
            self.entryCount = entryCount
            self.entrySum = entrySum
        }
    }
    /// A captured top-up as the payment provider was paid for it, and its refunds.
    public struct Payment: Sendable {
        public var topUpID: String
        public var providerReference: String
        public var price: Money
        /// What the provider reported paid (nil: recorded before amounts were kept).
        public var paid: Money?
        public var coins: Int
        public var refundedCoins: Int
        public var refundedAmount: Int
        /// Sums over the top-up's refunds that were not refused.
        public var refundRowsCoins: Int
        public var refundRowsAmount: Int
        public init(
            topUpID: String, providerReference: String, price: Money, paid: Money?, coins: Int, refundedCoins: Int,
            refundedAmount: Int, refundRowsCoins: Int, refundRowsAmount: Int
        ) {
            self.topUpID = topUpID
            self.providerReference = providerReference
            self.price = price
            self.paid = paid
            self.coins = coins
            self.refundedCoins = refundedCoins
            self.refundedAmount = refundedAmount
            self.refundRowsCoins = refundRowsCoins
            self.refundRowsAmount = refundRowsAmount
        }
    }
    public var accounts: [Account]
    public var purchases: [Movement]
    public var topUps: [Movement]
    /// Each refund and its ledger entries (a refused refund's two entries sum to 0).
    public var refunds: [Movement] = []
    public var payments: [Payment] = []
    /// Artists' and labels' earnings: each balance against its entries (issue 31).
    public var sellerAccounts: [Account] = []
    /// Each split sale: its purchase's coins (-1 when the purchase is gone) against its two entries.
    public var sellerSales: [Movement] = []
    /// Each payout against its entry.
    public var payouts: [Movement] = []
    /// Ledger entries of kind purchase or top-up whose purchase or captured top-up does not exist.
    public var orphanEntryIDs: [String]
    /// Owned songs whose purchase does not exist.
    public var unpaidOwnership: [String]
    public var entryCount: Int

    public init(
        accounts: [Account], purchases: [Movement], topUps: [Movement], orphanEntryIDs: [String],
        unpaidOwnership: [String], entryCount: Int
    ) {
        self.accounts = accounts
        self.purchases = purchases
        self.topUps = topUps
        self.orphanEntryIDs = orphanEntryIDs
        self.unpaidOwnership = unpaidOwnership
        self.entryCount = entryCount
    }
}

/// The verdict on the ledger: exact when `problems` is empty.
public struct LedgerReport: Sendable {
    public var problems: [String]
    public var accountCount: Int
    public var entryCount: Int
    public var purchaseCount: Int
    public var topUpCount: Int
    public var isExact: Bool { problems.isEmpty }

    /// Every cached balance must equal its ledger sum; every purchase must have exactly one debit of its
    /// price and every captured top-up exactly one credit of its coins; nothing may be owned unpaid.
    public init(facts: LedgerFacts) {
        var problems: [String] = []
        for account in facts.accounts where account.cachedBalance != account.ledgerSum {
            problems.append(
                "user \(account.username) (\(account.userID)): balance \(account.cachedBalance) but ledger sums to \(account.ledgerSum)"
            )
        }
        for purchase in facts.purchases
        where purchase.entryCount != 1 || purchase.entrySum != purchase.expectedDelta {
            problems.append(
                "purchase \(purchase.id): \(purchase.entryCount) ledger entries summing to \(purchase.entrySum), expected one of \(purchase.expectedDelta)"
            )
        }
        for topUp in facts.topUps where topUp.entryCount != 1 || topUp.entrySum != topUp.expectedDelta {
            problems.append(
                "top-up \(topUp.id): \(topUp.entryCount) ledger entries summing to \(topUp.entrySum), expected one of \(topUp.expectedDelta)"
            )
        }
        for refund in facts.refunds where refund.entrySum != refund.expectedDelta {
            problems.append(
                "refund \(refund.id): ledger entries sum to \(refund.entrySum), expected \(refund.expectedDelta)")
        }
        for payment in facts.payments {
            problems += Self.paymentProblems(payment)
        }
        problems += Self.sellerProblems(facts)
        for id in facts.orphanEntryIDs {
            problems.append("ledger entry \(id) references no purchase, captured top-up or refund")
        }
        for owned in facts.unpaidOwnership {
            problems.append("owned song \(owned) has no purchase")
        }
        self.problems = problems
        self.accountCount = facts.accounts.count
        self.entryCount = facts.entryCount
        self.purchaseCount = facts.purchases.count
        self.topUpCount = facts.topUps.count
    }

    /// Every seller's balance is the sum of its entries; every split sale is two entries (share and
    /// commission) adding up to what its purchase charged; every payout is one entry of its coins.
    static func sellerProblems(_ facts: LedgerFacts) -> [String] {
        var problems: [String] = []
        for account in facts.sellerAccounts where account.cachedBalance != account.ledgerSum {
            problems.append(
                "seller \(account.username) (\(account.userID)): balance \(account.cachedBalance) but earnings sum to \(account.ledgerSum)"
            )
        }
        // Two entries per sale; four once a refund reversed them (summing to 0).
        for sale in facts.sellerSales
        where (sale.entryCount != 2 && sale.entryCount != 4) || sale.entrySum != sale.expectedDelta {
            problems.append(
                sale.expectedDelta < 0
                    ? "earnings for purchase \(sale.id), which does not exist"
                    : "sale \(sale.id): \(sale.entryCount) earnings entries summing to \(sale.entrySum), expected share and commission of \(sale.expectedDelta)"
            )
        }
        for payout in facts.payouts where payout.entryCount != 1 || payout.entrySum != payout.expectedDelta {
            problems.append(
                "payout \(payout.id): \(payout.entryCount) entries summing to \(payout.entrySum), expected one of \(payout.expectedDelta)"
            )
        }
        return problems
    }

    /// A paid top-up must name its payment, have been paid its price, and refund no more than it took.
    static func paymentProblems(_ payment: LedgerFacts.Payment) -> [String] {
        let id = "top-up \(payment.topUpID)"
        var problems: [String] = []
        if payment.providerReference.isEmpty { problems.append("\(id): captured without a payment reference") }
        if let paid = payment.paid, paid != payment.price {
            problems.append(
                "\(id): paid \(paid.formatted) at the provider, but its price is \(payment.price.formatted)")
        }
        if payment.refundedCoins != payment.refundRowsCoins || payment.refundedAmount != payment.refundRowsAmount {
            problems.append(
                "\(id): refunded \(payment.refundedCoins) coins / \(payment.refundedAmount) but its refunds sum to \(payment.refundRowsCoins) / \(payment.refundRowsAmount)"
            )
        }
        if payment.refundedCoins > payment.coins || payment.refundedAmount > payment.price.amount {
            problems.append("\(id): refunds exceed what it sold")
        }
        return problems
    }
}
