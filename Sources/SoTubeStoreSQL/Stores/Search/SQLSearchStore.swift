import Foundation
import SQLKit
import SoTubeCore

/// Ranked full-text search over artists, albums, tracks and playlists, in `SearchRanking`'s order.
public struct SQLSearchStore: CatalogSearch {
    let backend: any SQLBackend
    /// At most this many documents found by a query's longer words are read to check its short
    /// prefixes on (`StoreDialect.shortPrefixPlaces`); more, and the index walk checks them. Checking
    /// costs about 1–2 µs a row at 10M songs; 0 turns it off. At 10M a rare word (an artist's name)
    /// with a common one finds 300–500 songs (`anyo green`: 383), and with a short prefix after them
    /// the walk took 20–45 ms where checking them took 8–12 ms: 2,000 rather than 300 took the
    /// benchmark's p99 from 18.7 / 20.7 to 16.3 / 15.9 ms (5,000: 16.2).
    let shortPrefixRowBound: Int
    /// Songs from which that check is tried (`songsForShortPrefixes`).
    let shortPrefixMinimumSongs: Int
    /// A word in at most this many documents is rare enough to look for every song it is in, titles
    /// and context (`songsForShortPrefixes`); past it, only the titles holding the words are looked for.
    let rareWordDocuments: Int
    /// Past it, a short prefix starting words in at least this share of the songs (%) has the titles
    /// holding the words looked for (`songsForShortPrefixes`).
    let densePrefixPercent: Int
    /// The vocabulary's counts of short prefixes, as last read.
    let prefixCounts = PrefixDocuments()
    /// The catalog's size, as last read.
    let catalogSize = CatalogSize()
    /// PostgreSQL: the documents read from the token sets before a pass walks the tokens instead
    /// (`StoreDialect.searchCandidates`); 0 walks always.
    let tokenSetBound: Int
    /// Songs' full pass asked beside their names pass for queries of three words or more
    /// (`speculatesFullPass`).
    let fullPassEarly: Bool
    /// SQLite: songs' short prefixes tested on the word-start bitmaps when they are held
    /// (`wordStartFilter`); false walks them (or checks them on rows) as before the bitmaps.
    let usesWordStarts: Bool
    /// For a query of one longer word, they are used when its densest short prefix starts words in at
    /// least this many times its documents, as a prefix (the vocabulary's counts; `wordStartsPay`). At
    /// 10M songs, of the benchmark's queries of a word and a short prefix, those at 100 times or more
    /// took 8.2–8.8 ms tested against 12.2–13.0 walked (on average); at 30–100 times as long either way,
    /// and under 30 times (`winter mo`, `m never`) the walk was the faster.
    let wordStartRatio: Int
    /// SQLite: three words or more asked in one lane (`asksInOneLane`); false keeps two lanes.
    let oneLane: Bool
    /// SQLite: the songs' names pass of two longer words or more reads the titles' word pairs
    /// (`titlePairTokens`); false walks the titles' index.
    let titlePairs: Bool

    package init(
        backend: any SQLBackend, shortPrefixRowBound: Int = 2_000, shortPrefixMinimumSongs: Int = 3_000_000,
        rareWordDocuments: Int = 20_000, densePrefixPercent: Int = 25, tokenSetBound: Int = 3_000,
        fullPassEarly: Bool = true, usesWordStarts: Bool = true, wordStartRatio: Int = 100, oneLane: Bool = true,
        titlePairs: Bool = true
    ) {
        self.backend = backend
        self.shortPrefixRowBound = shortPrefixRowBound
        self.shortPrefixMinimumSongs = shortPrefixMinimumSongs
        self.rareWordDocuments = rareWordDocuments
        self.densePrefixPercent = densePrefixPercent
        self.tokenSetBound = tokenSetBound
        self.fullPassEarly = fullPassEarly
        self.usesWordStarts = usesWordStarts
        self.wordStartRatio = wordStartRatio
        self.oneLane = oneLane
        self.titlePairs = titlePairs
    }

