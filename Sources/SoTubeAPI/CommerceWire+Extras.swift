import Foundation

// Commerce wire types added next to `CommerceWire.swift`.

/// `GET /api/v1/purchases`: newest first.
public struct PurchaseListDTO: Codable, Sendable, Equatable {
    public var purchases: [PurchaseDTO]
    public init(purchases: [PurchaseDTO]) { self.purchases = purchases }
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

/// `POST /api/v1/payments/sandbox/capture`: the sandbox provider's capture notification. The server
/// checks `X-Sandbox-Signature` (hex HMAC-SHA256 of "topUpId.providerReference" with the provider key).
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
