import Foundation
import SoTubeCore

/// What the purchase routes need (SPEC P3, P4, P6, P7): `CommerceService` in the server, a fake in tests.
public protocol PurchaseService: Sendable {
    /// Buys once per `idempotencyKey`; a retry answers the first outcome with `replayed` set. With
    /// `expectedPrice`, a purchase that costs something else now charges nothing (`SaleRules.confirm`).
    /// `offeredCoins` is what the buyer chose to pay for a name-your-price item (`SellerRules.charge`).
    func purchase(
        userID: String, target: PurchaseTarget, idempotencyKey: String, expectedPrice: Int?, offeredCoins: Int?,
        discountCode: String?
    ) async throws -> PurchaseOutcome
    /// The user's purchases, newest first.
    func purchases(userID: String) async throws -> [Purchase]
}

/// What the wallet routes need (SPEC P1, P2, P5, P8).
public protocol WalletService: Sendable {
    func balance(userID: String) async throws -> Int
    func coinPacks() async throws -> [CoinPack]
    /// Opens a checkout at the payment provider for a coin pack.
    func startTopUp(userID: String, packID: String) async throws -> (TopUp, checkoutURL: String)
    /// The caller's own top-up; someone else's is "not found".
    func topUp(id: String, userID: String) async throws -> TopUp
    /// The user's ledger, newest first.
    func history(userID: String, limit: Int) async throws -> [LedgerEntry]
    func redeem(userID: String, code: String) async throws -> CreditOutcome
    /// The user's top-ups, newest first.
    func topUps(userID: String, limit: Int) async throws -> [TopUp]
    /// Pays a Stripe top-up with a Stripe.js card token.
    func payWithCard(topUpID: String, userID: String, token: String) async throws
        -> (TopUp, next: CommerceService.CardNextStep?)
    /// Reads a card top-up's payment back from Stripe.
    func syncTopUp(topUpID: String, userID: String) async throws -> (TopUp, next: CommerceService.CardNextStep?)
}

/// What the sandbox payment provider's hosted checkout and capture notification need.
public protocol SandboxCheckoutService: Sendable {
    /// A top-up by its unguessable id (the checkout page's only authorisation).
    func checkoutTopUp(id: String) async throws -> TopUp?
    /// Moves a top-up that is not captured to declined or cancelled.
    func markTopUp(id: String, status: TopUpStatus, message: String?) async throws -> Bool
    /// The sandbox provider's decision on a test payment.
    func authorizeSandboxPayment(_ payment: SandboxPaymentProvider.Payment, now: Date)
        -> SandboxPaymentProvider.Decision
    /// Credits the top-up's coins once per provider reference.
    func capture(topUpID: String, providerReference: String) async throws -> CaptureOutcome
    /// A capture notification, checked for authenticity first.
    func handleCaptureNotification(topUpID: String, providerReference: String, signature: String?) async throws
        -> CaptureOutcome
}

extension CommerceService: PurchaseService, WalletService, SandboxCheckoutService {
    public func purchases(userID: String) async throws -> [Purchase] {
        try await store.purchases(userID: userID)
    }

    public func coinPacks() async throws -> [CoinPack] { try await store.coinPacks() }

    public func topUps(userID: String, limit: Int) async throws -> [TopUp] {
        try await store.topUps(userID: userID, limit: limit)
    }

    public func history(userID: String, limit: Int) async throws -> [LedgerEntry] {
        try await store.history(userID: userID, limit: limit)
    }

    public func checkoutTopUp(id: String) async throws -> TopUp? { try await store.topUp(id: id) }

    public func markTopUp(id: String, status: TopUpStatus, message: String?) async throws -> Bool {
        try await store.markTopUp(id: id, status: status, message: message)
    }

    public func authorizeSandboxPayment(_ payment: SandboxPaymentProvider.Payment, now: Date)
        -> SandboxPaymentProvider.Decision
    {
        sandbox.authorize(payment, now: now)
    }
}
