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

    /// ` AND` conditions on the full-text table's `rowid`: each prefix starts a word of the title
    /// (`titles`) or of the title and context.
    func tests(titles: Bool) -> SQLQueryString {
        var tests: SQLQueryString = ""
        for bitmap in titles ? self.titles : all {
            tests = tests + " AND sotube_word_start(rowid, \(literal: bitmap), \(literal: generation))"
        }
        return tests
    }
}

extension SQLSearchStore {
    /// Makes the songs' word-start bitmaps in the background (SQLite; nothing on PostgreSQL), and tells
    /// `logger` when they are ready and when they are made again.
    public func prepareWordStarts(logger: Logger) {
        guard let sqlite = backend as? SQLiteBackend else { return }
        sqlite.wordStarts.log(to: logger)
        sqlite.wordStarts.make(using: sqlite)
    }

    /// The bitmaps of the query's short prefixes, when a pass over songs has them all, the query's
    /// rarest longer word is in few enough songs for them to pay (`wordStartRatio`), and they hold the
    /// database's generation (SQLite). Otherwise no filter, and the bitmaps are made in the background
    /// when they would pay but are missing or behind; meanwhile the passes walk (or check
    /// `songsForShortPrefixes`, which is given the rarest word's count read here: `rarest`).
    ///
    /// Tested on the bitmaps, `klimi m` walks `klimi`* (in 11,500 documents at 10M songs) and tests each
    /// hit's bit for `m`, where FTS5 sought in the 4 million entries of `m`* for each: 13.8 → 8.2 ms a
    /// search. A hit tested costs about a microsecond (the SQL function's call), a step of FTS5's merge of
    /// two long lists far less: `jose m` (121,000 documents) took 7.7 ms walked and 9.2 tested. The
    /// generation is read only for a query that would use them: for the others it would be a round
    /// trip more.
    func wordStartFilter(_ query: SearchQuery, kinds: [SearchKind]) async throws -> (
        filter: WordStartFilter?, rarest: Int?
    ) {
        guard usesWordStarts, kinds.contains(.track), let sqlite = backend as? SQLiteBackend else { return (nil, nil) }
        let dialect = backend.dialect
        let places = dialect.shortPrefixPlaces(query)
        // In a catalog of fewer than `shortPrefixMinimumSongs` a short prefix's list is short, and the
        // walk took little: the vocabulary is not asked.
        guard !places.isEmpty, try await songs() >= shortPrefixMinimumSongs else { return (nil, nil) }
        let rarest = dialect.rarestLongWord(query)
        let documents = try await backend.read {
            try await $0.raw(rarest).first()?.decode(column: "documents", as: Int.self) ?? 0
        }
        let prefixes = places.sorted().map { query.terms[$0] }
        var densest = 0
        for prefix in prefixes { densest = max(densest, try await prefixDocuments(SearchTokens.token(prefix))) }
        guard documents * wordStartRatio <= densest else { return (nil, documents) }
        let bitmaps = sqlite.wordStarts
        let generation = try await backend.read { try await WordStartBitmaps.generation(on: $0) }
        guard let found = bitmaps.bitmaps(for: prefixes, generation: generation) else {
            if bitmaps.needsMaking(generation: generation) { bitmaps.make(using: sqlite) }
            return (nil, documents)
        }
        return (
            WordStartFilter(places: places, titles: found.titles, all: found.all, generation: found.generation),
            documents
        )
    }

    /// Was the search's error a bitmap set aside under it (`WordStartBitmaps.Stale`)?
    static func isStale(_ error: any Error) -> Bool {
        String(describing: error).contains(WordStartBitmaps.Stale.message)
    }
}
