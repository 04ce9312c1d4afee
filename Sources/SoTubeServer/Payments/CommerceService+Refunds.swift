import Foundation
import SoTubeCore

/// The operator's refunds (`sotube topups refund`) and disputes (`sotube disputes`).
extension CommerceService {
    public struct RefundResult: Sendable {
        public var topUp: TopUp
        /// nil when nothing could be taken back (all spent, or refunded before).
        public var refund: TopUpRefund?
        /// Coins of the top-up that stay with the buyer because they were spent.
        public var spentCoins: Int
        public var balance: Int
    }

    /// Takes back what the balance still covers of a paid top-up and returns that share of the money
    /// at the provider. The coins go first (one transaction with the refund row); a provider that
    /// refuses gets them back, so money is never returned while the coins stay.
    public func refundTopUp(id: String, note: String?) async throws -> RefundResult {
        guard let before = try await store.topUp(id: id) else { throw DomainError.notFound(what: "The top-up '\(id)'") }
        let refundID = "rf_" + ids.randomBytes(12).base64URLString
        guard
            let taken = try await store.takeBackForRefund(
                topUpID: id, refundID: refundID, ledgerEntryID: ids.makeID(), origin: .operator, providerReference: nil,
                note: note, now: clock.now(),
                plan: { topUp, balance in RefundRules.operatorRefund(topUp: topUp, balance: balance) })
        else {
            let balance = try await store.balance(userID: before.userID) ?? 0
            return RefundResult(
                topUp: before, refund: nil, spentCoins: max(0, before.coins - before.refundedCoins), balance: balance)
        }
        var refund = taken.refund
        if before.provider == "stripe", refund.money.amount > 0 {
            do {
                let reference = try await stripeAPI().refund(
                    paymentIntent: before.providerReference, amount: refund.money.amount, idempotencyKey: refundID)
                try await store.completeRefund(id: refundID, providerReference: reference)
                refund.providerReference = reference
            } catch {
                let reason = (error as? StripeAPI.Refusal)?.message ?? String(describing: error)
                try await store.reverseRefund(
                    id: refundID, ledgerEntryID: ids.makeID(), reason: reason, now: clock.now())
                throw DomainError.paymentProviderUnavailable(
                    reason: "Stripe did not refund (\(reason)); the coins were given back.")
            }
        } else {
            try await store.completeRefund(id: refundID, providerReference: nil)
        }
        refund.status = .done
        let remaining = before.coins - before.refundedCoins
        return RefundResult(
            topUp: try await store.topUp(id: id) ?? before, refund: refund, spentCoins: remaining - refund.coins,
            balance: taken.balance)
    }

    public func disputes(includeSettled: Bool) async throws -> [PaymentDispute] {
        try await store.disputes(includeSettled: includeSettled)
    }

    public func settleDispute(id: String, note: String) async throws -> PaymentDispute {
        guard let dispute = try await store.settleDispute(id: id, note: note, now: clock.now()) else {
            throw DomainError.notFound(what: "The dispute '\(id)'")
        }
        return dispute
    }
}
