import Foundation

/// An amount of real money: integer minor units (cents) and an ISO 4217 currency. Never a Double.
public struct Money: Sendable, Equatable, Hashable, Codable {
    public var amount: Int
    public var currency: String

    public init(amount: Int, currency: String) {
        self.amount = amount
        self.currency = currency
    }

    /// Currencies whose minor unit is not 1/100.
    static let minorDigits: [String: Int] = ["JPY": 0, "KRW": 0, "ISK": 0, "BHD": 3, "KWD": 3, "TND": 3]

    /// A priced amount: positive, at most 1,000,000.00, in a three-letter upper-case currency.
    public static func validated(amount: Int, currency: String, field: String = "price") throws -> Money {
        let currency = currency.uppercased()
        guard currency.count == 3, currency.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) else {
            throw DomainError.invalid(field: "currency", reason: "A currency is a three-letter ISO 4217 code, e.g. USD.")
        }
        guard (1...100_000_000).contains(amount) else {
            throw DomainError.invalid(field: field, reason: "A price is a whole number of minor units (cents), 1 to 100000000.")
        }
        return Money(amount: amount, currency: currency)
    }

    /// "4.99 USD", "500 JPY".
    public var formatted: String {
        let digits = Self.minorDigits[currency] ?? 2
        guard digits > 0 else { return "\(amount) \(currency)" }
        var divisor = 1
        for _ in 0..<digits { divisor *= 10 }
        let sign = amount < 0 ? "-" : ""
        let major = abs(amount) / divisor
        let minor = String(abs(amount) % divisor)
        return "\(sign)\(major).\(String(repeating: "0", count: digits - minor.count))\(minor) \(currency)"
    }
}
