import Foundation

// Wire types for the coin wallet (SPEC P1, P2, P5, P8). Money is integers: `amount` in minor units.

public struct MoneyDTO: Codable, Sendable, Equatable {
    /// Minor units (cents).
    public var amount: Int
    /// ISO 4217, e.g. "USD".
    public var currency: String
    public init(amount: Int, currency: String) {
        self.amount = amount
        self.currency = currency
    }
}

public struct CoinPackDTO: Codable, Sendable, Equatable {
    public var id: String
    public var coins: Int
    public var price: MoneyDTO
    public init(id: String, coins: Int, price: MoneyDTO) {
        self.id = id
        self.coins = coins
        self.price = price
    }
}

/// `GET /api/v1/wallet`.
public struct WalletDTO: Codable, Sendable, Equatable {
    public var coins: Int
    /// The packs on sale; empty when `topUps` is false.
    public var packs: [CoinPackDTO]
    /// Whether coins can be bought here (`POST /api/v1/wallet/top-ups`). When false, coins come from
    /// gift codes the store's operator hands out (`POST /api/v1/wallet/redeem`).
    public var topUps: Bool
    /// Who takes the money: "sandbox" (test cards), "stripe", or "off".
    public var provider: String?
    /// Stripe.js's address and the publishable key, when the provider is Stripe.
    public var stripe: StripeClientDTO?
    public init(coins: Int, packs: [CoinPackDTO], topUps: Bool) {
        self.coins = coins
        self.packs = packs
        self.topUps = topUps
    }
}

/// What the web app needs to show Stripe's card field.
public struct StripeClientDTO: Codable, Sendable, Equatable {
    public var publishableKey: String
    public var jsUrl: String
    public init(publishableKey: String, jsUrl: String) {
        self.publishableKey = publishableKey
        self.jsUrl = jsUrl
    }
}

/// One line of `GET /api/v1/wallet/history`. `coins` is signed: positive credits, negative debits.
public struct HistoryEntryDTO: Codable, Sendable, Equatable {
    /// What moved the coins.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// Coins spent on a song or an album.
        case purchase
        /// Coins bought with money.
        case topUp = "top-up"
        /// Coins from a redeemed gift code.
        case giftCode = "gift-code"
        /// Coins given by the operator.
        case grant
        /// Coins taken back when a top-up's money was returned (or given back when that refund failed).
        case refund
        /// Coins given back for a purchase the store refunded.
        case purchaseRefund = "purchase-refund"
    }

    public var id: String
    public var kind: Kind
    public var description: String
    public var coins: Int
    public var money: MoneyDTO?
    public var balanceAfter: Int
    public var createdAt: Date
    public init(
        id: String, kind: Kind, description: String, coins: Int, money: MoneyDTO?, balanceAfter: Int,
        createdAt: Date
    ) {
        self.id = id
        self.kind = kind
        self.description = description
        self.coins = coins
        self.money = money
        self.balanceAfter = balanceAfter
        self.createdAt = createdAt
    }
}

/// `GET /api/v1/wallet/history?limit=`: newest first.
public struct HistoryDTO: Codable, Sendable, Equatable {
    public var entries: [HistoryEntryDTO]
    public init(entries: [HistoryEntryDTO]) { self.entries = entries }
}

/// `POST /api/v1/wallet/redeem` body (SPEC P8).
public struct RedeemRequest: Codable, Sendable {
    public var code: String
    public init(code: String) { self.code = code }
}

/// `POST /api/v1/wallet/redeem` answer: coins credited and the balance now.
public struct RedeemResultDTO: Codable, Sendable, Equatable {
    public var credited: Int
    public var coins: Int
    public init(credited: Int, coins: Int) {
        self.credited = credited
        self.coins = coins
    }
}
