import Foundation

/// What a purchase bought: one song, or an album's songs not owned yet (stored as its raw value).
public enum PurchaseKind: String, Sendable, Equatable, CaseIterable {
    case track
    case album
}

/// A completed purchase of one song or of an album's unowned songs.
public struct Purchase: Sendable, Equatable {
    public var id: String
    public var userID: String
    public var kind: PurchaseKind
    public var trackIDs: [String]
    public var albumID: String?
    public var title: String
    /// Coins charged.
    public var coins: Int
    public var balanceAfter: Int
    public var createdAt: Date
    /// The seller's discount code the buyer applied.
    public var discountCode: String?

    public init(
        id: String, userID: String, kind: PurchaseKind, trackIDs: [String], albumID: String?, title: String,
        coins: Int,
        balanceAfter: Int, createdAt: Date
    ) {
        self.id = id
        self.userID = userID
        self.kind = kind
        self.trackIDs = trackIDs
        self.albumID = albumID
        self.title = title
        self.coins = coins
        self.balanceAfter = balanceAfter
        self.createdAt = createdAt
    }
}

/// Everything one purchase needs; ids and time come from the caller (injected sources).
public struct PurchaseCommand: Sendable {
    public var userID: String
    public var target: PurchaseTarget
    public var idempotencyKey: String
    public var purchaseID: String
    public var ledgerEntryID: String
    public var now: Date
    /// The price the buyer confirmed, when the client sent it (`SaleRules.confirm`).
    public var expectedPrice: Int?
    /// What the buyer chose to pay for a name-your-price song or album (`SellerRules.charge`).
    public var offeredCoins: Int?
    /// A seller's discount code the buyer applied (`DiscountRules`), upper-cased.
    public var discountCode: String?

    /// What identifies the request behind an idempotency key: the same key with another target or
    /// another offer is refused.
    public var fingerprint: String {
        target.fingerprint + (offeredCoins.map { ":\($0)" } ?? "") + (discountCode.map { "#\($0)" } ?? "")
    }

    public init(
        userID: String, target: PurchaseTarget, idempotencyKey: String, purchaseID: String,
        ledgerEntryID: String,
        now: Date, expectedPrice: Int? = nil, offeredCoins: Int? = nil, discountCode: String? = nil
    ) {
        self.discountCode = discountCode
        self.expectedPrice = expectedPrice
        self.offeredCoins = offeredCoins
        self.userID = userID
        self.target = target
        self.idempotencyKey = idempotencyKey
        self.purchaseID = purchaseID
        self.ledgerEntryID = ledgerEntryID
        self.now = now
    }
}

/// A purchase and the balance right after it. `replayed` is true when the idempotency key had been
/// used before with the same request: nothing was charged this time.
public struct PurchaseOutcome: Sendable, Equatable {
    public var purchase: Purchase
    public var balance: Int
    public var replayed: Bool

    public init(purchase: Purchase, balance: Int, replayed: Bool) {
        self.purchase = purchase
        self.balance = balance
        self.replayed = replayed
    }
}

public enum TopUpStatus: String, Sendable, Codable {
    case pending, captured, declined, cancelled
}

/// Buying a coin pack with money through a payment provider.
public struct TopUp: Sendable, Equatable {
    public var id: String
    public var userID: String
    public var packID: String
    public var coins: Int
    public var price: Money
    public var status: TopUpStatus
    public var provider: String
    /// The provider's order reference: coins are credited at most once per reference.
    public var providerReference: String
    public var createdAt: Date
    public var capturedAt: Date?
    /// Why the provider refused the payment (a declined card's message), when it did.
    public var message: String?
    /// What the provider reports was paid, once captured (the price, unless the provider says otherwise).
    public var paid: Money?
    /// Coins taken back by refunds, and the money those refunds returned (minor units of `price`).
    public var refundedCoins: Int = 0
    public var refundedAmount: Int = 0
    /// What the provider's script in the owner's browser needs to finish paying (Stripe's client
    /// secret); shown to the owner only while the top-up is pending.
    public var clientSecret: String?

    public init(
        id: String, userID: String, packID: String, coins: Int, price: Money, status: TopUpStatus,
        provider: String,
        providerReference: String, createdAt: Date, capturedAt: Date? = nil, message: String? = nil,
        paid: Money? = nil, refundedCoins: Int = 0, refundedAmount: Int = 0, clientSecret: String? = nil
    ) {
        self.clientSecret = clientSecret
        self.message = message
        self.paid = paid
        self.refundedCoins = refundedCoins
        self.refundedAmount = refundedAmount
        self.id = id
        self.userID = userID
        self.packID = packID
        self.coins = coins
        self.price = price
        self.status = status
        self.provider = provider
        self.providerReference = providerReference
        self.createdAt = createdAt
        self.capturedAt = capturedAt
    }
}

/// What a capture did: credited now, or found already captured (a replay: nothing credited).
public struct CaptureOutcome: Sendable, Equatable {
    public var topUp: TopUp
    public var credited: Bool
    public var balance: Int

    public init(topUp: TopUp, credited: Bool, balance: Int) {
        self.topUp = topUp
        self.credited = credited
        self.balance = balance
    }
}

/// A minted gift code (stored normalized, without dashes).
public struct GiftCode: Sendable, Equatable {
    public var code: String
    public var coins: Int
    public var createdAt: Date
    public var redeemedBy: String?
    public var redeemedAt: Date?

    public init(
        code: String, coins: Int, createdAt: Date, redeemedBy: String? = nil, redeemedAt: Date? = nil
    ) {
        self.code = code
        self.coins = coins
        self.createdAt = createdAt
        self.redeemedBy = redeemedBy
        self.redeemedAt = redeemedAt
    }
}

/// A credit to a balance: a redeemed code or an operator's grant.
public struct CreditOutcome: Sendable, Equatable {
    public var coins: Int
    public var balance: Int

    public init(coins: Int, balance: Int) {
        self.coins = coins
        self.balance = balance
    }
}
