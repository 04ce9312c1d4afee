import Crypto
import Foundation
import SoTubeAPI
import SoTubeCore

/// The built-in provider: a hosted checkout page served by this server that imitates a PayPal-style
/// checkout. Nothing leaves the machine; no real money moves.
///
/// Sandbox buyer accounts ("Log in and pay"), password `sandbox123` for both:
/// - `buyer@sandbox.test` — pays.
/// - `broke@sandbox.test` — declined: insufficient funds.
///
/// Test cards ("Pay with card"; any future expiry, any 3-digit CVC). Numbers must pass the Luhn check:
/// - `4242 4242 4242 4242` (Visa) and `5555 5555 5555 4444` (Mastercard) — succeed.
/// - `4000 0000 0000 0002` — declined.
/// - `4000 0000 0000 9995` — declined: insufficient funds.
/// - any other valid number — declined: not a sandbox test card.
public struct SandboxPaymentProvider: PaymentProvider {
    public let name = "sandbox"
    private let keyBytes: [UInt8]
    private var key: SymmetricKey { SymmetricKey(data: keyBytes) }
    private let ids: any IDSource

    public static let password = "sandbox123"
    public static let buyerAccounts: [String: Bool] = [
        "buyer@sandbox.test": true, "broke@sandbox.test": false,
    ]
    public static let approvedCards: Set<String> = ["4242424242424242", "5555555555554444"]
    public static let declinedCards: [String: String] = [
        "4000000000000002": "Your card was declined.",
        "4000000000009995": "Your card was declined: insufficient funds.",
    ]

    public init(keyBytes: [UInt8], ids: any IDSource) {
        self.keyBytes = keyBytes
        self.ids = ids
    }

    public func openCheckout(topUpID: String, price: Money, description: String) async throws
        -> ProviderCheckout
    {
        ProviderCheckout(
            reference: "SBX-" + ids.randomBytes(16).map { String(format: "%02X", $0) }.joined(),
            url: SoTubeRoutes.sandboxCheckout(topUpID))
    }

    /// The provider's signature on a capture notification.
    public func signature(topUpID: String, reference: String) -> String {
        Hex.encode(HMAC<SHA256>.authenticationCode(for: Data("\(topUpID).\(reference)".utf8), using: key))
    }

    public func isAuthentic(topUpID: String, reference: String, signature: String) -> Bool {
        guard signature.count == 64, let bytes = Hex.decode(signature) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(
            bytes, authenticating: Data("\(topUpID).\(reference)".utf8), using: key)
    }

    /// What the buyer submitted on the hosted page.
    public enum Payment: Sendable {
        case account(email: String, password: String)
        case card(number: String, expiry: String, cvc: String)
    }

    /// The provider's answer to a payment attempt.
    public enum Decision: Sendable, Equatable {
        case approved
        /// The payment was refused (the top-up is marked declined; the buyer may try again).
        case declined(String)
        /// The form was filled in wrongly (`field` names the form field at fault); nothing happened.
        case invalid(String, field: String)
    }

    public func authorize(_ payment: Payment, now: Date) -> Decision {
        switch payment {
        case .account(let email, let password):
            let email = email.trimmingCharacters(in: .whitespaces).lowercased()
            guard let funded = Self.buyerAccounts[email], password == Self.password else {
                return .invalid(
                    "The sandbox email or password is wrong. Try buyer@sandbox.test / sandbox123.", field: "email")
            }
            return funded ? .approved : .declined("The sandbox account has insufficient funds.")
        case .card(let number, let expiry, let cvc):
            guard let digits = CardNumber.digits(number), CardNumber.passesLuhn(digits) else {
                return .invalid("The card number is not valid.", field: "number")
            }
            guard let (month, year) = CardNumber.expiry(expiry) else {
                return .invalid("The expiry date must look like MM/YY.", field: "expiry")
            }
            guard !CardNumber.isExpired(month: month, year: year, now: now) else {
                return .invalid("The card has expired.", field: "expiry")
            }
            guard CardNumber.isValidCVC(cvc.trimmingCharacters(in: .whitespaces)) else {
                return .invalid("The security code (CVC) has 3 or 4 digits.", field: "cvc")
            }
            if Self.approvedCards.contains(digits) { return .approved }
            return .declined(
                Self.declinedCards[digits] ?? "Your card was declined: this is not a sandbox test card.")
        }
    }
}