    /// How many index hits per kind are ranked for one query. FTS walks the index in doc_id order
    /// and stops here, which bounds the cost of one-letter prefixes over a million tracks.
    public static let candidateCap = 300

    struct Candidate: Sendable {
        var entityID: String
        var display: String
        var name: String
        var score: Double
        var docID: Int64
        /// `SearchRanking.Tier`'s raw value.
        var tier: Int
        /// Order inside a tier (position in the SQL ranking).
        var rank: Int
    }

    /// Ids of the best matches per kind, `offset`/`limit` applied to each kind's ranking
    /// (`SearchRanking`).
    public func search(
        _ query: SearchQuery, allowExplicit: Bool, limit: Int, offset: Int, kinds: [SearchKind]
    ) async throws -> SearchHits {
        var hits = SearchHits()
        guard !query.isEmpty else { return hits }
        let ranked = try await candidates(
            query, allowExplicit: allowExplicit, cap: max(Self.candidateCap, offset + limit), top: offset + limit,
            kinds: kinds)
        for (kind, list) in ranked {
            let ids = list.dropFirst(offset).prefix(limit).map(\.entityID)
            switch kind {
            case .artist: hits.artistIDs = Array(ids)
            case .album: hits.albumIDs = Array(ids)
            case .track: hits.trackIDs = Array(ids)
            case .playlist: hits.playlistIDs = Array(ids)
            }
        }
        return hits
    }

    /// Names of catalog entities matching `query`, best first (for suggestions while typing).
    public func names(_ query: SearchQuery, allowExplicit: Bool, limit: Int) async throws -> [String] {
        guard !query.isEmpty else { return [] }
        let ranked = try await candidates(
            query, allowExplicit: allowExplicit, cap: 200, top: limit * 2, kinds: [.artist, .album, .track])
        var seen = Set<String>()
        var names: [String] = []
        // Interleave kinds so one artist does not crowd out album and song names.
        // Only entities whose own name matches: a song found through its artist's name is no suggestion.
        let lists = ranked.map { $0.1.filter { query.matches(normalized: $0.name) } }
        var index = 0
        while names.count < limit, lists.contains(where: { index < $0.count }) {
            for list in lists where index < list.count && names.count < limit {
                let candidate = list[index]
                if seen.insert(candidate.name).inserted { names.append(candidate.display) }
            }
            index += 1
        }
        return names
    }

    /// How many of the vocabulary's words are weighed for one mistyped word.
    static let spellingCandidateCap = 3000

    public func spellingCandidates(for term: String) async throws -> [Spelling.Word] {
        guard let initial = term.first else { return [] }
        let shortest = term.count - Spelling.allowedEdits(length: term.count)
        return try await backend.read { db in
            try await db.raw(
                """
                SELECT word, documents FROM search_words
                WHERE initial = \(bind: String(initial)) AND length >= \(bind: shortest)
                ORDER BY documents DESC, word LIMIT \(literal: Self.spellingCandidateCap)
                """
            ).all().map {
                Spelling.Word(
                    try $0.decode(column: "word", as: String.self),
                    documents: try $0.decode(column: "documents", as: Int.self))
            }
        }
    }

