import Foundation

/// A seller's discount code: a percentage off one of its albums (and its songs) or off everything it
/// sells, until an expiry and for a number of uses (SPEC P7, issue 31).
public struct DiscountCode: Sendable, Equatable {
    public var code: String
    public var accountID: String
    /// nil: every release of the seller.
    public var albumID: String?
    public var albumTitle: String?
    public var percent: Int
    public var expiresAt: Date?
    public var maxUses: Int?
    public var uses: Int
    public var createdAt: Date

    public init(
        code: String, accountID: String, albumID: String?, albumTitle: String? = nil, percent: Int, expiresAt: Date?,
        maxUses: Int?, uses: Int = 0, createdAt: Date
    ) {
        self.code = code
        self.accountID = accountID
        self.albumID = albumID
        self.albumTitle = albumTitle
        self.percent = percent
        self.expiresAt = expiresAt
        self.maxUses = maxUses
        self.uses = uses
        self.createdAt = createdAt
    }
}

/// What a discount code may be and what it takes off.
public enum DiscountRules {
    /// Upper-case letters, digits and dashes, 3 to 32 of them; typed in any case.
    public static func normalized(_ text: String) throws -> String {
        let code = text.trimmingCharacters(in: .whitespaces).uppercased()
        guard (3...32).contains(code.count),
            code.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
        else {
            throw DomainError.invalid(
                field: "discountCode", reason: "A code is 3 to 32 letters, digits or dashes.")
        }
        return code
    }

    public static func validate(percent: Int, maxUses: Int?) throws {
        guard (1...100).contains(percent) else {
            throw DomainError.invalid(field: "percent", reason: "A discount is 1 to 100 percent.")
        }
        if let maxUses, !(1...1_000_000).contains(maxUses) {
            throw DomainError.invalid(field: "maxUses", reason: "Allow 1 to 1,000,000 uses, or leave it empty.")
        }
    }

    /// The price with the code: `percent` off, rounded down to whole coins in the buyer's favour.
    public static func apply(percent: Int, to price: Int) -> Int {
        let price = max(0, price)
        let off = (price * min(max(0, percent), 100) + 99) / 100
        return max(0, price - off)
    }

    /// Why the code cannot be used at `now` for an item of `albumID`, nil when it can.
    public static func refusal(_ code: DiscountCode, albumID: String?, now: Date) -> String? {
        if let expiry = code.expiresAt, expiry <= now { return "This code has expired." }
        if let max = code.maxUses, code.uses >= max { return "This code has been used up." }
        if let only = code.albumID, only != albumID { return "This code is for another release." }
        return nil
    }
}
