/// RFC 9457 problem details, as every error response carries them.
public struct ProblemDocument: Codable, Sendable, Equatable {
    public var type: String
    public var title: String
    public var status: Int
    public var detail: String
    /// The request field at fault, for validation errors.
    public var field: String?
    /// For 402: how many coins are missing.
    public var missingCoins: Int?
    /// For 429: seconds to wait.
    public var retryAfter: Int?
    /// For 409 of type ``ProblemType/priceChanged``: what the purchase costs now.
    public var price: Int?

    public init(
        type: String = "about:blank", title: String, status: Int, detail: String, field: String? = nil,
        missingCoins: Int? = nil, retryAfter: Int? = nil, price: Int? = nil
    ) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.field = field
        self.missingCoins = missingCoins
        self.retryAfter = retryAfter
        self.price = price
    }
}

/// The `type` of problem documents that need a client to act differently from other errors of
/// the same status (every other problem is `about:blank`).
public enum ProblemType {
    /// 401 from `POST /api/v1/auth/login`: the password was right, but the account has two-step
    /// sign-in and the `totp` field was missing or held a wrong or used code. Ask for the code.
    public static let twoFactorRequired = "urn:sotube:problem:two-factor-required"
    /// 409 from `POST /api/v1/purchases`: the request's `expectedPrice` is not what the purchase costs
    /// now (a song was withdrawn or came back, a price was changed). Nothing was charged; `price` holds
    /// the current price: show it and ask the buyer again.
    public static let priceChanged = "urn:sotube:problem:price-changed"
    /// 403 from an operator's action that changes money or accounts (`/api/v1/admin/…`) when the
    /// caller signed in, or confirmed the password, more than 15 minutes ago: nothing was changed.
    /// Ask for the password (`POST /api/v1/admin/reauth`) and send the action again.
    public static let reauthenticate = "urn:sotube:problem:reauthenticate"
    /// 403 from purchases and top-ups while a payment of the account is disputed at the card
    /// provider: buying is stopped until the store's operator settles the dispute.
    public static let accountFrozen = "urn:sotube:problem:account-frozen"
    /// 502 when the payment provider cannot be reached or answers something unusable: nothing was
    /// paid; try again later.
    public static let paymentProvider = "urn:sotube:problem:payment-provider"
}
