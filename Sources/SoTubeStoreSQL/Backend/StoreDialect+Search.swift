import SQLKit
import SoTubeCore

/// Full-text search: the one place where SQLite (FTS5) and PostgreSQL (`search_tokens`) differ.
extension StoreDialect {
    /// An integer primary key that is SQLite's rowid (fast) or a PostgreSQL BIGINT.
    var rowIDType: String {
        switch self {
        case .sqlite: return "INTEGER"
        case .postgres: return "BIGINT"
        }
    }

    /// Statements creating the full-text index over `search_documents` (migration 5; PostgreSQL's GIN
    /// index gave way to `search_tokens` in migration 24).
    var searchIndexSchema: [String] {
        switch self {
        case .sqlite:
            // Text is normalised in Swift (SearchText) before it is stored, so the tokenizer only
            // splits words. Prefix indexes up to `indexedPrefixLength` letters make typing-as-you-go
            // queries a lazy index walk; a longer prefix is cut to that length (`matchExpression`).
            return [
                """
                CREATE VIRTUAL TABLE search_index USING fts5(
                    name, context, content='search_documents', content_rowid='doc_id',
                    tokenize='unicode61 remove_diacritics 0', prefix='\(Self.prefixLengths)')
                """
            ]
        case .postgres:
            return [
                """
                CREATE INDEX search_documents_fts ON search_documents
                USING GIN (to_tsvector('simple', name || ' ' || context))
                """
            ]
        }
    }

    /// The longest prefix FTS5 keeps a prefix index for.
    static let indexedPrefixLength = 6
    /// `prefix=` of the FTS5 tables (`SearchFullText`): one index per length up to
    /// `indexedPrefixLength` ("1 2 3 4 5 6").
    static var prefixLengths: String { (1...Self.indexedPrefixLength).map(String.init).joined(separator: " ") }

    /// SQLite's full-text query for `query`: an FTS5 MATCH expression, every word required, quoted,
    /// and a prefix (`SearchQuery.isPrefix`: every word) marked with `*` ("bjork" "gud"*). A prefix
    /// longer than the prefix index is cut to it ("tonigh"* for "tonight"): FTS5 answers it from that
    /// index instead of merging the lists of every word it starts (for a common word, 10–25 ms at 1M
    /// songs), and `longPrefixTerms` are then checked on the rows found. PostgreSQL looks up the same
    /// cut prefixes in `search_tokens` (`SearchTokens.token`). Words hold only letters and digits, so
    /// quoting cannot be broken.
    /// `leaving` out the words at these places (`shortPrefixPlaces`).
    package func matchExpression(_ query: SearchQuery, leaving left: Set<Int> = []) -> String {
        let terms = query.terms
        return terms.indices.filter { !left.contains($0) }.map { index in
            guard query.isPrefix(index) else { return "\"\(terms[index])\"" }
            return "\"\(SearchTokens.token(terms[index]))\"*"
        }.joined(separator: " ")
    }

    /// The longest prefix that can be checked on the rows the other words find.
    static let shortPrefixLength = 2

    /// The places of a query's short prefixes ("none travel d": `d`), when it has longer words as
    /// well. On SQLite, FTS5 finds a document holding every word by seeking in each word's list
    /// in turn, and a seek walks a list's doclist index page by page: in the 3.36 million entries
    /// of `d`* at 10M songs, the 2 documents holding `none`, `travel` and a `d` word cost 10 ms,
    /// where `none` and `travel` alone cost 0.5 ms and checking their rows 0.2 ms. So the songs the
    /// longer words find are read first (`longWordSongs`); when they are few
    /// (`SQLSearchStore.shortPrefixRowBound`) every pass checks its words on those rows
    /// (`searchCandidates`' `among`): the same documents in the same order. PostgreSQL probes each
    /// word by its b-tree, so it keeps its walk.
    package func shortPrefixPlaces(_ query: SearchQuery) -> Set<Int> {
        guard self == .sqlite else { return [] }
        let short = query.terms.indices.filter {
            query.isPrefix($0) && query.terms[$0].unicodeScalars.count <= Self.shortPrefixLength
        }
        return short.count < query.terms.count ? Set(short) : []
    }