    /// The best `top` candidates per kind, best first, ranked in SQL over at most `cap` index hits.
    /// Songs are most of the index, so they are read on one connection while the other kinds are
    /// read on another at the same time: a search takes about as long as its songs' passes. For three
    /// words or more on SQLite, the songs' early full pass takes that place (`asksInOneLane`).
    func candidates(_ query: SearchQuery, allowExplicit: Bool, cap: Int, top: Int, kinds: [SearchKind])
        async throws -> [(SearchKind, [Candidate])]
    {
        let lanes = [kinds.filter { $0 == .track }, kinds.filter { $0 != .track }].filter { !$0.isEmpty }
        guard lanes.count > 1, !asksInOneLane(query, kinds: kinds) else {
            return try await laneCandidates(query, allowExplicit: allowExplicit, cap: cap, top: top, kinds: kinds)
        }
        let found = try await withThrowingTaskGroup(of: [(SearchKind, [Candidate])].self) { group in
            for lane in lanes {
                group.addTask {
                    try await laneCandidates(query, allowExplicit: allowExplicit, cap: cap, top: top, kinds: lane)
                }
            }
            return try await group.reduce(into: [SearchKind: [Candidate]]()) { all, lane in
                for (kind, list) in lane { all[kind] = list }
            }
        }
        return kinds.map { ($0, found[$0] ?? []) }
    }

    /// The best candidates of `kinds`. Passes: exact names (index lookup), then names (SQLite: song
    /// titles' own index, an FTS5 column filter for the other kinds), then names and artist/album
    /// context, each only for kinds the earlier ones left short, so exact and name matches are never
    /// crowded out by songs found through their artist. Every kind's pass goes in one statement: at
    /// most two round trips.
    ///
    /// A query's short prefixes are tested on the songs' word-start bitmaps when they hold them
    /// (`wordStartFilter`); when the bitmaps are set aside under it, it is asked again without them.
    func laneCandidates(_ query: SearchQuery, allowExplicit: Bool, cap: Int, top: Int, kinds: [SearchKind])
        async throws -> [(SearchKind, [Candidate])]
    {
        let (filter, rarest) = try await wordStartFilter(query, kinds: kinds)
        guard let starts = filter else {
            return try await laneCandidates(
                query, allowExplicit: allowExplicit, cap: cap, top: top, kinds: kinds, wordStarts: nil,
                rarest: rarest)
        }
        do {
            return try await laneCandidates(
                query, allowExplicit: allowExplicit, cap: cap, top: top, kinds: kinds, wordStarts: starts)
        } catch  where Self.isStale(error) {
            return try await laneCandidates(
                query, allowExplicit: allowExplicit, cap: cap, top: top, kinds: kinds, wordStarts: nil,
                rarest: rarest)
        }
    }

