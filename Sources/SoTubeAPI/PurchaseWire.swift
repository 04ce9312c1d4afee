import Foundation

// Wire types for buying songs and albums with coins (SPEC P3, P4, P6, P7).

/// `POST /api/v1/purchases` body: exactly one of `trackId` or `albumId`; header `Idempotency-Key`
/// (``SoTubeHeader/idempotencyKey``). `expectedPrice` is the price the buyer was shown and confirmed:
/// when the purchase costs something else now, the answer is 409 of type
/// ``ProblemType/priceChanged`` with the new `price`, and nothing is charged. Without it the current
/// price is charged (older clients).
public struct PurchaseRequest: Codable, Sendable, Equatable {
    public var trackId: String?
    public var albumId: String?
    public var expectedPrice: Int?
    /// What the buyer chooses to pay for a name-your-price song or album: at least its price (the
    /// minimum). A fixed-price item takes only its own price here.
    public var coins: Int?
    /// A seller's discount code (`GET /api/v1/discounts/{code}` quotes it): the charge is the price
    /// with the code, which `expectedPrice` should be.
    public var discountCode: String?
    public init(
        trackId: String? = nil, albumId: String? = nil, expectedPrice: Int? = nil, coins: Int? = nil,
        discountCode: String? = nil
    ) {
        self.discountCode = discountCode
        self.coins = coins
        self.trackId = trackId
        self.albumId = albumId
        self.expectedPrice = expectedPrice
    }
}

public struct PurchaseDTO: Codable, Sendable, Equatable {
    /// What was bought.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// One song.
        case track
        /// A whole album (the songs not owned yet).
        case album
    }

    public var id: String
    public var kind: Kind
    public var trackIds: [String]
    public var albumId: String?
    public var title: String
    /// Coins charged.
    public var coins: Int
    public var balanceAfter: Int
    public var createdAt: Date
    /// The discount code applied, if any.
    public var discountCode: String?
    public init(
        id: String, kind: Kind, trackIds: [String], albumId: String?, title: String, coins: Int,
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

/// `GET /api/v1/purchases`: newest first.
public struct PurchaseListDTO: Codable, Sendable, Equatable {
    public var purchases: [PurchaseDTO]
    public init(purchases: [PurchaseDTO]) { self.purchases = purchases }
}
