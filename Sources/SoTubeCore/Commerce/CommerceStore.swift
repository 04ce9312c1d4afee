import Foundation

/// Coins, packs, purchases, top-ups, gift codes and the ledger. Every balance change happens in one
/// transaction together with its ledger entry; every backend passes the same contract suite.
public protocol CommerceStore: PaymentRecordStore {
    /// The cached balance (nil for an unknown user).
    func balance(userID: String) async throws -> Int?

    func coinPacks() async throws -> [CoinPack]
    func coinPack(id: String) async throws -> CoinPack?
    /// Adds or replaces a pack.
    func saveCoinPack(_ pack: CoinPack, now: Date) async throws
    /// Returns false when there was no such pack.
    func removeCoinPack(id: String) async throws -> Bool

    /// Buys in one transaction: ownership rows, conditional debit, purchase row and ledger entry.
    /// Throws notFound (no such track/album), conflict (owned), insufficientCoins(missing:), or
    /// idempotencyMismatch (key reused with another request). A reused key with the same request
    /// answers the stored outcome and charges nothing.
    func purchase(_ command: PurchaseCommand) async throws -> PurchaseOutcome
    /// The user's purchases, newest first.
    func purchases(userID: String) async throws -> [Purchase]

    func createTopUp(_ topUp: TopUp) async throws
    func topUp(id: String) async throws -> TopUp?
    /// Marks the top-up captured and credits its coins exactly once per provider reference, even when
    /// called concurrently or replayed. Throws notFound when id and reference do not match a top-up,
    /// conflict when it was cancelled.
    /// `paid` is what the provider reports was paid, when it reports it.
    func captureTopUp(id: String, providerReference: String, paid: Money?, ledgerEntryID: String, now: Date)
        async throws
        -> CaptureOutcome
    /// Moves a top-up that is not captured to declined or cancelled (with the provider's reason);
    /// false when it was captured.
    func markTopUp(id: String, status: TopUpStatus, message: String?) async throws -> Bool
    /// Deletes top-ups that were never captured (declined, cancelled, or a sandbox checkout left
    /// pending) and were opened before `cutoff`; returns how many. Captured ones stay with their
    /// ledger entries, and a card payment left pending stays too: its bank may still answer.
    func deleteAbandonedTopUps(openedBefore cutoff: Date) async throws -> Int

    func createGiftCodes(_ codes: [GiftCode]) async throws
    /// Redeems a normalized code once. Throws notFound for an unknown code, conflict when redeemed.
    func redeemGiftCode(_ code: String, userID: String, ledgerEntryID: String, now: Date) async throws
        -> CreditOutcome
    /// Credits coins by the operator (a ledger entry of kind grant).
    func grant(userID: String, coins: Int, ledgerEntryID: String, note: String, now: Date)
        async throws -> CreditOutcome

    /// The user's ledger, newest first, at most `limit` entries.
    func history(userID: String, limit: Int) async throws -> [LedgerEntry]
    /// Gathers what `sotube ledger verify` checks.
    func ledgerFacts() async throws -> LedgerFacts
}
