import Foundation
import Logging
import SoTubeCore

/// Coins and purchases (SPEC P1–P8): the steps, in order, over the commerce store and the payment
/// provider. Ids and time come from the injected sources.
public struct CommerceService: Sendable {
    public let store: any CommerceStore
    public let accounts: any AccountStore
    public let sandbox: SandboxPaymentProvider
    let clock: any SoTubeClock
    let ids: any IDSource
    /// Counts purchases and credited top-ups, when given.
    let metrics: ServerMetrics?
    /// Stripe's API, when the store takes cards through Stripe (`payments: stripe`).
    public let stripe: StripeAPI?
    /// Receipts for paid top-ups, when mail is wired.
    let receipts: (any Mailer)?
    /// Where card payments that cannot be credited are reported.
    let logger: Logger?

    public init(
        store: any CommerceStore, accounts: any AccountStore, sandbox: SandboxPaymentProvider,
        clock: any SoTubeClock,
        ids: any IDSource, metrics: ServerMetrics? = nil, stripe: StripeAPI? = nil, receipts: (any Mailer)? = nil,
        logger: Logger? = nil
    ) {
        self.logger = logger
        self.metrics = metrics
        self.stripe = stripe
        self.receipts = receipts
        self.store = store
        self.accounts = accounts
        self.sandbox = sandbox
        self.clock = clock
        self.ids = ids
    }

    /// Stripe when it is configured, else the sandbox.
    public var provider: any PaymentProvider {
        if let stripe { return StripePaymentProvider(api: stripe) }
        return sandbox
    }

    public func balance(userID: String) async throws -> Int {
        guard let coins = try await store.balance(userID: userID) else {
            throw DomainError.notFound(what: "The user")
        }
        return coins
    }

    // MARK: purchases

    public func purchase(
        userID: String, target: PurchaseTarget, idempotencyKey: String, expectedPrice: Int?, offeredCoins: Int?,
        discountCode: String? = nil
    ) async throws -> PurchaseOutcome {
        let outcome = try await store.purchase(
            PurchaseCommand(
                userID: userID, target: target, idempotencyKey: idempotencyKey, purchaseID: ids.makeID(),
                ledgerEntryID: ids.makeID(), now: clock.now(), expectedPrice: expectedPrice,
                offeredCoins: offeredCoins, discountCode: discountCode))
        if !outcome.replayed { metrics?.purchased() }
        return outcome
    }

    // MARK: top-ups

    /// Opens a checkout at the provider for a coin pack; coins come only with the capture.
    public func startTopUp(userID: String, packID: String) async throws -> (
        TopUp, checkoutURL: String
    ) {
        guard let pack = try await store.coinPack(id: packID) else {
            throw DomainError.invalid(field: "packId", reason: "There is no coin pack with this id.")
        }
        // The id authorises the hosted checkout page, so it must not be guessable.
        let id = "tu_" + ids.randomBytes(18).base64URLString
        let checkout = try await provider.openCheckout(
            topUpID: id, price: pack.price, description: "\(pack.coins) SoTube coins")
        let topUp = TopUp(
            id: id, userID: userID, packID: pack.id, coins: pack.coins, price: pack.price,
            status: .pending,
            provider: provider.name, providerReference: checkout.reference, createdAt: clock.now(),
            clientSecret: checkout.clientSecret)
        try await store.createTopUp(topUp)
        return (topUp, checkout.url)
    }

    /// The caller's own top-up (someone else's is "not found").
    public func topUp(id: String, userID: String) async throws -> TopUp {
        guard let topUp = try await store.topUp(id: id), topUp.userID == userID else {
            throw DomainError.notFound(what: "The top-up")
        }
        return topUp
    }

    /// The capture path: credits the pack's coins once per provider reference, and mails the receipt
    /// the one time it credits.
    public func capture(topUpID: String, providerReference: String) async throws -> CaptureOutcome {
        try await capture(topUpID: topUpID, providerReference: providerReference, paid: nil)
    }

    public func capture(topUpID: String, providerReference: String, paid: Money?) async throws
        -> CaptureOutcome
    {
        let outcome = try await store.captureTopUp(
            id: topUpID, providerReference: providerReference, paid: paid, ledgerEntryID: ids.makeID(),
            now: clock.now())
        if outcome.credited {
            metrics?.toppedUp()
            await mailReceipt(outcome.topUp)
        }
        return outcome
    }

    func mailReceipt(_ topUp: TopUp) async {
        guard let receipts, let user = try? await accounts.user(id: topUp.userID) else { return }
        try? await receipts.send(MailTemplates.receipt(for: topUp, to: user))
    }

    /// A capture notification from the provider: checked for authenticity, then captured.
    public func handleCaptureNotification(
        topUpID: String, providerReference: String, signature: String?
    )
        async throws -> CaptureOutcome
    {
        guard let signature,
            sandbox.isAuthentic(topUpID: topUpID, reference: providerReference, signature: signature)
        else {
            throw DomainError.unauthorized(
                reason: "The capture notification's signature is missing or wrong.")
        }
        return try await capture(topUpID: topUpID, providerReference: providerReference)
    }

    // MARK: gift codes and grants

    public func redeem(userID: String, code: String) async throws -> CreditOutcome {
        let code = try GiftCodes.validatedInput(code)
        return try await store.redeemGiftCode(
            code, userID: userID, ledgerEntryID: ids.makeID(), now: clock.now())
    }

    /// Mints `count` codes worth `coins` each; returns them in display form.
    public func mintCodes(coins: Int, count: Int) async throws -> [String] {
        try GiftCodes.validateMint(coins: coins, count: count)
        let now = clock.now()
        var codes: Set<String> = []
        while codes.count < count {
            codes.insert(GiftCodes.make(randomBytes: ids.randomBytes(GiftCodes.length)))
        }
        let sorted = codes.sorted()
        try await store.createGiftCodes(sorted.map { GiftCode(code: $0, coins: coins, createdAt: now) })
        return sorted.map(GiftCodes.display)
    }

    /// The operator gives a user coins (`sotube coins grant`).
    public func grant(username: String, coins: Int) async throws -> CreditOutcome {
        guard (1...1_000_000).contains(coins) else {
            throw DomainError.invalid(field: "coins", reason: "Grant 1 to 1000000 coins at a time.")
        }
        guard let user = try await accounts.credentials(username: username)?.user else {
            throw DomainError.notFound(what: "The user '\(username)'")
        }
        return try await store.grant(
            userID: user.id, coins: coins, ledgerEntryID: ids.makeID(), note: "Granted by the operator",
            now: clock.now())
    }

    public func verifyLedger() async throws -> LedgerReport {
        LedgerReport(facts: try await store.ledgerFacts())
    }
}
