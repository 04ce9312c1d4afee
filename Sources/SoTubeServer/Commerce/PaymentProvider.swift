import Foundation
import SoTubeCore

/// A checkout opened at a payment provider for one top-up.
public struct ProviderCheckout: Sendable, Equatable {
    /// The provider's order reference (secret between provider and store); coins are credited once per reference.
    public var reference: String
    /// Where the buyer pays: the provider's hosted page, or the app's own card page.
    public var url: String
    /// What the provider's script in the browser needs to finish the payment (Stripe's client secret).
    public var clientSecret: String?

    public init(reference: String, url: String, clientSecret: String? = nil) {
        self.reference = reference
        self.url = url
        self.clientSecret = clientSecret
    }
}

/// A payment provider (the sandbox, Stripe …). The store opens a checkout, the buyer pays there, and
/// the store credits coins only when the provider says the money arrived.
public protocol PaymentProvider: Sendable {
    /// Stored with each top-up, e.g. "sandbox".
    var name: String { get }
    func openCheckout(topUpID: String, price: Money, description: String) async throws
        -> ProviderCheckout
}

/// Stripe: a PaymentIntent per top-up (the top-up id as its idempotency key and metadata); the app's
/// card page (`#/pay/ID`) turns the card into a token with Stripe.js and the server confirms it.
public struct StripePaymentProvider: PaymentProvider {
    public let name = "stripe"
    let api: StripeAPI

    public func openCheckout(topUpID: String, price: Money, description: String) async throws
        -> ProviderCheckout
    {
        let intent: StripeAPI.PaymentIntent
        do {
            intent = try await api.createPaymentIntent(
                amount: price.amount, currency: price.currency, topUpID: topUpID, description: description)
        } catch let refusal as StripeAPI.Refusal {
            throw DomainError.paymentProviderUnavailable(reason: "Stripe refused the payment: \(refusal.message)")
        }
        return ProviderCheckout(reference: intent.id, url: "/#/pay/\(topUpID)", clientSecret: intent.clientSecret)
    }
}
