import Logging
import SQLKit
import SoTubeCore

/// A query's short prefixes tested on the songs' word-start bitmaps (`WordStartBitmaps`) instead of
/// walked in the full-text index (`StoreDialect.searchCandidates`).
package struct WordStartFilter: Sendable, Equatable {
    /// The places of the query's words tested (`StoreDialect.shortPrefixPlaces`).
    var places: Set<Int>
    /// Their bitmaps over the songs' titles (the names pass) and over titles and context.
    var titles: [Int]
    var all: [Int]
    /// The generation the bitmaps held when asked: a test throws when they were set aside since.
    var generation: Int64
    /// The bitmaps' number for the SQL function (`WordStartFunction`).
    var number: Int

    /// ` AND` conditions on the full-text table's `rowid`: each prefix starts a word of the title
    /// (`titles`) or of the title and context.
    func tests(titles: Bool) -> SQLQueryString {
        var tests: SQLQueryString = ""
        for bitmap in titles ? self.titles : all {
            tests =
                tests + " AND sotube_word_start(rowid, \(literal: bitmap), \(literal: generation), \(literal: number))"
        }
        return tests
    }
}

extension SQLSearchStore {
    /// Makes the songs' word-start bitmaps and reads the short prefixes' counts (`PrefixDocuments`) in the
    /// background (SQLite; nothing on PostgreSQL), and tells `logger` when the bitmaps are ready and when
    /// they are made again. Under `shortPrefixMinimumSongs` no search uses them: they are made when one
    /// would (`wordStartFilter`), once the catalog has grown.
    public func prepareWordStarts(logger: Logger) async throws {
        guard usesWordStarts, let sqlite = backend as? SQLiteBackend else { return }
        sqlite.wordStarts.log(to: logger)
        guard try await songs() >= shortPrefixMinimumSongs else { return }
        sqlite.wordStarts.make(using: sqlite)
        // The short prefixes' counts the same searches ask, read before the first of them does.
        if prefixCounts.startReading() { readPrefixDocuments() }
    }

    /// The bitmaps of the query's short prefixes, when a pass over songs has them all, they pay
    /// (`wordStartsPay`), and they hold the database's generation (SQLite). Otherwise no filter, and the
    /// bitmaps are made in the background when they would pay but are missing or behind; meanwhile the
    /// passes walk (or check `songsForShortPrefixes`, which is given the rarest word's count read here:
    /// `rarest`). The generation is read only for a query that would use them: for the others it would
    /// be a round trip more.
    func wordStartFilter(_ query: SearchQuery, kinds: [SearchKind]) async throws -> (
        filter: WordStartFilter?, rarest: Int?
    ) {
        guard usesWordStarts, kinds.contains(.track), let sqlite = backend as? SQLiteBackend,
            let number = sqlite.wordStartNumber
        else { return (nil, nil) }
        let dialect = backend.dialect
        let places = dialect.shortPrefixPlaces(query)
        // In a catalog of fewer than `shortPrefixMinimumSongs` a short prefix's list is short, and the
        // walk took little: the vocabulary is not asked.
        guard !places.isEmpty, try await songs() >= shortPrefixMinimumSongs else { return (nil, nil) }
        let rarest = dialect.rarestLongWord(query)
        let documents = try await backend.read {
            try await $0.raw(rarest).first()?.decode(column: "documents", as: Int.self) ?? 0
        }
        let longWords = query.terms.count - places.count
        guard try await wordStartsPay(query, places: places, longWords: longWords, rarest: documents) else {
            return (nil, documents)
        }
        let prefixes = places.sorted().map { query.terms[$0] }
        let bitmaps = sqlite.wordStarts
        let generation = try await backend.read { try await WordStartBitmaps.generation(on: $0) }
        guard let found = bitmaps.bitmaps(for: prefixes, generation: generation) else {
            if bitmaps.needsMaking(generation: generation) { bitmaps.make(using: sqlite) }
            return (nil, documents)
        }
        return (
            WordStartFilter(
                places: places, titles: found.titles, all: found.all, generation: found.generation, number: number),
            documents
        )
    }

    /// Do the bitmaps pay for a query with `longWords` words besides its short prefixes, the rarest in
    /// `rarest` documents (the vocabulary's counts; 10M songs, the benchmark's 475 queries with a short
    /// prefix and a longer word asked with and without, docs/performance.md "2026-12-04 (third)")?
    ///
    /// - One longer word: when the densest short prefix starts words in at least `wordStartRatio` times
    ///   its documents. Tested on the bitmaps, `klimi m` walks `klimi`* (11,500 documents) and tests each
    ///   hit's bit for `m`, where FTS5 sought in the 4 million entries of `m`* for each (11.3 → 6.7 ms).
    ///   A common word's hits are many: `winter mo` took 6.5 ms walked, 13.9 tested (each best of 5).
    /// - More: when the rarest is not rare (more than `rareWordDocuments`): FTS5 walks the longer words'
    ///   shared songs and tests their bits (`never sun m`: 13.7 → 11.6 ms, `dance tonigh mo` 18.3 → 12.7).
    ///   With a rare one, `songsForShortPrefixes` checks the prefix on its songs' rows, which was the
    ///   faster (75 queries: 4.7 ms on average against 5.3 tested).
    func wordStartsPay(_ query: SearchQuery, places: Set<Int>, longWords: Int, rarest: Int) async throws -> Bool {
        if longWords >= 2 { return rarest > rareWordDocuments }
        let (needed, overflow) = rarest.multipliedReportingOverflow(by: wordStartRatio)
        guard !overflow else { return false }
        return try await densestPrefixDocuments(query, places: places) >= needed
    }

    /// Was the search's error a bitmap set aside under it (`WordStartBitmaps.Stale`)?
    static func isStale(_ error: any Error) -> Bool {
        String(describing: error).contains(WordStartBitmaps.Stale.message)
    }
}
