import Foundation
import SoTubeCore

/// A hosted checkout opened at a payment provider for one top-up.
public struct ProviderCheckout: Sendable, Equatable {
    /// The provider's order reference (secret between provider and store); coins are credited once per reference.
    public var reference: String
    /// Where the buyer pays.
    public var url: String
}

/// A payment provider (PayPal, a card processor ...). The store opens a checkout, the buyer pays on the
/// provider's page, and the provider reports the capture; the store credits coins only then.
public protocol PaymentProvider: Sendable {
    /// Stored with each top-up, e.g. "sandbox".
    var name: String { get }
    func openCheckout(topUpID: String, price: Money, description: String) async throws -> ProviderCheckout
    /// True when a capture notification really comes from this provider.
    func isAuthentic(topUpID: String, reference: String, signature: String) -> Bool
}
