/// One song as the sale rules see it for one caller.
public struct SaleSong: Sendable, Equatable {
    public var id: String
    public var price: Int
    /// The caller owns it already.
    public var owned: Bool
    /// Its preview is made (SPEC C6): until then it is "being prepared" and not sold.
    public var ready: Bool
    /// Its file is gone from a watched folder: no longer sold; its owners keep it.
    public var withdrawn: Bool

    public init(id: String, price: Int, owned: Bool = false, ready: Bool = true, withdrawn: Bool = false) {
        self.id = id
        self.price = price
        self.owned = owned
        self.ready = ready
        self.withdrawn = withdrawn
    }
}

/// What a purchase buys and charges.
public struct SaleOffer: Sendable, Equatable {
    public var trackIDs: [String]
    public var charge: Int
    public init(trackIDs: [String], charge: Int) {
        self.trackIDs = trackIDs
        self.charge = charge
    }
}

/// The sale rules (SPEC P3, P6, P7) in one place: which songs are sold to a caller, what a song and an
/// album cost them, and what a summary (search, the store home, an artist page, an embed) shows.
/// Every reader and both purchase paths (one at a time and batched) ask these, so a shown price cannot
/// disagree with a charge. Album prices themselves come from `AlbumPricing`.
public enum SaleRules {
    public static let ownedReason = "You already own this song."
    public static let allOwnedReason = "You already own every song of this album."
    public static let withdrawnReason = "This song is no longer on sale."
    public static let preparingReason = "This song is being prepared (its preview is not made yet); try again shortly."

    /// Buying one song: 409 when the caller owns it, it was withdrawn or is still being prepared.
    public static func song(_ song: SaleSong) throws -> SaleOffer {
        guard !song.owned else { throw DomainError.conflict(field: "trackId", reason: ownedReason) }
        guard !song.withdrawn else { throw DomainError.conflict(field: "trackId", reason: withdrawnReason) }
        guard song.ready else { throw DomainError.conflict(field: "trackId", reason: preparingReason) }
        return SaleOffer(trackIDs: [song.id], charge: max(0, song.price))
    }

    /// Buying an album: the songs the caller does not own and that are still on sale, at
    /// `albumPrice`. 409 when every song is owned, none is on sale, or one of them is being prepared.
    public static func album(_ songs: [SaleSong], operatorPrice: Int?) throws -> SaleOffer {
        let unowned = songs.filter { !$0.owned }
        guard !unowned.isEmpty else { throw DomainError.conflict(field: "albumId", reason: allOwnedReason) }
        let sold = unowned.filter { !$0.withdrawn }
        guard !sold.isEmpty else { throw DomainError.conflict(field: "albumId", reason: withdrawnReason) }
        guard sold.allSatisfy(\.ready) else { throw DomainError.conflict(field: "albumId", reason: preparingReason) }
        return SaleOffer(trackIDs: sold.map(\.id), charge: albumPrice(songs, operatorPrice: operatorPrice))
    }

    /// What the album costs this caller (the album page, the confirmation dialog, the charge): a
    /// withdrawn song is not sold with its album, so it counts as one the caller need not buy.
    public static func albumPrice(_ songs: [SaleSong], operatorPrice: Int?) -> Int {
        AlbumPricing.price(
            trackPrices: songs.map { max(0, $0.price) }, owned: songs.map { $0.owned || $0.withdrawn },
            operatorPrice: operatorPrice)
    }

    /// What the album costs someone who owns none of its songs, from sums a list query reads:
    /// `priceSum` over every song, `onSalePriceSum` over the songs not withdrawn. The same answer as
    /// `albumPrice` for a caller who owns nothing.
    public static func albumListPrice(priceSum: Int, onSalePriceSum: Int, operatorPrice: Int?) -> Int {
        AlbumPricing.price(trackPriceSum: priceSum, unownedPriceSum: onSalePriceSum, operatorPrice: operatorPrice)
    }

    /// A purchase must charge what the buyer confirmed: when the request says which price the buyer
    /// saw and the price is another now, 409 with the new price and nothing charged. Requests without
    /// it (older clients) are charged the current price.
    public static func confirm(charge: Int, expectedPrice: Int?) throws {
        if let expectedPrice, expectedPrice != charge {
            throw DomainError.priceChanged(price: charge)
        }
    }
}
