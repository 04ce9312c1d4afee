import Foundation

/// What a card provider's payments leave in the store besides top-ups: refunds (each with its
/// ledger entry, in one transaction), the provider events already applied, and disputes.
public protocol PaymentRecordStore: Sendable {
    /// The top-up a provider's payment belongs to.
    func topUp(provider: String, providerReference: String) async throws -> TopUp?
    /// Top-ups, newest first (one user's when `userID` is given).
    func topUps(userID: String?, limit: Int) async throws -> [TopUp]

    /// Takes coins back for a refund of a captured top-up in one transaction: `plan` decides from the
    /// top-up and the balance as they are inside it. Returns nil (and changes nothing) when the plan
    /// moves neither coins nor money. Throws notFound, or conflict when the top-up is not captured.
    func takeBackForRefund(
        topUpID: String, refundID: String, ledgerEntryID: String, origin: TopUpRefund.Origin,
        providerReference: String?, note: String?, now: Date,
        plan: @escaping @Sendable (TopUp, Int) -> RefundRules.Plan
    ) async throws -> (refund: TopUpRefund, balance: Int)?
    /// The provider returned the money.
    func completeRefund(id: String, providerReference: String?) async throws
    /// The provider refused the refund: gives the coins back (a second ledger entry) and marks it failed.
    func reverseRefund(id: String, ledgerEntryID: String, reason: String, now: Date) async throws
    func refunds(topUpID: String) async throws -> [TopUpRefund]

    func hasPaymentEvent(id: String) async throws -> Bool
    /// Remembers an applied provider event; false when it was already recorded.
    func recordPaymentEvent(id: String, provider: String, type: String, now: Date) async throws -> Bool

    /// Records a dispute and freezes the account's buying; false when this dispute was known.
    func openDispute(_ dispute: PaymentDispute) async throws -> Bool
    /// Settles a dispute; the account buys again once none of its disputes is open. nil: no such dispute.
    func settleDispute(id: String, note: String, now: Date) async throws -> PaymentDispute?
    func disputes(includeSettled: Bool) async throws -> [PaymentDispute]
}
