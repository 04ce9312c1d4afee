import Foundation

// Wire types for buying coins with money through a payment provider (SPEC P1, P2).

/// `POST /api/v1/wallet/top-ups` body.
public struct TopUpRequest: Codable, Sendable {
    public var packId: String
    public init(packId: String) { self.packId = packId }
}

/// 201 answer: open `checkoutUrl` to pay: the sandbox provider's hosted page, or (provider
/// `stripe`) the app's card page, which mounts Stripe's card field with `publishableKey` and
/// finishes the payment with `clientSecret`.
public struct TopUpCreatedDTO: Codable, Sendable, Equatable {
    public var topUpId: String
    public var checkoutUrl: String
    /// "sandbox" or "stripe".
    public var provider: String?
    public var clientSecret: String?
    public var publishableKey: String?
    public init(
        topUpId: String, checkoutUrl: String, provider: String? = nil, clientSecret: String? = nil,
        publishableKey: String? = nil
    ) {
        self.topUpId = topUpId
        self.checkoutUrl = checkoutUrl
        self.provider = provider
        self.clientSecret = clientSecret
        self.publishableKey = publishableKey
    }
}

/// `GET /api/v1/wallet/top-ups`.
public struct TopUpListDTO: Codable, Sendable, Equatable {
    public var topUps: [TopUpDTO]
    public init(topUps: [TopUpDTO]) { self.topUps = topUps }
}

/// `POST /api/v1/wallet/top-ups/{id}/card` body: the token Stripe.js made from the card field.
public struct TopUpCardRequest: Codable, Sendable {
    public var token: String
    public init(token: String) { self.token = token }
}

/// `POST /webhooks/stripe` answer.
public struct WebhookResultDTO: Codable, Sendable, Equatable {
    public var received: Bool
    /// What the event did ("top-up tu_… is captured", "event evt_… was applied before").
    public var outcome: String
    public init(received: Bool, outcome: String) {
        self.received = received
        self.outcome = outcome
    }
}

/// `GET /api/v1/wallet/top-ups/{id}`.
public struct TopUpDTO: Codable, Sendable, Equatable {
    /// Where the payment stands. Coins are credited only once it is ``captured``.
    public enum Status: String, Codable, Sendable, CaseIterable {
        /// Waiting for the buyer to pay.
        case pending
        /// Paid: the coins are credited.
        case captured
        /// The provider refused the payment.
        case declined
        /// The buyer gave up.
        case cancelled
    }

    public var id: String
    public var packId: String
    public var coins: Int
    public var price: MoneyDTO
    public var status: Status
    public var createdAt: Date
    /// "sandbox" or "stripe".
    public var provider: String?
    /// Why the payment was declined, in the provider's words.
    public var message: String?
    /// What the provider reports was paid, once captured.
    public var paid: MoneyDTO?
    /// Coins taken back by refunds.
    public var refundedCoins: Int?
    /// For the owner's card page while pending (Stripe's client secret).
    public var clientSecret: String?
    /// "authenticate": the bank asks for 3-D Secure; finish it with Stripe.js, then call `/sync`.
    public var nextAction: String?
    public init(id: String, packId: String, coins: Int, price: MoneyDTO, status: Status, createdAt: Date) {
        self.id = id
        self.packId = packId
        self.coins = coins
        self.price = price
        self.status = status
        self.createdAt = createdAt
    }
}

/// `POST /api/v1/payments/sandbox/capture`: the sandbox provider's capture notification. The server
/// checks `X-Sandbox-Signature` (``SoTubeHeader/sandboxSignature``: hex HMAC-SHA256 of
/// "topUpId.providerReference" with the provider key).
public struct CaptureNotification: Codable, Sendable, Equatable {
    public var topUpId: String
    public var providerReference: String
    public init(topUpId: String, providerReference: String) {
        self.topUpId = topUpId
        self.providerReference = providerReference
    }
}

/// The capture answer: the top-up, whether this call credited coins (false on a replay) and the
/// buyer's balance.
public struct CaptureResultDTO: Codable, Sendable, Equatable {
    public var topUp: TopUpDTO
    public var credited: Bool
    public var coins: Int
    public init(topUp: TopUpDTO, credited: Bool, coins: Int) {
        self.topUp = topUp
        self.credited = credited
        self.coins = coins
    }
}