    /// How many documents (of every kind, `search_words`) hold a word starting with the query's
    /// rarest word other than its short prefixes: row `documents`, an upper bound of the songs
    /// `longWordSongs` finds, read from the vocabulary in about 0.05 ms (SQLite only).
    func rarestLongWord(_ query: SearchQuery) -> SQLQueryString {
        let short = shortPrefixPlaces(query)
        var sums: [SQLQueryString] = []
        for index in query.terms.indices where !short.contains(index) {
            let token = SearchTokens.token(query.terms[index])
            sums.append(
                """
                SELECT coalesce(sum(documents), 0) AS n FROM search_words
                WHERE word >= \(bind: token) AND word < \(bind: token + "\u{10FFFF}")
                """)
        }
        var all = sums.first ?? "SELECT 0 AS n"
        for sum in sums.dropFirst() { all = all + " UNION ALL " + sum }
        return "SELECT min(n) AS documents FROM (\(all)) s"
    }

    /// About how many songs there are, cheaply (row `songs`): SQLite's highest rowid of `tracks`,
    /// one b-tree descent (deleted songs still count); PostgreSQL's planner estimate.
    var songCountEstimate: SQLQueryString {
        switch self {
        case .sqlite: return "SELECT max(rowid) AS songs FROM tracks"
        case .postgres: return "SELECT CAST(reltuples AS BIGINT) AS songs FROM pg_class WHERE relname = 'tracks'"
        }
    }

    /// The first `bound + 1` songs holding the query's words other than its short prefixes, in
    /// doc_id order: rows `rid` (SQLite only; see `shortPrefixPlaces`).
    func longWordSongs(_ query: SearchQuery, bound: Int) -> SQLQueryString {
        let table = SearchFullText.table(.track)
        return """
            SELECT rowid AS rid FROM \(unsafeRaw: table)
            WHERE \(unsafeRaw: table) MATCH \(bind: matchExpression(query, leaving: shortPrefixPlaces(query)))
            LIMIT \(literal: bound + 1)
            """
    }

    /// The prefixes `matchExpression` cut, to be checked whole on the rows found.
    package func longPrefixTerms(_ query: SearchQuery) -> [String] {
        query.terms.indices.filter {
            query.isPrefix($0) && query.terms[$0].unicodeScalars.count > Self.indexedPrefixLength
        }.map { query.terms[$0] }
    }

    /// Does this engine keep a separate full-text index that store code must update?
    var hasSeparateSearchIndex: Bool { self == .sqlite }

