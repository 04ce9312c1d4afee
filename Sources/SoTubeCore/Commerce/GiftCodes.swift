import Foundation

/// Gift codes (SPEC P8): 16 characters from an alphabet without look-alikes (80 random bits), shown
/// in groups of four. Users may type them in any case, with or without dashes and spaces.
public enum GiftCodes {
    public static let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
    public static let length = 16
    public static let maxCoins = 1_000_000
    public static let maxCount = 10_000

    /// A code from `length` random bytes (each picks one of 32 letters: no bias).
    public static func make(randomBytes: [UInt8]) -> String {
        precondition(randomBytes.count >= length)
        return String(randomBytes.prefix(length).map { alphabet[Int($0) % alphabet.count] })
    }

    /// "ABCD-EFGH-JKLM-NPQR".
    public static func display(_ code: String) -> String {
        var groups: [String] = []
        var rest = Substring(code)
        while !rest.isEmpty {
            groups.append(String(rest.prefix(4)))
            rest = rest.dropFirst(4)
        }
        return groups.joined(separator: "-")
    }

    /// The stored form of what a user typed.
    public static func normalize(_ input: String) -> String {
        String(input.uppercased().filter { $0 != "-" && !$0.isWhitespace })
    }

    public static func validateMint(coins: Int, count: Int) throws {
        guard (1...maxCoins).contains(coins) else {
            throw DomainError.invalid(
                field: "coins", reason: "A gift code is worth 1 to \(maxCoins) coins.")
        }
        guard (1...maxCount).contains(count) else {
            throw DomainError.invalid(field: "count", reason: "Mint 1 to \(maxCount) codes at a time.")
        }
    }

    /// A typed code, normalized, or 422 when it cannot be one.
    public static func validatedInput(_ input: String) throws -> String {
        let code = normalize(input)
        guard code.count == length, code.allSatisfy({ alphabet.contains($0) }) else {
            throw DomainError.invalid(
                field: "code", reason: "A gift code has 16 letters and digits, e.g. ABCD-EFGH-JKLM-NPQR.")
        }
        return code
    }
}

/// Gift codes made together by an operator: the same coins and expiry, exported as one CSV.
public struct GiftCodeBatch: Sendable, Equatable {
    public var id: String
    public var label: String
    public var coins: Int
    public var count: Int
    public var redeemed: Int
    public var expiresAt: Date?
    public var createdBy: String
    public var createdAt: Date

    public init(
        id: String, label: String, coins: Int, count: Int, redeemed: Int = 0, expiresAt: Date?, createdBy: String,
        createdAt: Date
    ) {
        self.id = id
        self.label = label
        self.coins = coins
        self.count = count
        self.redeemed = redeemed
        self.expiresAt = expiresAt
        self.createdBy = createdBy
        self.createdAt = createdAt
    }
}
