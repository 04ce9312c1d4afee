import SoTubeCore

extension SubsonicError {
    /// The Subsonic error a domain error stands for, made once at the `/rest` edge (as `Problem`
    /// makes the web API's): not found is 70, a bad value names its parameter, a refusal is 50.
    init(_ error: DomainError) {
        switch error {
        case .notFound: self.init(code: 70, message: error.message)
        case .invalid(let field, let reason): self = .invalid(field, reason)
        case .forbidden, .reauthenticationRequired, .accountFrozen: self.init(code: 50, message: error.message)
        case .unauthorized: self.init(code: 40, message: error.message)
        case .conflict, .twoFactorRequired, .insufficientCoins, .rateLimited, .idempotencyMismatch, .priceChanged,
            .paymentProviderUnavailable:
            self = .generic(error.message)
        }
    }
}