    /// Candidate documents of one kind (`lo <= doc_id < hi`), at most `cap`: rows
    /// `doc_id, entity_id, display, name, score` (score 0: both engines rank by `SearchRanking`
    /// alone, so they give the same answers, issue 35). The first `cap` matches in doc_id order are
    /// read, as FTS5 walks its doclists. `nameOnly` looks at entity names only; on SQLite song titles
    /// have an index of their own for it (`search_names`), on PostgreSQL each token row says whether
    /// it is in the name.
    ///
    /// SQLite does not use bm25(): FTS5 computes its IDF by counting every hit of every phrase in
    /// the whole index, which cost 10–70 ms per kind for one-letter or common prefixes at 1M
    /// songs. Walking the doclists in doc_id order with a LIMIT costs under 2 ms; relevance
    /// comes from `SearchRanking`'s tiers (exact name, name prefix, all words in the name,
    /// artist/album context) and doc_id order instead.
    ///
    /// `checkedLimit`: when a long prefix was cut, stop at this many hits that pass the whole-prefix
    /// check (in doc_id order, the ranking order of a band), out of at most `cap` index hits.
    ///
    /// `among`: every document holding the words, a few (`longWordSongs`); the pass checks its
    /// words on these rows instead of walking the index.
    ///
    /// `tokenSetBound` (PostgreSQL): a pass over songs for two or more words (three or more in the full
    /// pass; one of three letters or more) asks `search_token_sets` first for up to this many
    /// documents holding them all; fewer is every one of them, more and the walk finds the first `cap`
    /// soon. 0: the walk alone. A full pass for two words wants a page, not `cap`, and walks to it
    /// sooner than a bitmap scan; albums, artists and playlists have short lists: there the bitmap
    /// scan first cost more than it saved.
    ///
    /// `sharedSets`: the name of a `tokenSets` CTE over the kind's whole range, which this band's pass
    /// reads instead of asking the sets itself (`SQLSearchStore.laneCandidates`' full pass); the bound
    /// then counts the documents of every band: the same answers, the walk taken a little sooner.
    func searchCandidates(
        _ query: SearchQuery, kind: SearchKind, lo: Int64, hi: Int64, cap: Int, nameOnly: Bool, top: Int,
        checkedLimit: Int? = nil, among: [Int64]? = nil, tokenSetBound: Int = 0, sharedSets: String? = nil
    ) -> SQLQueryString {
        let key = query.key
        // `SearchRanking.Tier` (in `ranked`): the name is the query, starts with it, or otherwise
        // `.nameWords` (the caller makes it `.context` for matches found only through the context:
        // `wordsTier`).
        switch self {
        case .sqlite:
            // Song titles alone have an index of their own (`search_names`, migration 13): over a
            // million songs, a column filter on `search_index` decoded the positions of every hit of
            // every word, 2.5–3× the time. The other kinds are small: their filter costs little.
            let titles = nameOnly && kind == .track
            let table = titles ? SearchFullText.titles : SearchFullText.table(kind)
            let match = nameOnly && !titles ? "name : (\(matchExpression(query)))" : matchExpression(query)
            var hits: SQLQueryString = """
                SELECT rowid AS rid FROM \(unsafeRaw: table)
                WHERE \(unsafeRaw: table) MATCH \(bind: match)
                AND rowid >= \(bind: lo) AND rowid < \(bind: hi) LIMIT \(literal: cap)
                """
            if let among {
                // What the index walk matches: each word, a long one cut, starts a word of the text. The
                // ids go as one bound JSON array: written into the statement, 2,000 of them cost each pass
                // 0.5 ms more at 10M songs (compiled, then sorted into a list at each run).
                let ids = among.filter { $0 >= lo && $0 < hi }.map(String.init).joined(separator: ",")
                hits = """
                    SELECT w.doc_id AS rid FROM search_documents w
                    WHERE w.doc_id IN (SELECT value FROM json_each(\(bind: "[" + ids + "]")))\(
                        wordStarts(query.terms.map(SearchTokens.token), nameOnly: nameOnly))
                    ORDER BY w.doc_id LIMIT \(literal: cap)
                    """
            }
            return ranked(wholeChecked(hits, query, nameOnly: nameOnly, checkedLimit: checkedLimit), key: key, top: top)
        case .postgres:
            // `search_tokens` (migration 24): the rarest-looking word (the longest token) is walked in
            // doc_id order, each other word is found for the same document (the planner merges two
            // walks or probes, by the token statistics; both read the kind's range only); the scan
            // stops at `cap`.
            let tokens = Self.walkOrder(query)
            guard let walked = tokens.first else {
                return ranked("SELECT CAST(NULL AS BIGINT) AS rid WHERE FALSE", key: key, top: top)
            }
            let name: (String) -> SQLQueryString = { nameOnly ? " AND \(unsafeRaw: $0).in_name" : "" }
            if nameOnly, let letter = Self.nameLetter(query) {
                let hits = wordAndLetterHits(walked, letter, lo: lo, hi: hi, cap: cap)
                return ranked(wholeChecked(hits, query, nameOnly: true, checkedLimit: checkedLimit), key: key, top: top)
            }
            var probes: SQLQueryString = ""
            for (index, token) in tokens.dropFirst().enumerated() {
                let alias = "p\(index)"
                probes =
                    probes + """
                             AND EXISTS (SELECT 1 FROM search_tokens \(unsafeRaw: alias)
                            WHERE \(unsafeRaw: alias).token = \(bind: token) AND \(unsafeRaw: alias).doc_id = t.doc_id\(name(alias))
                                AND \(unsafeRaw: alias).doc_id >= \(bind: lo) AND \(unsafeRaw: alias).doc_id < \(bind: hi))
                        """
            }
            var hits: SQLQueryString = """
                SELECT t.doc_id AS rid FROM search_tokens t
                WHERE t.token = \(bind: walked)\(name("t")) AND t.doc_id >= \(bind: lo) AND t.doc_id < \(bind: hi)\(probes)
                ORDER BY t.doc_id LIMIT \(literal: cap)
                """
            if asksTokenSets(query, kind: kind, nameOnly: nameOnly, tokenSetBound: tokenSetBound) {
                let sets = sharedSets ?? "s"
                let own: SQLQueryString =
                    sharedSets == nil
                    ? "WITH " + tokenSets(sets, query, nameOnly: nameOnly, lo: lo, hi: hi, bound: tokenSetBound) + " "
                    : ""
                hits = """
                    SELECT h.rid FROM (\(own)SELECT a.doc_id AS rid FROM (SELECT doc_id FROM \(unsafeRaw: sets)
                            WHERE (SELECT count(*) FROM \(unsafeRaw: sets)) < \(literal: tokenSetBound)
                            AND doc_id >= \(bind: lo) AND doc_id < \(bind: hi) ORDER BY doc_id LIMIT \(literal: cap)) a
                        UNION ALL
                        SELECT w.rid FROM (\(hits)) w
                        WHERE (SELECT count(*) FROM \(unsafeRaw: sets)) >= \(literal: tokenSetBound)) h
                    """
            }
            return ranked(wholeChecked(hits, query, nameOnly: nameOnly, checkedLimit: checkedLimit), key: key, top: top)
        }
    }

