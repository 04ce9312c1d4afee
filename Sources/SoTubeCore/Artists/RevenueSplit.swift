import Foundation

/// How a sale's coins divide between the artist (or label) and the store (SPEC P3, O6).
///
/// The commission is in basis points (1500 = 15 %) and rounds down, so an odd coin goes to the
/// artist: 14 coins at 15 % are 2 for the store and 12 for the artist. Both parts are never
/// negative and always add up to the sale.
public struct RevenueSplit: Sendable, Equatable {
    public var gross: Int
    public var commission: Int
    public var share: Int

    public static let defaultCommissionBasisPoints = 1500
    public static let maxBasisPoints = 10_000

    public init(gross: Int, commissionBasisPoints: Int) {
        let coins = max(0, gross)
        let points = min(max(0, commissionBasisPoints), Self.maxBasisPoints)
        // coins ≤ Int.max / 10_000 in any real store; the multiplication is checked anyway.
        let (product, overflow) = coins.multipliedReportingOverflow(by: points)
        let commission = overflow ? coins / Self.maxBasisPoints * points : product / Self.maxBasisPoints
        self.gross = coins
        self.commission = commission
        self.share = coins - commission
    }

    /// A commission typed as a percentage ("15", "12.5"): basis points, or nil when it is not a
    /// number from 0 to 100 with at most two decimals.
    public static func basisPoints(percent text: String) -> Int? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = Int(parts[0]), parts[0].allSatisfy(\.isNumber) else {
            return nil
        }
        var fraction = 0
        if parts.count == 2 {
            let digits = parts[1]
            guard (1...2).contains(digits.count), digits.allSatisfy(\.isNumber), let value = Int(digits) else {
                return nil
            }
            fraction = digits.count == 1 ? value * 10 : value
        }
        guard whole <= 100 else { return nil }
        let points = whole * 100 + fraction
        return points <= maxBasisPoints ? points : nil
    }
}
