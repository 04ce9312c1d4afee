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

    public init(
        type: String = "about:blank", title: String, status: Int, detail: String, field: String? = nil,
        missingCoins: Int? = nil, retryAfter: Int? = nil
    ) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.field = field
        self.missingCoins = missingCoins
        self.retryAfter = retryAfter
    }
}
