import Foundation
import SoTubeCore

/// Stripe's webhook events, applied once each: a payment succeeded or failed, money refunded in
/// Stripe's dashboard, a dispute opened.
extension CommerceService {
    /// A webhook that cannot be believed or read: answered 400, nothing changed.
    public struct WebhookRejected: Error, Equatable {
        public var reason: String
    }

    /// Checks the signature against the raw body, then applies the event once; says what it did.
    public func handleStripeWebhook(body: [UInt8], signature: String?, secret: String) async throws -> String {
        do {
            try WebhookSignature.verify(header: signature, body: body, secret: secret, now: clock.now())
        } catch {
            throw WebhookRejected(reason: error.description)
        }
        guard let event = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any],
            let id = event["id"] as? String, !id.isEmpty, id.utf8.count <= 255,
            let type = event["type"] as? String,
            let object = (event["data"] as? [String: Any])?["object"] as? [String: Any]
        else { throw WebhookRejected(reason: "The body is not a Stripe event.") }
        if try await store.hasPaymentEvent(id: id) { return "event \(id) was applied before" }
        let outcome: String
        switch type {
        case "payment_intent.succeeded", "payment_intent.payment_failed", "payment_intent.canceled":
            outcome = try await paymentIntentEvent(object)
        case "charge.refunded":
            outcome = try await refundedEvent(object, eventID: id)
        case "charge.dispute.created":
            outcome = try await disputeEvent(object)
        default:
            outcome = "\(type) is not used here"
        }
        _ = try await store.recordPaymentEvent(id: id, provider: "stripe", type: type, now: clock.now())
        return outcome
    }

    func paymentIntentEvent(_ object: [String: Any]) async throws -> String {
        let intent: StripeAPI.PaymentIntent
        do { intent = try StripeAPI.paymentIntent(object) } catch {
            throw WebhookRejected(reason: "The event holds no usable PaymentIntent.")
        }
        guard let topUp = try await store.topUp(provider: "stripe", providerReference: intent.id) else {
            return "no top-up is paid by \(intent.id)"
        }
        guard topUp.status == .pending || topUp.status == .declined else {
            return "top-up \(topUp.id) is \(topUp.status.rawValue)"
        }
        do {
            let (after, _) = try await settle(topUp, with: intent)
            return "top-up \(after.id) is \(after.status.rawValue)"
        } catch DomainError.paymentProviderUnavailable(let reason) {
            // Answered 200 (Stripe would only send the same again); the operator finds it in the log.
            logger?.error("card payment not credited", metadata: ["topUp": "\(topUp.id)", "reason": "\(reason)"])
            return "top-up \(topUp.id) not credited: \(reason)"
        }
    }

    func refundedEvent(_ charge: [String: Any], eventID: String) async throws -> String {
        guard let paymentIntent = charge["payment_intent"] as? String,
            let refunded = StripeAPI.int(charge["amount_refunded"]), refunded >= 0
        else { throw WebhookRejected(reason: "The event holds no usable charge.") }
        guard let topUp = try await store.topUp(provider: "stripe", providerReference: paymentIntent),
            topUp.status == .captured
        else { return "no paid top-up is paid by \(paymentIntent)" }
        let refund = try await store.takeBackForRefund(
            topUpID: topUp.id, refundID: "rf_" + ids.randomBytes(12).base64URLString, ledgerEntryID: ids.makeID(),
            origin: .provider, providerReference: charge["id"] as? String,
            note: "Refunded in Stripe (event \(eventID))", now: clock.now()
        ) { topUp, balance in
            RefundRules.providerRefund(topUp: topUp, refundedTotal: refunded, balance: balance)
        }
        guard let refund else { return "top-up \(topUp.id): nothing more to take back" }
        return "top-up \(topUp.id): \(refund.refund.coins) coins taken back for \(refund.refund.money.formatted)"
    }

    func disputeEvent(_ dispute: [String: Any]) async throws -> String {
        guard let id = dispute["id"] as? String, let paymentIntent = dispute["payment_intent"] as? String else {
            throw WebhookRejected(reason: "The event holds no usable dispute.")
        }
        guard let topUp = try await store.topUp(provider: "stripe", providerReference: paymentIntent) else {
            return "no top-up is paid by \(paymentIntent)"
        }
        let opened = try await store.openDispute(
            PaymentDispute(
                id: "dp_" + ids.randomBytes(12).base64URLString, providerReference: id, topUpID: topUp.id,
                userID: topUp.userID,
                money: Money(
                    amount: StripeAPI.int(dispute["amount"]) ?? topUp.price.amount,
                    currency: (dispute["currency"] as? String)?.uppercased() ?? topUp.price.currency),
                reason: (dispute["reason"] as? String) ?? "unknown", createdAt: clock.now()))
        return opened ? "buying stopped for the owner of top-up \(topUp.id)" : "dispute \(id) was known"
    }
}
