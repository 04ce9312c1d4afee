import Foundation
import SoTubeCore

/// Card payments through Stripe: the browser's token confirmed here, the PaymentIntent read back when
/// the browser returns, and coins credited once whichever of that and the webhook comes first.
extension CommerceService {
    /// What the card page does next: nothing (paid or declined), or 3-D Secure in the browser.
    public enum CardNextStep: String, Sendable {
        case authenticate
    }

    func stripeAPI() throws -> StripeAPI {
        guard let stripe else { throw DomainError.notFound(what: "Card payments") }
        return stripe
    }

    /// Pays the caller's pending Stripe top-up with the card a Stripe.js token holds.
    public func payWithCard(topUpID: String, userID: String, token: String) async throws
        -> (TopUp, next: CardNextStep?)
    {
        let api = try stripeAPI()
        let topUp = try await payableByCard(topUpID: topUpID, userID: userID)
        let card: String
        do {
            card = try await api.cardOfToken(token)
        } catch is StripeAPI.Refusal {
            throw DomainError.invalid(field: "token", reason: "Stripe does not know this card token.")
        }
        do {
            let intent = try await api.confirm(topUp.providerReference, paymentMethod: card)
            return try await settle(topUp, with: intent)
        } catch let refusal as StripeAPI.Refusal {
            guard refusal.status == 402 || refusal.type == "card_error" else {
                throw DomainError.paymentProviderUnavailable(
                    reason: "Stripe refused the payment request: \(refusal.message)")
            }
            _ = try await store.markTopUp(id: topUp.id, status: .declined, message: refusal.message)
            return (try await self.topUp(id: topUpID, userID: userID), nil)
        }
    }

    /// The browser came back (after 3-D Secure, or to look): reads the PaymentIntent at Stripe and
    /// credits it when paid.
    public func syncTopUp(topUpID: String, userID: String) async throws -> (TopUp, next: CardNextStep?) {
        let topUp = try await self.topUp(id: topUpID, userID: userID)
        guard topUp.provider == "stripe", topUp.status == .pending else { return (topUp, nil) }
        let intent = try await stripeAPI().retrievePaymentIntent(topUp.providerReference)
        return try await settle(topUp, with: intent)
    }

    func payableByCard(topUpID: String, userID: String) async throws -> TopUp {
        let topUp = try await self.topUp(id: topUpID, userID: userID)
        guard topUp.provider == "stripe" else {
            throw DomainError.conflict(
                field: nil, reason: "This top-up is paid at the sandbox checkout, not by card here.")
        }
        switch topUp.status {
        case .pending: return topUp
        case .captured: throw DomainError.conflict(field: nil, reason: "This top-up is paid already.")
        case .declined, .cancelled:
            throw DomainError.conflict(
                field: nil, reason: "This payment was \(topUp.status.rawValue): start a new top-up to try another card."
            )
        }
    }

    /// What a PaymentIntent's state means for its top-up: credit, decline, wait, or 3-D Secure.
    func settle(_ topUp: TopUp, with intent: StripeAPI.PaymentIntent) async throws -> (TopUp, next: CardNextStep?) {
        guard intent.id == topUp.providerReference else {
            throw DomainError.paymentProviderUnavailable(reason: "Stripe answered about another payment.")
        }
        switch intent.status {
        case "succeeded":
            let paid = Money(amount: intent.amountReceived ?? intent.amount, currency: intent.currency)
            guard paid == topUp.price else {
                throw DomainError.paymentProviderUnavailable(
                    reason:
                        "Stripe reports \(paid.formatted) paid for a top-up of \(topUp.price.formatted); no coins were credited. The store's operator has to look at it."
                )
            }
            let outcome = try await capture(topUpID: topUp.id, providerReference: intent.id, paid: paid)
            return (outcome.topUp, nil)
        case "requires_action":
            return (topUp, .authenticate)
        case "canceled":
            _ = try await store.markTopUp(id: topUp.id, status: .cancelled, message: "The payment was cancelled.")
        case "requires_payment_method" where intent.lastError != nil:
            _ = try await store.markTopUp(id: topUp.id, status: .declined, message: intent.lastError)
        default:
            return (topUp, nil)
        }
        return (try await store.topUp(id: topUp.id) ?? topUp, nil)
    }
}
