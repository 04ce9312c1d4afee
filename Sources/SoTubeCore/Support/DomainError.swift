/// Errors the domain reports; the server maps each to an HTTP problem document.
public enum DomainError: Error, Equatable, Sendable {
    /// Input broke a rule; `field` names the offending field.
    case invalid(field: String, reason: String)
    /// Something with this key exists already (username taken, song owned).
    case conflict(field: String?, reason: String)
    case notFound(what: String)
    /// Not logged in, or the credentials are wrong.
    case unauthorized(reason: String)
    /// The password was right but the account needs a second factor (a TOTP or recovery code) that
    /// was missing or wrong: no session is made.
    case twoFactorRequired(reason: String)
    /// Logged in but not allowed.
    case forbidden(reason: String)
    /// The balance is short by `missing` coins.
    case insufficientCoins(missing: Int)
    /// Too many attempts; try again after `retryAfterSeconds`.
    case rateLimited(retryAfterSeconds: Int)
    /// The same idempotency key came with a different request.
    case idempotencyMismatch
    /// The buyer confirmed another price than the one charged now (it changed since): `price` is
    /// the current one; nothing was charged.
    case priceChanged(price: Int)
    /// An operator's action that changes money or accounts needs a password confirmed (or a sign-in)
    /// within `OperatorRules.confirmationWindow`: nothing was changed.
    case reauthenticationRequired(reason: String)
    /// A payment of this account is disputed at the provider: buying is stopped until the operator
    /// settles the dispute.
    case accountFrozen(reason: String)
    /// The payment provider could not be reached or answered something unusable: nothing was paid.
    case paymentProviderUnavailable(reason: String)
}
