extension DomainError {
    /// A sentence for people (CLI messages, logs).
    public var message: String {
        switch self {
        case .invalid(let field, let reason): return "\(field): \(reason)"
        case .conflict(_, let reason): return reason
        case .notFound(let what): return "\(what) was not found."
        case .unauthorized(let reason), .forbidden(let reason), .twoFactorRequired(let reason),
            .reauthenticationRequired(let reason), .accountFrozen(let reason),
            .paymentProviderUnavailable(let reason):
            return reason
        case .insufficientCoins(let missing): return "Not enough coins: \(missing) more needed."
        case .rateLimited(let seconds): return "Too many attempts; try again in \(seconds) seconds."
        case .idempotencyMismatch: return "This idempotency key was used with a different request."
        case .priceChanged(let price):
            return "The price changed to \(price) coins since it was shown; nothing was charged."
        }
    }
}
