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

    package init(
        backend: any SQLBackend, shortPrefixRowBound: Int = 2_000, shortPrefixMinimumSongs: Int = 3_000_000,
        rareWordDocuments: Int = 20_000, densePrefixPercent: Int = 25, tokenSetBound: Int = 3_000,
        fullPassEarly: Bool = true, usesWordStarts: Bool = true, wordStartRatio: Int = 100, oneLane: Bool = true
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
                among: kind == .track ? songs?.names : nil, tokenSetBound: tokenSetBound, wordStarts: starts)
            round1.append(Self.part(first, kind: index, part: 1))
        }
        // Small kinds' full pass, asked beside their names pass (`fullPassWithNames`).
        var askedEarly = Set(kinds.indices.filter { Self.fullPassWithNames.contains(kinds[$0]) })
        if dialect.searchesNamesFirst, !askedEarly.isEmpty {
            let pass = fullPass(
                query, kinds: kinds, found: kinds.indices.map { askedEarly.contains($0) ? top - 1 : nil },
                allowExplicit: allowExplicit, cap: cap, top: top, songs: songs?.all, wordStarts: starts)
            // A pass reading a shared answer first (`StoreDialect.tokenSets`) waits for the second round.
            if pass.ctes.isEmpty { round1 += pass.parts } else { askedEarly = [] }
        } else {
            askedEarly = []
        }
        // Songs' full pass, asked beside the names pass when that one will likely come short.
        let songsAt = kinds.firstIndex(of: .track)
        let early =
            speculatesFullPass(query, kinds: kinds, songs: songs)
            ? fullPass(
                query, kinds: kinds, found: kinds.indices.map { $0 == songsAt ? top - 1 : nil },
                allowExplicit: allowExplicit, cap: cap, top: top, songs: songs?.all, wordStarts: starts)
            : nil
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

    /// Kinds whose full pass is asked in the same statement as their names pass (`laneCandidates`), as
    /// if that pass had found `top - 1`. Playlists: a store holds few, their names rarely fill a page,
    /// and their index is small, so the pass was asked for nearly every search, a second round trip
    /// after the names pass. At 10M songs on SQLite a one-word search's albums, artists and playlists
    /// were the last to be read: the round trip cost about 0.3–0.45 ms of the search's 2.8 ms of
    /// statements (`ocean`, one server, the statements' starts and ends traced with `perf probe`).
    static let fullPassWithNames: Set<SearchKind> = [.playlist]

    /// Is the songs' full pass asked at once, beside their names pass (`laneCandidates`)? For three
    /// words or more, in the songs' own lane. At 10M songs on SQLite the names pass came short for 417
    /// of the benchmark's 458 queries of three words, and their full pass then took 2.8 ms on average,
    /// after it; for two words, 290 of 810, 1.1 ms, so two words wait. The other lane (albums, artists,
    /// playlists) is done sooner, and the pass runs beside what is left of the names pass: for three
    /// words, the mean 5.25 → 4.75 ms and p90 9.49 → 8.34 ms at 10M on SQLite, p90 6.23 → 5.17 ms at
    /// 1M on PostgreSQL (two servers asked in turn, query by query).
    ///
    /// Asked early, the pass wants as many as the names pass could leave it to find (`top - 1` found):
    /// the first hits of each band, a few more of them, ranked alike; only among names of 999 letters
    /// or more, which share a slot of their band, could a later one rank first.
    ///
    /// Not when the names pass checks a dense short prefix on the titles' songs (`songs.titles`): it
    /// usually finds a page (`devil yesterday s`: 266 songs), and the full pass, walking that prefix
    /// for nothing beside it, took its core (the names pass 3 → 11 ms).
    func speculatesFullPass(_ query: SearchQuery, kinds: [SearchKind], songs: ShortPrefixSongs?) -> Bool {
        fullPassEarly && kinds.contains(.track) && query.terms.count >= 3 && backend.dialect.searchesNamesFirst
            && songs?.titles == nil
    }

    /// Are every kind's passes asked in one lane (`candidates`)? On SQLite, for three words or more and no
    /// short prefix, the songs' full pass is asked early (`speculatesFullPass`), and it is the longest:
    /// in two lanes it waited for one of SQLite's two threads while the other kinds' names pass took it
    /// (`winter kera chlo` at 10M songs: 1.5 ms). In one lane the names passes of every kind go in one
    /// statement and the songs' full pass in another, each on a thread from the start; the other kinds'
    /// full passes follow the names. At 10M songs, the benchmark's 276 queries of three words took 6.52
    /// ms on average against 7.14 in two lanes (p90 11.88 against 13.24; each query's ratio, geometric
    /// mean 0.92), the same answers; p99 of the whole mix 12.81 against 13.41 ms.
    func asksInOneLane(_ query: SearchQuery, kinds: [SearchKind]) -> Bool {
        oneLane && fullPassEarly && kinds.contains(.track) && query.terms.count >= 3 && backend.dialect == .sqlite
            && backend.dialect.shortPrefixPlaces(query).isEmpty
    }

    /// The full pass (names and context) of each kind whose names pass `found` fewer than `top`
    /// (nil: a whole page, no pass): statements to run after the common table expressions `ctes`.
    ///
    /// A names pass that came short found every name match, so this pass only adds matches
    /// through context, all of one tier. Documents are numbered shortest name first in each band
    /// (`SearchRanking.Bands`): a band's first hits are the ones ranked first, and the pass stops at the
    /// number it needs in each band (explicit ones have their own), merged by the statement's
    /// ORDER BY. When a long prefix was cut, the hits are checked whole as they come, and the pass
    /// stops at the number it needs of those that pass (out of at most `cap`). The bands of a kind
    /// that asks the token sets share one answer from them (`StoreDialect.tokenSets`).
    func fullPass(
        _ query: SearchQuery, kinds: [SearchKind], found: [Int?], allowExplicit: Bool, cap: Int, top: Int,
        songs: String?, wordStarts: WordStartFilter? = nil
    ) -> (parts: [SQLQueryString], ctes: [SQLQueryString]) {
        let dialect = backend.dialect
        let cutPrefixes = !dialect.longPrefixTerms(query).isEmpty
        var round2: [SQLQueryString] = []
        var shared: [SQLQueryString] = []
        for (index, kind) in kinds.enumerated() {
            guard let count = found[index], count < top else { continue }
            let needed = top + count
            let bands = SearchRanking.Bands.bands(kind, allowExplicit: allowExplicit)
            var sets: String?
            if bands.count > 1, dialect.asksTokenSets(query, kind: kind, nameOnly: false, tokenSetBound: tokenSetBound)
            {
                let name = "sets\(index)"
                let (lo, hi) = SearchRanking.Bands.range(kind, allowExplicit: allowExplicit)
                shared.append(dialect.tokenSets(name, query, nameOnly: false, lo: lo, hi: hi, bound: tokenSetBound))
                sets = name
            }
            for (lo, hi) in bands {
                let all = dialect.searchCandidates(
                    query, kind: kind, lo: lo, hi: hi, cap: cutPrefixes ? max(cap, needed) : needed, nameOnly: false,
                    top: needed, checkedLimit: needed, among: kind == .track ? songs : nil,
                    tokenSetBound: tokenSetBound,
                    sharedSets: sets, wordStarts: wordStarts)
                round2.append(Self.part(all, kind: index, part: 2))
            }
        }
        return (round2, shared)
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

    /// One kind's pass as a member of a UNION ALL.
    static func part(_ inner: SQLQueryString, kind: Int, part: Int) -> SQLQueryString {
        """
        SELECT \(literal: kind) AS kind_index, \(literal: part) AS part, x.doc_id, x.entity_id, x.display, x.name,
            x.tier, x.score, length(x.name) AS name_length
        FROM (\(inner)) x
        """
    }

    /// Runs the parts in one statement, after the common table expressions `ctes` they read (none or
    /// more); candidates grouped by (kind, part), in ranking order (`SearchRanking`: tier, the engine's
    /// score, shorter names, doc_id).
    /// `namesPass`: the parts are exact names and names passes (`StoreDialect.searchPlansOnce`).
    static func run(
        _ parts: [SQLQueryString], with ctes: [SQLQueryString] = [], for query: SearchQuery, on backend: any SQLBackend,
        namesPass: Bool = false
    ) async throws -> [(Int, Int, [Candidate])] {
        guard let first = parts.first else { return [] }
        var sql = ctes.isEmpty ? first : "WITH " + ctes.joined(separator: ", ") + " " + first
        for part in parts.dropFirst() { sql = sql + " UNION ALL " + part }
        sql = sql + " ORDER BY kind_index, part, tier, score, name_length, doc_id"
        var groups: [(Int, Int, [Candidate])] = []
        for row in try await backend.rows(
            of: sql, planOnce: backend.dialect.searchPlansOnce(query, namesPass: namesPass))
        {
            let kind = try row.decode(column: "kind_index", as: Int.self)
            let part = try row.decode(column: "part", as: Int.self)
            var candidate = try decode(row, rank: 0)
            if let last = groups.last, last.0 == kind, last.1 == part {
                candidate.rank = last.2.count
                groups[groups.count - 1].2.append(candidate)
            } else {
                groups.append((kind, part, [candidate]))
            }
        }
        return groups
    }

    /// `list` followed by the new candidates it does not hold yet. After a pass over names and
    /// context, what SQL ranked `.nameWords` is `.nameWords` or `.context` as `SearchRanking.wordsTier` says.
    static func merge(_ list: [Candidate], _ new: [Candidate], fullPass: Bool, query: SearchQuery) -> [Candidate] {
        let seen = Set(list.map(\.docID))
        var more = new.filter { !seen.contains($0.docID) }
        if fullPass {
            for index in more.indices where more[index].tier == SearchRanking.Tier.nameWords.rawValue {
                more[index].tier = SearchRanking.wordsTier(name: more[index].name, query: query).rawValue
            }
            more.sort { ($0.tier, $0.rank) < ($1.tier, $1.rank) }
        }
        return list + more
    }

    static func decode(_ row: any SQLRow, rank: Int) throws -> Candidate {
        Candidate(
            entityID: try row.decode(column: "entity_id", as: String.self),
            display: try row.decode(column: "display", as: String.self),
            name: try row.decode(column: "name", as: String.self),
            score: try row.decode(column: "score", as: Double.self),
            docID: try row.decode(column: "doc_id", as: Int64.self),
            tier: try row.decode(column: "tier", as: Int.self), rank: rank)
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
