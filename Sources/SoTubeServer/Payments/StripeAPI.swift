import Foundation
import SoTubeCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The few Stripe API calls the store makes, form-encoded over HTTPS with the secret key. Every call
/// that creates something carries an idempotency key, so a retry after a lost answer makes nothing
/// twice. Card data never passes here: the browser turns the card into a token at Stripe.
public struct StripeAPI: Sendable {
    /// A PaymentIntent as far as the store reads it.
    public struct PaymentIntent: Sendable, Equatable {
        public var id: String
        public var status: String
        public var amount: Int
        public var amountReceived: Int?
        public var currency: String
        public var clientSecret: String?
        public var topUpID: String?
        public var lastError: String?
        /// The charge that paid it, when there is one.
        public var latestCharge: String?
    }

    /// Stripe refused the request (a declined card is a 402 with the bank's message).
    public struct Refusal: Error, Sendable, Equatable {
        public var status: Int
        public var type: String?
        public var code: String?
        public var message: String
    }

    let settings: StripeSettings
    let session: URLSession

    public init(settings: StripeSettings) {
        self.settings = settings
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 20
        configuration.timeoutIntervalForResource = 40
        self.session = URLSession(configuration: configuration)
    }

    public func createPaymentIntent(amount: Int, currency: String, topUpID: String, description: String)
        async throws -> PaymentIntent
    {
        try Self.paymentIntent(
            try await call(
                "POST", "/v1/payment_intents",
                form: [
                    ("amount", String(amount)), ("currency", currency.lowercased()),
                    ("metadata[top_up_id]", topUpID),
                    ("payment_method_types[]", "card"),
                ], idempotencyKey: topUpID))
    }

    public func retrievePaymentIntent(_ id: String) async throws -> PaymentIntent {
        try Self.paymentIntent(try await call("GET", "/v1/payment_intents/\(try Self.pathID(id))"))
    }

    /// The card a browser-made token holds (its id is usable as the PaymentIntent's payment method).
    public func cardOfToken(_ token: String) async throws -> String {
        let object = try await call("GET", "/v1/tokens/\(try Self.pathID(token))")
        guard let card = object["card"] as? [String: Any], let id = card["id"] as? String else {
            throw DomainError.paymentProviderUnavailable(reason: "Stripe answered a token without a card.")
        }
        return id
    }

    /// Attaches the card and confirms: the bank answers now (paid, declined) or asks for 3-D Secure.
    public func confirm(_ paymentIntent: String, paymentMethod: String) async throws -> PaymentIntent {
        let id = try Self.pathID(paymentIntent)
        _ = try await call("POST", "/v1/payment_intents/\(id)", form: [("payment_method", paymentMethod)])
        return try Self.paymentIntent(try await call("POST", "/v1/payment_intents/\(id)/confirm", form: []))
    }

    /// Returns `amount` of the payment; the id of Stripe's refund.
    public func refund(paymentIntent: String, amount: Int, idempotencyKey: String) async throws -> String {
        let object = try await call(
            "POST", "/v1/refunds", form: [("payment_intent", paymentIntent), ("amount", String(amount))],
            idempotencyKey: idempotencyKey)
        guard let id = object["id"] as? String else {
            throw DomainError.paymentProviderUnavailable(reason: "Stripe answered a refund without an id.")
        }
        return id
    }

    // MARK: the wire

    func call(_ method: String, _ path: String, form: [(String, String)]? = nil, idempotencyKey: String? = nil)
        async throws -> [String: Any]
    {
        guard let url = URL(string: settings.apiURL + path) else {
            throw DomainError.paymentProviderUnavailable(reason: "The Stripe API address is not a URL.")
        }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("Bearer \(settings.secretKey)", forHTTPHeaderField: "Authorization")
        request.setValue("2024-06-20", forHTTPHeaderField: "Stripe-Version")
        if let idempotencyKey { request.setValue(idempotencyKey, forHTTPHeaderField: "Idempotency-Key") }
        if let form {
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(FormEncoding.encode(form).utf8)
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw DomainError.paymentProviderUnavailable(
                reason: "The card payment service cannot be reached right now; nothing was charged. Try again later.")
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        guard (200..<300).contains(status), let object else {
            if let error = object?["error"] as? [String: Any], (400..<500).contains(status) {
                throw Refusal(
                    status: status, type: error["type"] as? String, code: error["code"] as? String,
                    message: (error["message"] as? String) ?? "The payment was refused.")
            }
            throw DomainError.paymentProviderUnavailable(
                reason: "The card payment service answered \(status); nothing was charged. Try again later.")
        }
        return object
    }

    static func paymentIntent(_ object: [String: Any]) throws -> PaymentIntent {
        guard let id = object["id"] as? String, let status = object["status"] as? String,
            let amount = Self.int(object["amount"]), let currency = object["currency"] as? String
        else { throw DomainError.paymentProviderUnavailable(reason: "Stripe answered an unusable PaymentIntent.") }
        let error = object["last_payment_error"] as? [String: Any]
        let charge = object["latest_charge"]
        return PaymentIntent(
            id: id, status: status, amount: amount, amountReceived: Self.int(object["amount_received"]),
            currency: currency.uppercased(), clientSecret: object["client_secret"] as? String,
            topUpID: (object["metadata"] as? [String: Any])?["top_up_id"] as? String,
            lastError: error?["message"] as? String,
            latestCharge: (charge as? String) ?? ((charge as? [String: Any])?["id"] as? String))
    }

    /// A JSON number that is a whole number in range, else nil (never a trap).
    static func int(_ value: Any?) -> Int? {
        if let number = value as? Int { return number }
        if let number = value as? Double, number.isFinite, number.rounded() == number, abs(number) < 1e15 {
            return Int(number)
        }
        return nil
    }

    /// An id safe in a path: Stripe's ids are letters, digits and underscores.
    static func pathID(_ id: String) throws -> String {
        guard !id.isEmpty, id.utf8.count <= 255,
            id.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || $0 == "_" }),
            id.unicodeScalars.allSatisfy(\.isASCII)
        else { throw DomainError.invalid(field: "token", reason: "This is not a Stripe id.") }
        return id
    }
}
