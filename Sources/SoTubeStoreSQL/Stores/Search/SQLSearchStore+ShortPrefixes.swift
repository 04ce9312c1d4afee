import SQLKit
import SoTubeCore

/// The few songs a query's longer words find, on which SQLite checks its short prefixes
/// (`StoreDialect.shortPrefixPlaces`) instead of walking the index for them.
package struct ShortPrefixSongs: Sendable, Equatable {
    /// Every song holding the longer words in its title or context, a JSON array of doc_ids: read by
    /// every pass.
    package var all: String?
    /// The songs holding them in their titles, read when `all` was not: the names pass's.
    package var titles: String?

    /// What the songs' names pass checks its words on (`all` holds the titles' songs too).
    package var names: String? { all ?? titles }
}

extension SQLSearchStore {
    /// The songs holding the query's words other than its short prefixes, when there are at most
    /// `shortPrefixRowBound` of them (`StoreDialect.shortPrefixPlaces`).
    ///
    /// Those in the titles or context (`all`) are looked for only when one of the words is rare (the
    /// vocabulary's count): two common words, such as `moon` and `velvet` in 360,000 songs each at 10M,
    /// meet more often than that, and counting past the bound cost 2–4 ms for nothing. The other kinds'
    /// lists are short enough for the index walk: at 10M songs, checking 1,000 artists' rows cost more.
    ///
    /// Otherwise, when a short prefix starts words in `densePrefixPercent` % of the catalog's songs or
    /// more (the vocabulary's count), those in the titles alone (`titles`), for the names pass. At 10M
    /// two common words meet in 900–1,900 titles (`always день`: 936, 6,515 with the context); the walk
    /// seeks `s`'s 2.2 million entries once per title, 13.0 ms, where finding the titles and checking
    /// `s` on their rows took 4.2 ms. A rarer prefix's list is short, and there the walk was the faster
    /// (`x`, in 6 % of songs: the check cost 2–5 ms more). A names pass that finds a page leaves no
    /// full pass.
    ///
    /// Tried only in a catalog of `shortPrefixMinimumSongs` or more. With a million songs a short
    /// prefix's list is a tenth as long, and the index walk was the faster: the queries it applies to
    /// took 3.24 ms on average with the check against 2.85 ms without (at 10M, 20–30 ms of the
    /// slowest fell to 2–5 ms).
    ///
    /// `rarest`: the documents of the query's rarest longer word, when already read (`wordStartFilter`).
    package func songsForShortPrefixes(_ query: SearchQuery, kinds: [SearchKind], rarest known: Int? = nil)
        async throws -> ShortPrefixSongs?
    {
        let dialect = backend.dialect
        let places = dialect.shortPrefixPlaces(query)
        guard shortPrefixRowBound > 0, kinds.contains(.track), !places.isEmpty else { return nil }
        let catalog = try await songs()
        guard catalog >= shortPrefixMinimumSongs else { return nil }
        let (bound, rare) = (shortPrefixRowBound, rareWordDocuments)
        let (rarest, all) = (dialect.rarestLongWord(query), dialect.longWordSongs(query, bound: bound))
        let songs: String?
        if let known, known > rare {
            songs = nil
        } else {
            songs = try await backend.read { [rarest, all] db -> String? in
                var documents = known
                if documents == nil {
                    documents = try await db.raw(rarest).first()?.decode(column: "documents", as: Int.self)
                }
                guard let documents, documents <= rare else { return nil }
                return try await Self.ids(all, bound: bound, on: db)
            }
        }
        if let songs { return ShortPrefixSongs(all: songs) }
        guard try await densestPrefixDocuments(query, places: places) * 100 >= catalog * densePrefixPercent else {
            return nil
        }
        let titles = dialect.longWordSongs(query, bound: bound, titles: true)
        return try await backend.read { [titles] db in
            try await Self.ids(titles, bound: bound, on: db).map { ShortPrefixSongs(titles: $0) }
        }
    }

    /// The documents of the densest of the query's short prefixes at `places` (the vocabulary's counts).
    func densestPrefixDocuments(_ query: SearchQuery, places: Set<Int>) async throws -> Int {
        var densest = 0
        for place in places {
            densest = max(densest, try await prefixDocuments(SearchTokens.token(query.terms[place])))
        }
        return densest
    }

    /// The documents of a short prefix, from the last reading of every short prefix's (`PrefixDocuments`);
    /// until there is one, this prefix's own sum (`StoreDialect.prefixDocuments`). Starts a reading in the
    /// background when one is due.
    func prefixDocuments(_ prefix: String) async throws -> Int {
        let (known, read) = prefixCounts.use(prefix)
        if read { readPrefixDocuments() }
        if let known { return known }
        let sql = backend.dialect.prefixDocuments(prefix)
        return try await backend.read { [sql] in
            try await $0.raw(sql).first()?.decode(column: "documents", as: Int.self)
        } ?? 0
    }

    /// Reads every short prefix's documents in the background into `prefixCounts`, whose reading the caller
    /// marked as started.
    func readPrefixDocuments() {
        let counts = prefixCounts
        Task {
            do {
                counts.finishReading(try await shortPrefixDocuments())
            } catch {
                counts.failReading()
            }
        }
    }

    /// Every short prefix's rows (`StoreDialect.shortPrefixDocuments`).
    func shortPrefixDocuments() async throws -> [(prefix: String, documents: Int)] {
        let sql = backend.dialect.shortPrefixDocuments
        return try await backend.read { [sql] db in
            try await db.raw(sql).all().map {
                (
                    prefix: try $0.decode(column: "prefix", as: String.self),
                    documents: try $0.decode(column: "documents", as: Int.self)
                )
            }
        }
    }

    /// The songs `StoreDialect.longWordSongs` found, when at most `bound`.
    private static func ids(_ sql: SQLQueryString, bound: Int, on db: any SQLDatabase) async throws -> String? {
        guard let row = try await db.raw(sql).first(), try row.decode(column: "songs", as: Int.self) <= bound else {
            return nil
        }
        return try row.decode(column: "ids", as: String.self)
    }
}
