/// Album bundle prices (SPEC P7). Shared by the catalog (what an album costs the caller) and
/// commerce (what buying it charges).
public enum BundlePricing {
    /// The album's bundle price: the explicit `albums.price` when set, else 80% of the sum of its
    /// track prices, rounded down.
    public static func albumPrice(trackPrices: [Int], explicitPrice: Int?) -> Int {
        if let explicitPrice { return explicitPrice }
        return trackPrices.reduce(0, +) * 8 / 10
    }

    /// What buying the album costs a caller who owns the tracks marked in `ownedMask`: the bundle
    /// price scaled by the unowned share of the track-price sum, rounded down; 0 when all are owned.
    public static func priceForCaller(trackPrices: [Int], ownedMask: [Bool], explicitPrice: Int?) -> Int {
        precondition(trackPrices.count == ownedMask.count, "one owned flag per track")
        let total = trackPrices.reduce(0, +)
        let unowned = zip(trackPrices, ownedMask).reduce(0) { $0 + ($1.1 ? 0 : $1.0) }
        if ownedMask.allSatisfy({ $0 }) { return 0 }
        let bundle = albumPrice(trackPrices: trackPrices, explicitPrice: explicitPrice)
        guard total > 0 else { return bundle }
        return bundle * unowned / total
    }
}
