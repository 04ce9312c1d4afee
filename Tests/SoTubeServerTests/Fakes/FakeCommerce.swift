import Foundation
import SoTubeCore
import SoTubeServer

/// Purchases, wallet and sandbox checkout answered from a script: the commerce controllers tested
/// without SQL. Records what the controllers asked for.
actor FakeCommerce: PurchaseService, WalletService, SandboxCheckoutService {
    var coins: Int
    var bought: [Purchase] = []
    var keys: [String: PurchaseOutcome] = [:]
    var topUps: [String: TopUp] = [:]
    var prices: [String: Int]
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    init(coins: Int, prices: [String: Int]) {
        self.coins = coins
        self.prices = prices
    }

    func purchase(
        userID: String, target: PurchaseTarget, idempotencyKey: String, expectedPrice: Int?, offeredCoins: Int?,
        discountCode: String?
    ) throws -> PurchaseOutcome {
        if let earlier = keys[idempotencyKey] {
            return PurchaseOutcome(purchase: earlier.purchase, balance: earlier.balance, replayed: true)
        }
        guard case .track(let id) = target, let price = prices[id] else { throw DomainError.notFound(what: "The song") }
        let owned = bought.contains { $0.userID == userID && $0.trackIDs.contains(id) }
        let offer = try SaleRules.song(SaleSong(id: id, price: price, owned: owned))
        try SaleRules.confirm(charge: offer.charge, expectedPrice: expectedPrice)
        guard coins >= price else { throw DomainError.insufficientCoins(missing: price - coins) }
        coins -= price
        let purchase = Purchase(
            id: "p\(bought.count + 1)", userID: userID, kind: .track, trackIDs: [id], albumID: nil, title: id,
            coins: price, balanceAfter: coins, createdAt: now)
        bought.insert(purchase, at: 0)
        let outcome = PurchaseOutcome(purchase: purchase, balance: coins, replayed: false)
        keys[idempotencyKey] = outcome
        return outcome
    }
    func purchases(userID: String) -> [Purchase] { bought.filter { $0.userID == userID } }

    func balance(userID: String) -> Int { coins }
    func coinPacks() -> [CoinPack] { [CoinPack(id: "small", coins: 100, price: Money(amount: 99, currency: "EUR"))] }
    func startTopUp(userID: String, packID: String) throws -> (TopUp, checkoutURL: String) {
        guard packID == "small" else {
            throw DomainError.invalid(field: "packId", reason: "There is no coin pack with this id.")
        }
        let topUp = TopUp(
            id: "tu_\(topUps.count + 1)", userID: userID, packID: packID, coins: 100,
            price: Money(amount: 99, currency: "EUR"), status: .pending, provider: "fake", providerReference: "ref",
            createdAt: now)
        topUps[topUp.id] = topUp
        return (topUp, "/sandbox/checkout/\(topUp.id)")
    }
    func topUp(id: String, userID: String) throws -> TopUp {
        guard let topUp = topUps[id], topUp.userID == userID else { throw DomainError.notFound(what: "The top-up") }
        return topUp
    }
    func history(userID: String, limit: Int) -> [LedgerEntry] { [] }
    func redeem(userID: String, code: String) throws -> CreditOutcome {
        guard code == "GIFT-CODE" else { throw DomainError.notFound(what: "The code") }
        coins += 50
        return CreditOutcome(coins: 50, balance: coins)
    }

    func checkoutTopUp(id: String) -> TopUp? { topUps[id] }
    func topUps(userID: String, limit: Int) -> [TopUp] { topUps.values.filter { $0.userID == userID } }
    func payWithCard(topUpID: String, userID: String, token: String) throws -> (
        TopUp, next: CommerceService.CardNextStep?
    ) { throw DomainError.notFound(what: "Card payments") }
    func syncTopUp(topUpID: String, userID: String) throws -> (TopUp, next: CommerceService.CardNextStep?) {
        (try topUp(id: topUpID, userID: userID), nil)
    }
    func markTopUp(id: String, status: TopUpStatus, message: String?) -> Bool {
        guard topUps[id]?.status != .captured else { return false }
        topUps[id]?.status = status
        return true
    }
    nonisolated func authorizeSandboxPayment(_ payment: SandboxPaymentProvider.Payment, now: Date)
        -> SandboxPaymentProvider.Decision
    {
        if case .card(let number, _, _) = payment, number == "4242" { return .approved }
        return .declined("Your card was declined.")
    }
    func capture(topUpID: String, providerReference: String) throws -> CaptureOutcome {
        guard var topUp = topUps[topUpID] else { throw DomainError.notFound(what: "The top-up") }
        let credited = topUp.status != .captured
        if credited { coins += topUp.coins }
        topUp.status = .captured
        topUps[topUpID] = topUp
        return CaptureOutcome(topUp: topUp, credited: credited, balance: coins)
    }
    func handleCaptureNotification(topUpID: String, providerReference: String, signature: String?) throws
        -> CaptureOutcome
    {
        guard signature == "good" else { throw DomainError.unauthorized(reason: "Wrong signature.") }
        return try capture(topUpID: topUpID, providerReference: providerReference)
    }
}
