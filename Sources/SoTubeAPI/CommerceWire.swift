import Foundation

// Wire types for coins and purchases (SPEC P1–P9). Money is integers: `amount` in minor units.

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
    public var packs: [CoinPackDTO]
    public init(coins: Int, packs: [CoinPackDTO]) {
        self.coins = coins
        self.packs = packs
    }
}

/// `POST /api/v1/wallet/top-ups` body.
public struct TopUpRequest: Codable, Sendable {
    public var packId: String
    public init(packId: String) { self.packId = packId }
}

/// 201 answer: open `checkoutUrl` (the sandbox provider's hosted page) to pay.
public struct TopUpCreatedDTO: Codable, Sendable, Equatable {
    public var topUpId: String
    public var checkoutUrl: String
    public init(topUpId: String, checkoutUrl: String) {
        self.topUpId = topUpId
        self.checkoutUrl = checkoutUrl
    }
}

/// `GET /api/v1/wallet/top-ups/{id}`: "pending", "captured", "declined" or "cancelled".
public struct TopUpDTO: Codable, Sendable, Equatable {
    public var id: String
    public var packId: String
    public var coins: Int
    public var price: MoneyDTO
    public var status: String
    public var createdAt: Date
    public init(id: String, packId: String, coins: Int, price: MoneyDTO, status: String, createdAt: Date) {
        self.id = id
        self.packId = packId
        self.coins = coins
        self.price = price
        self.status = status
        self.createdAt = createdAt
    }
}

/// `POST /api/v1/purchases` body: exactly one of `trackId` or `albumId`; header `Idempotency-Key`.
public struct PurchaseRequest: Codable, Sendable, Equatable {
    public var trackId: String?
    public var albumId: String?
    public init(trackId: String? = nil, albumId: String? = nil) {
        self.trackId = trackId
        self.albumId = albumId
    }
}

public struct PurchaseDTO: Codable, Sendable, Equatable {
    public var id: String
    /// "track" or "album".
    public var kind: String
    public var trackIds: [String]
    public var albumId: String?
    public var title: String
    /// Coins charged.
    public var coins: Int
    public var balanceAfter: Int
    public var createdAt: Date
    public init(
        id: String, kind: String, trackIds: [String], albumId: String?, title: String, coins: Int,
        balanceAfter: Int, createdAt: Date
    ) {
        self.id = id
        self.kind = kind
        self.trackIds = trackIds
        self.albumId = albumId
        self.title = title
        self.coins = coins
        self.balanceAfter = balanceAfter
        self.createdAt = createdAt
    }
}

/// 201 answer of a purchase: the purchase and the balance now.
public struct PurchaseResultDTO: Codable, Sendable, Equatable {
    public var purchase: PurchaseDTO
    public var coins: Int
    public init(purchase: PurchaseDTO, coins: Int) {
        self.purchase = purchase
        self.coins = coins
    }
}

/// One line of `GET /api/v1/wallet/history`: kind "purchase", "top-up", "gift-code" or "grant".
/// `coins` is signed: positive credits, negative debits.
public struct HistoryEntryDTO: Codable, Sendable, Equatable {
    public var id: String
    public var kind: String
    public var description: String
    public var coins: Int
    public var money: MoneyDTO?
    public var balanceAfter: Int
    public var createdAt: Date
    public init(
        id: String, kind: String, description: String, coins: Int, money: MoneyDTO?, balanceAfter: Int,
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

public struct HistoryDTO: Codable, Sendable, Equatable {
    public var entries: [HistoryEntryDTO]
    public init(entries: [HistoryEntryDTO]) { self.entries = entries }
}

/// `POST /api/v1/wallet/redeem` body (SPEC P8).
public struct RedeemRequest: Codable, Sendable {
    public var code: String
    public init(code: String) { self.code = code }
}