    /// `rarest`: the documents of the query's rarest longer word, when already read.
    func laneCandidates(
        _ query: SearchQuery, allowExplicit: Bool, cap: Int, top: Int, kinds: [SearchKind],
        wordStarts starts: WordStartFilter?, rarest: Int? = nil
    ) async throws -> [(SearchKind, [Candidate])] {
        let dialect = backend.dialect
        let songs = starts == nil ? try await songsForShortPrefixes(query, kinds: kinds, rarest: rarest) : nil
        let pairs = songs?.names == nil ? titlePairTokens(query, kinds: kinds) : nil
        var round1: [SQLQueryString] = []
        for (index, kind) in kinds.enumerated() {
            let (lo, hi) = SearchRanking.Bands.range(kind, allowExplicit: allowExplicit)
            let exact: SQLQueryString = """
                SELECT doc_id, entity_id, display, name, \(literal: SearchRanking.Tier.exactName.rawValue) AS tier,
                    CAST(0 AS DOUBLE PRECISION) AS score
                FROM search_documents
                WHERE name = \(bind: query.key) AND doc_id >= \(bind: lo) AND doc_id < \(bind: hi)
                ORDER BY doc_id LIMIT \(literal: top)
                """
            round1.append(Self.part(exact, kind: index, part: 0))
            let first = dialect.searchCandidates(
                query, kind: kind, lo: lo, hi: hi, cap: cap, nameOnly: dialect.searchesNamesFirst, top: top + 10,
                among: kind == .track ? songs?.names : nil, tokenSetBound: tokenSetBound, wordStarts: starts,
                titlePairs: kind == .track ? pairs : nil)
            round1.append(Self.part(first, kind: index, part: 1))
        }
        // The full pass of the kinds at `indices`, asked before their names pass is known: as if it had found
        // `top - 1`, and, when it did not come short, for nothing.
        let passAsIfShort = { (indices: Set<Int>) in
            fullPass(
                query, kinds: kinds, found: kinds.indices.map { indices.contains($0) ? top - 1 : nil },
                allowExplicit: allowExplicit, cap: cap, top: top, songs: songs?.all, wordStarts: starts)
        }
        // Small kinds' full pass, asked beside their names pass (`fullPassWithNames`).
        var askedEarly = Set(kinds.indices.filter { Self.fullPassWithNames.contains(kinds[$0]) })
        if dialect.searchesNamesFirst, !askedEarly.isEmpty {
            let pass = passAsIfShort(askedEarly)
            // A pass reading a shared answer first (`StoreDialect.tokenSets`) waits for the second round.
            if pass.ctes.isEmpty { round1 += pass.parts } else { askedEarly = [] }
        } else {
            askedEarly = []
        }
        // Songs' full pass, asked beside the names pass when that one will likely come short.
        let songsAt = kinds.firstIndex(of: .track)
        let early =
            speculatesFullPass(query, kinds: kinds, songs: songs)
            ? passAsIfShort(Set(kinds.indices.filter { kinds[$0] == .track })) : nil
        let speculated = early.map { pass in
            Task { [backend] in try await Self.run(pass.parts, with: pass.ctes, for: query, on: backend) }
        }
        var lists = Array(repeating: [Candidate](), count: kinds.count)
        var earlyPass = Array(repeating: [Candidate](), count: kinds.count)
        let namesPass = dialect.searchesNamesFirst
        for (index, part, candidates) in try await Self.run(round1, for: query, on: backend, namesPass: namesPass) {
            if part == 2 {
                earlyPass[index] = candidates
                continue
            }
            lists[index] = Self.merge(
                lists[index], candidates, fullPass: part == 1 && !dialect.searchesNamesFirst, query: query)
        }
        guard dialect.searchesNamesFirst else {
            return kinds.enumerated().map { ($0.element, Array(lists[$0.offset].prefix(top))) }
        }
        for index in askedEarly where lists[index].count < top {
            lists[index] = Self.merge(lists[index], earlyPass[index], fullPass: true, query: query)
        }
        // The songs' pass asked early stands for theirs; every other kind left short has its own here.
        let found = lists.indices.map {
            lists[$0].count < top && !askedEarly.contains($0) && !(speculated != nil && $0 == songsAt)
                ? lists[$0].count : nil
        }
        let pass = fullPass(
            query, kinds: kinds, found: found, allowExplicit: allowExplicit, cap: cap, top: top, songs: songs?.all,
            wordStarts: starts)
        var rows = pass.parts.isEmpty ? [] : try await Self.run(pass.parts, with: pass.ctes, for: query, on: backend)
        if let speculated, let songsAt, lists[songsAt].count < top {
            rows += try await speculated.value
        }
        for (index, _, candidates) in rows {
            lists[index] = Self.merge(lists[index], candidates, fullPass: true, query: query)
        }
        return kinds.enumerated().map { ($0.element, Array(lists[$0.offset].prefix(top))) }
    }

    /// About how many songs the catalog holds, read again after `CatalogSize.readsPerCount` uses.
    func songs() async throws -> Int {
        if let known = catalogSize.use() { return known }
        let sql = backend.dialect.songCountEstimate
        let songs = try await backend.read { [sql] in
            try await $0.raw(sql).first()?.decode(column: "songs", as: Int?.self)
        }
        catalogSize.set(songs ?? 0)
        return songs ?? 0
    }
}

extension SQLSearchStore {
    /// Every kind (the `CatalogSearch` requirement).
    public func search(_ query: SearchQuery, allowExplicit: Bool, limit: Int, offset: Int) async throws
        -> SearchHits
    {
        try await search(query, allowExplicit: allowExplicit, limit: limit, offset: offset, kinds: SearchKind.allCases)
    }
}
