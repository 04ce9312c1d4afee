/// What an album costs (SPEC P7): the one rule behind the price an album page shows, the price the
/// confirmation dialog asks for and the coins a purchase charges. Pure and exact (integers, rounding
/// down in the buyer's favour).
public enum AlbumPricing {
    /// An album without the operator's own price costs this share of its songs' prices.
    public static let defaultBundlePercent = 80

    /// The whole album's bundle price: the operator's price when set, else 80 % of the sum of its
    /// current songs' prices, rounded down, and at least 1 when the songs cost anything (a 1-coin
    /// single is not free as an album). Derived on every read, so it follows the songs.
    public static func bundlePrice(trackPriceSum: Int, operatorPrice: Int?) -> Int {
        if let operatorPrice { return max(0, operatorPrice) }
        guard trackPriceSum > 0 else { return 0 }
        return max(1, trackPriceSum * defaultBundlePercent / 100)
    }

    /// What buying the album costs a caller who owns the songs marked in `owned` (one flag per song,
    /// in the order of `trackPrices`): the bundle price scaled by the unowned songs' share of the
    /// album's total song price (rounded down, but at least 1 coin while an unowned song costs
    /// anything: a cheap last song is not free through its album), never more than buying the
    /// unowned songs one by one, and 0 when every song is owned or the operator made the album free.
    public static func price(trackPrices: [Int], owned: [Bool], operatorPrice: Int?) -> Int {
        precondition(trackPrices.count == owned.count, "one owned flag per song")
        let total = trackPrices.reduce(0, +)
        let unowned = zip(trackPrices, owned).reduce(0) { $0 + ($1.1 ? 0 : $1.0) }
        return price(trackPriceSum: total, unownedPriceSum: unowned, operatorPrice: operatorPrice)
    }

    /// The same rule on sums: `unownedPriceSum` is the price of the songs the caller does not own.
    public static func price(trackPriceSum total: Int, unownedPriceSum unowned: Int, operatorPrice: Int?) -> Int {
        guard total > 0, unowned > 0 else { return 0 }
        let bundle = bundlePrice(trackPriceSum: total, operatorPrice: operatorPrice)
        guard bundle > 0 else { return 0 }
        return min(max(1, bundle * min(unowned, total) / total), unowned)
    }
}