    /// PostgreSQL: the letter of a query of one word and a one-letter prefix ("road s": `s`), whose names
    /// pass walks the word's entries and checks the letter on each (`wordAndLetterHits`).
    package static func nameLetter(_ query: SearchQuery) -> Unicode.Scalar? {
        let tokens = walkOrder(query)
        guard tokens.count == 2, let walked = tokens.first, walked.unicodeScalars.count > shortPrefixLength,
            let last = tokens.last, last.unicodeScalars.count == 1
        else { return nil }
        return last.unicodeScalars.first
    }

    /// The names pass's hits for a word and a one-letter prefix: the word's entries in doc_id order whose
    /// document's name has a word starting with the letter (`name_letters`, migration 27; a letter
    /// other than a–z shares its bit, so its token is looked up for the entries the bit lets through).
    /// The letter's list is long (`s`: 200,000 song titles at a million songs): merged with the word's, or
    /// intersected with it in the token sets, it cost 7–20 ms for a common word; this reads the word's
    /// entries only, in the index. A letter that rarely meets the word reads them all (40,000 for the
    /// commonest word of the synthetic catalog: about 3 ms).
    private func wordAndLetterHits(_ word: String, _ letter: Unicode.Scalar, lo: Int64, hi: Int64, cap: Int)
        -> SQLQueryString
    {
        let bit = Int(SearchTokens.nameLetterBit(letter))
        // A scalar subquery, run for each entry the bit lets through: an EXISTS would be planned as a join.
        let check: SQLQueryString =
            SearchTokens.isOwnNameLetter(letter)
            ? ""
            : """
             AND coalesce((SELECT bool_or(p.in_name) FROM search_tokens p
                WHERE p.token = \(bind: String(letter)) AND p.doc_id = t.doc_id), FALSE)
            """
        return """
            SELECT t.doc_id AS rid FROM search_tokens t
            WHERE t.token = \(bind: word) AND t.in_name AND (t.name_letters & CAST(\(bind: bit) AS INTEGER)) <> 0
                AND t.doc_id >= \(bind: lo) AND t.doc_id < \(bind: hi)\(check)
            ORDER BY t.doc_id LIMIT \(literal: cap)
            """
    }

    /// Can a search's statements for `query` be planned once for any words (PostgreSQL: prepared,
    /// `SQLBackend.rows(of:planOnce:)`)? Not the full pass (names and context) of two tokens of which
    /// one is a short prefix: a walk of the other word probes the prefix's long list for each song
    /// (`rivorr` + `s`: 60 probes, 0.25 ms), where a plan made without the words merged the two lists
    /// (430,000 entries of `s`, 46 ms); only the words' statistics tell which. At a million songs,
    /// planned once, 53 of the benchmark's 360 such queries took 1.5–25 ms longer, while every other
    /// kind of query was faster.
    ///
    /// Names passes (`namesPass`) are planned once for any query: with a one-letter prefix they walk the
    /// word alone (`wordAndLetterHits`); songs' and albums' ask the token sets first, and walk only when
    /// the sets hold `tokenSetBound` titles or more, where either plan finds the first `cap` soon; artists'
    /// and playlists' lists are short. At a million songs, a word and a two-letter prefix took 6.27 →
    /// 5.04 ms on average (p90 8.11 → 6.26 ms), and rare words with one (`rivorra sk`) 5.8 → 3.4 ms.
    package func searchPlansOnce(_ query: SearchQuery, namesPass: Bool = false) -> Bool {
        if namesPass { return true }
        let tokens = Self.walkOrder(query)
        guard tokens.count == 2, let shortest = tokens.last else { return true }
        return shortest.unicodeScalars.count > Self.shortPrefixLength
    }

