import SoTubeCore
import Testing

/// The search ranking rule the SQL store builds from (`SearchRanking`).
@Suite struct SearchRankingTests {
    @Test func tiersRankExactThenPrefixThenWordsThenContext() {
        #expect(SearchRanking.Tier.allCases == [.exactName, .namePrefix, .nameWords, .context])
        #expect(SearchRanking.Tier.allCases.sorted() == SearchRanking.Tier.allCases)
    }

    @Test func aNameHoldingEveryWordIsNotAContextMatch() {
        let query = SearchQuery("son lov")
        #expect(SearchRanking.wordsTier(name: "lovely song", query: query) == .nameWords)
        // Found through the artist's name: "björk" is not in the song's title.
        #expect(SearchRanking.wordsTier(name: "joga", query: SearchQuery("bjork joga")) == .context)
    }

    @Test func eachKindHasItsBandsAndExplicitOnesOnlyWhenAllowed() {
        typealias Bands = SearchRanking.Bands
        #expect(Bands.bands(.track, allowExplicit: false).count == 1)
        #expect(Bands.bands(.track, allowExplicit: true).count == 2)
        #expect(Bands.bands(.artist, allowExplicit: true).count == 1)
        let clean = Bands.range(.album, allowExplicit: false)
        let explicitStart = Bands.band(.album, explicit: true) * Bands.width
        #expect(clean.1 <= explicitStart)
        #expect(Bands.range(.album, allowExplicit: true).1 > explicitStart)
        // No two kinds share ids.
        let ranges = SearchKind.allCases.map { Bands.range($0, allowExplicit: true) }.sorted { $0.0 < $1.0 }
        for (first, second) in zip(ranges, ranges.dropFirst()) { #expect(first.1 <= second.0) }
    }

    @Test func shorterNamesAreNumberedFirstInTheirBand() {
        let band = SearchRanking.Bands.band(.track, explicit: false)
        let short = SearchRanking.Bands.slotStart(band: band, name: "joga")
        let long = SearchRanking.Bands.slotStart(band: band, name: "all is full of love")
        #expect(short < long)
        let veryLong = SearchRanking.Bands.slotStart(band: band, name: String(repeating: "a", count: 5000))
        #expect(veryLong < (band + 1) * SearchRanking.Bands.width)
    }
}
