import Foundation

/// Payment card checks used by the sandbox provider's hosted page. Pure.
public enum CardNumber {
    /// The digits of a typed card number (spaces and dashes allowed), or nil when it is not 12–19 digits.
    public static func digits(_ input: String) -> String? {
        let stripped = input.filter { $0 != " " && $0 != "-" }
        guard (12...19).contains(stripped.count), stripped.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return nil
        }
        return stripped
    }

    /// The Luhn (mod 10) check every real card number passes.
    public static func passesLuhn(_ digits: String) -> Bool {
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        var sum = 0
        for (index, character) in digits.reversed().enumerated() {
            var value = Int(String(character))!
            if index % 2 == 1 {
                value *= 2
                if value > 9 { value -= 9 }
            }
            sum += value
        }
        return sum % 10 == 0
    }

    /// Parses "MM/YY" or "MM/YYYY"; nil when malformed.
    public static func expiry(_ input: String) -> (month: Int, year: Int)? {
        let parts = input.trimmingCharacters(in: .whitespaces).split(separator: "/").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard parts.count == 2, let month = Int(parts[0]), (1...12).contains(month), let rawYear = Int(parts[1])
        else { return nil }
        switch parts[1].count {
        case 2: return (month, 2000 + rawYear)
        case 4: return (month, rawYear)
        default: return nil
        }
    }

    /// A card is usable through the last day of its expiry month (UTC).
    public static func isExpired(month: Int, year: Int, now: Date) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let current = calendar.dateComponents([.year, .month], from: now)
        guard let nowYear = current.year, let nowMonth = current.month else { return true }
        return year < nowYear || (year == nowYear && month < nowMonth)
    }

    /// A card verification code: 3 or 4 digits.
    public static func isValidCVC(_ input: String) -> Bool {
        (3...4).contains(input.count) && input.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
