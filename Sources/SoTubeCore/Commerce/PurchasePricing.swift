/// What a purchase costs, in coins. Pure and exact (integers, rounding down in the buyer's favour).
public enum PurchasePricing {
    /// An album without its own bundle price costs this share of its tracks' prices.
    public static let defaultBundlePercent = 80

    /// The album's bundle price: its own price when the operator set one, else 80 % of the sum of its
    /// tracks' prices, rounded down.
    public static func bundlePrice(albumPrice: Int?, trackPrices: [Int]) -> Int {
        if let albumPrice { return max(0, albumPrice) }
        return trackPrices.reduce(0, +) * defaultBundlePercent / 100
    }

    /// What buying the album charges when the buyer already owns some songs: the bundle price scaled by
    /// the unowned songs' share of the album's total track price (rounded down), and never more than
    /// buying the unowned songs one by one.
    public static func albumCharge(bundlePrice: Int, trackPrices: [Int], unownedPrices: [Int]) -> Int {
        let total = trackPrices.reduce(0, +)
        let unowned = unownedPrices.reduce(0, +)
        guard total > 0, unowned > 0 else { return 0 }
        if unowned >= total { return min(bundlePrice, unowned) }
        return min(bundlePrice * unowned / total, unowned)
    }
}