    /// PostgreSQL: a query's tokens, the one walked first (the longest, `searchCandidates`).
    static func walkOrder(_ query: SearchQuery) -> [String] {
        SearchTokens.lookedUp(query).sorted { ($0.unicodeScalars.count, $0) > ($1.unicodeScalars.count, $1) }
    }

    /// Does a pass ask `search_token_sets` first (PostgreSQL; see `searchCandidates`' `tokenSetBound`)?
    /// Songs' passes, and albums' names pass: album names have sets of their own (migration 26), where a
    /// GIN scan over every kind's names found the songs' too and read each from the heap. At a million
    /// songs, the albums' names pass for the benchmark's 1,235 queries of two words or more took 492 ms
    /// walking and 224 ms from the sets (p99 2.28 → 0.34 ms; a common word with a one-letter prefix,
    /// `heart s`, merged 18,000 entries of `s` with 1,200 of `heart`). Artists' walks cost 0.2–0.4 ms:
    /// nothing to gain there.
    func asksTokenSets(_ query: SearchQuery, kind: SearchKind, nameOnly: Bool, tokenSetBound: Int) -> Bool {
        let tokens = Self.walkOrder(query)
        guard self == .postgres, kind == .track || (kind == .album && nameOnly), tokenSetBound > 0,
            tokens.count >= (nameOnly ? 2 : 3),
            let walked = tokens.first, !(nameOnly && Self.nameLetter(query) != nil)
        else { return false }
        return walked.unicodeScalars.count > Self.shortPrefixLength
    }

    /// PostgreSQL: the CTE `name`, the documents in `lo..<hi` holding every token of `query`, from
    /// `search_token_sets` (migration 25), at most `bound` of them. A pass takes the first `cap` in doc_id
    /// order from it when it holds fewer than `bound` (every one), else walks `search_tokens`. Two common
    /// words that rarely meet made the walk read both lists whole (at a million songs, 16,000 song titles
    /// hold `storm`, 16,000 `fire`, 193 both: 9.4 ms), where GIN intersects them in about 1 ms; words that
    /// often meet make the sets' answer long, and the walk finds its first `cap` soon. A pass costs one
    /// bitmap scan more when the walk is taken. Both branches are one-time filters: PostgreSQL runs only
    /// the one chosen.
    ///
    /// The GIN scan finds the documents of every kind and band, and the heap is read for each of them:
    /// the full pass over songs' two bands (clean, explicit) shares one CTE over both (three words at 1M
    /// songs: 7.7–9.1 ms → 4.2–5.3 ms for the two bands). The range is written into the statement:
    /// PostgreSQL uses a partial index (albums' names, migration 26) only when it can see that the
    /// statement's conditions imply the index's.
    func tokenSets(_ name: String, _ query: SearchQuery, nameOnly: Bool, lo: Int64, hi: Int64, bound: Int)
        -> SQLQueryString
    {
        let tokens = Self.walkOrder(query)
        let letters = Self.lettersCheckedOnRows(tokens)
        var array: SQLQueryString = "CAST(ARRAY["
        for (index, token) in tokens.filter({ !letters.contains($0) }).enumerated() {
            array = array + (index == 0 ? "" : ", ") + "\(bind: token)"
        }
        array = array + "] AS TEXT[])"
        let column = nameOnly ? "name_tokens" : "tokens"
        var checks: SQLQueryString = ""
        for letter in letters {
            checks = checks + " AND \(bind: letter) = ANY(x.\(unsafeRaw: column))"
        }
        return """
            \(unsafeRaw: name) AS MATERIALIZED (
                SELECT x.doc_id FROM search_token_sets x WHERE x.\(unsafeRaw: column) @> \(array)\(checks)
                AND x.doc_id >= \(literal: lo) AND x.doc_id < \(literal: hi) LIMIT \(literal: bound))
            """
    }

