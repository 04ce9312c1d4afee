import SoTubeCore
import Testing

/// The one album price rule: what a page shows is what a purchase charges (SPEC P7).
@Suite struct AlbumPricingTests {
    @Test func bundleIsTheOperatorsPriceOrEightyPercentRoundedDown() {
        #expect(AlbumPricing.bundlePrice(trackPriceSum: 50, operatorPrice: nil) == 40)
        #expect(AlbumPricing.bundlePrice(trackPriceSum: 27, operatorPrice: nil) == 21)  // 21.6 rounded down
        #expect(AlbumPricing.bundlePrice(trackPriceSum: 30, operatorPrice: 25) == 25)
        #expect(AlbumPricing.bundlePrice(trackPriceSum: 0, operatorPrice: nil) == 0)
        #expect(AlbumPricing.bundlePrice(trackPriceSum: 1, operatorPrice: nil) == 1, "a 1-coin single is not free")
        #expect(AlbumPricing.bundlePrice(trackPriceSum: 100, operatorPrice: nil) == 80)
    }

    /// Each case: song prices, which are owned, the operator's price, and the coins the caller pays.
    static let cases: [(prices: [Int], owned: [Bool], operatorPrice: Int?, expected: Int)] = [
        ([10, 10, 20, 40], [false, false, false, false], 60, 60),  // the operator's price
        ([10, 10, 20, 40], [false, false, false, true], 60, 30),  // half the value left: half the price
        ([10, 10, 20, 40], [true, true, true, false], 60, 30),
        ([10, 10, 20, 40], [false, true, true, true], 60, 7),  // 60 × 10/80 = 7.5 → 7
        ([10, 10, 20, 40], [true, true, true, true], 60, 0),  // fully owned
        ([10, 10, 10], [false, false, false], 500, 30),  // never more than the songs one by one
        ([10, 10, 10], [false, false, true], 500, 20),
        ([10, 10, 20], [false, false, false], nil, 32),  // 80 % of 40
        ([10, 10, 20], [true, false, false], nil, 24),  // 32 × 30/40
        ([0, 0, 0], [false, false, false], nil, 0),  // free songs
        ([0, 0, 0], [false, false, false], 15, 0),
        ([0, 10, 10], [false, true, false], nil, 8),  // a free song unowned adds nothing: 16 × 10/20
        ([], [], nil, 0),
        ([1, 100], [false, true], nil, 1),  // 80 × 1/101 rounds to 0: the last song still costs a coin
        ([1, 100], [false, false], 0, 0),  // the operator made the album free
        ([1], [false], nil, 1),  // at least 1 coin when the songs cost anything
        (Array(repeating: 10, count: 10), Array(repeating: false, count: 10), nil, 80),
    ]

    @Test(arguments: cases.indices)
    func callerPaysTheUnownedShareOfTheBundle(_ index: Int) {
        let item = Self.cases[index]
        #expect(
            AlbumPricing.price(trackPrices: item.prices, owned: item.owned, operatorPrice: item.operatorPrice)
                == item.expected)
    }

    @Test func theSummaryPriceIsTheNothingOwnedPrice() {
        for item in Self.cases where !item.owned.contains(true) {
            let album = CatalogAlbum(
                id: "a", title: "A", artistID: "r", artistName: "R", releaseDate: nil, year: nil, genre: nil,
                operatorPrice: item.operatorPrice, trackCount: item.prices.count,
                trackPriceSum: item.prices.reduce(0, +), explicit: false)
            #expect(album.price == item.expected)
        }
    }
}
