import SoTubeCore

extension SQLSearchStore {
    /// The pair tokens the songs' names pass reads instead of walking the titles' index
    /// (`search_title_pairs`, migration 33; SQLite), nil when it walks: a query of two longer words or
    /// more (`SearchTitlePairs.pairedWords`), each pair in both orders (`SearchTitlePairs.queryTokens`).
    ///
    /// At 10M songs, the songs' names pass of the benchmark's 926 queries of two longer words or more
    /// (Python's SQLite, each query's best of 3, the same songs found): 1,097 ms walking the titles'
    /// index, 342 ms from the pairs in both orders (`heaven velvet tan`: 4.4 → 0.5 ms; the slowest
    /// against its walk, `gold chloé tanqu`, 0.01 → 0.84 ms). One order chosen without the words' counts
    /// read 369 ms (in the query's order: `tanlo gold` 1.3 → 9.0 ms) or 346 ms (the longer second:
    /// `golden darn` 1.0 → 8.3 ms); chosen by the counts, 241 ms, but reading the counts took a round
    /// trip, and the benchmark's searches of two words or more gained less than with the query's order.
    func titlePairTokens(_ query: SearchQuery, kinds: [SearchKind]) -> [String]? {
        guard titlePairs, backend.dialect.hasSeparateSearchIndex, kinds.contains(.track),
            let words = SearchTitlePairs.pairedWords(query.terms)
        else { return nil }
        return SearchTitlePairs.queryTokens(words)
    }
}