    /// The one-letter tokens `tokenSets` checks on each row its longer words find rather than in the
    /// GIN index: those of a query with two longer words or more. GIN finds the documents holding every
    /// token by skipping through each token's list to the next candidate, and a letter's list is long
    /// (`b`: most artists' and albums' names hold a word that starts with it): at a million songs,
    /// `diamon paradi b` over song titles took 1.71 ms with `b` in the index scan and 0.89 ms checked on
    /// the 1,162 rows `diamon` and `paradi` found (names and context: 3.55 → 2.73 ms; `world dark m`
    /// 1.85 → 0.96 and 3.74 → 2.86 ms). Two letters meet a word less often: 0.2–0.5 ms, and a rare pair
    /// of letters ("zq") would leave every row the longer words find to be read. One longer word alone
    /// finds too many rows.
    static func lettersCheckedOnRows(_ tokens: [String]) -> [String] {
        guard tokens.filter({ $0.unicodeScalars.count > shortPrefixLength }).count >= 2 else { return [] }
        return tokens.filter { $0.unicodeScalars.count == 1 }
    }

    /// A cut prefix found a superset: each whole one must start a word (of the name, or of the name
    /// and context, as the pass looks). The check runs as the hits stream in, so with
    /// `checkedLimit` the index scan stops there.
    private func wholeChecked(_ hits: SQLQueryString, _ query: SearchQuery, nameOnly: Bool, checkedLimit: Int?)
        -> SQLQueryString
    {
        let longPrefixes = longPrefixTerms(query)
        guard !longPrefixes.isEmpty else { return hits }
        let stop: SQLQueryString = checkedLimit.map { " LIMIT \(literal: $0)" } ?? ""
        let order: SQLQueryString = self == .postgres ? " ORDER BY h.rid" : ""
        return """
            SELECT h.rid FROM (\(hits)) h JOIN search_documents w ON w.doc_id = h.rid
            WHERE 1 = 1\(wordStarts(longPrefixes, nameOnly: nameOnly))\(order)\(stop)
            """
    }

    /// ` AND` conditions on the `search_documents` row `w`: a word of its name (or, unless
    /// `nameOnly`, of its name and context) starts with each of `prefixes`. Normalised text is words
    /// joined by single spaces.
    private func wordStarts(_ prefixes: [String], nameOnly: Bool) -> SQLQueryString {
        let text: SQLQueryString = nameOnly ? "' ' || w.name" : "' ' || w.name || ' ' || w.context"
        let find = self == .sqlite ? "instr" : "strpos"
        var starts: SQLQueryString = ""
        for prefix in prefixes {
            starts = starts + " AND \(unsafeRaw: find)(\(text), \(bind: " " + prefix)) > 0"
        }
        return starts
    }

    /// The hits as candidates in `SearchRanking`'s order: tier, shorter names, doc_id.
    private func ranked(_ hits: SQLQueryString, key: String, top: Int) -> SQLQueryString {
        let tier: SQLQueryString = """
            CASE WHEN d.name = \(bind: key) THEN \(literal: SearchRanking.Tier.exactName.rawValue)
                WHEN substr(d.name, 1, CAST(\(bind: key.unicodeScalars.count) AS INTEGER)) = \(bind: key)
                THEN \(literal: SearchRanking.Tier.namePrefix.rawValue) ELSE \(literal: SearchRanking.Tier.nameWords.rawValue) END
            """
        return """
            SELECT d.doc_id, d.entity_id, d.display, d.name, \(tier) AS tier,
                CAST(0 AS DOUBLE PRECISION) AS score FROM (\(hits)) c
            JOIN search_documents d ON d.doc_id = c.rid
            ORDER BY tier, length(d.name), d.doc_id LIMIT \(literal: top)
            """
    }

    /// Both engines search names first, then names and context (the same passes, the same answers).
    var searchesNamesFirst: Bool { true }
}
