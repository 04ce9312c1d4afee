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
            sums.append(prefixDocuments(SearchTokens.token(query.terms[index])))
        }
        var all = sums.first ?? "SELECT 0 AS documents"
        for sum in sums.dropFirst() { all = all + " UNION ALL " + sum }
        return "SELECT min(documents) AS documents FROM (\(all)) s"
    }

    /// How many documents (of every kind, counted once per word) hold a word starting with `prefix`:
    /// row `documents`, from the vocabulary.
    func prefixDocuments(_ prefix: String) -> SQLQueryString {
        """
        SELECT coalesce(sum(documents), 0) AS documents FROM search_words
        WHERE word >= \(bind: prefix) AND word < \(bind: prefix + "\u{10FFFF}")
        """
    }

    /// Every short prefix's documents in one statement (`PrefixDocuments`): rows `prefix`, a word's first
    /// `shortPrefixLength` letters (the whole of a shorter word), and `documents`, the counts of the words
    /// starting with them summed. At 10M songs (135,000 words) about 40 ms.
    var shortPrefixDocuments: SQLQueryString {
        """
        SELECT substr(word, 1, \(literal: Self.shortPrefixLength)) AS prefix, sum(documents) AS documents
        FROM search_words GROUP BY prefix
        """
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
    /// doc_id order (SQLite only; see `shortPrefixPlaces`), in their titles and context, or in their
    /// `titles` alone: one row, `songs` (how many) and `ids` (a JSON array of their doc_ids, which the
    /// passes bind as it is: decoded and written again in Swift, 1,800 ids cost 1.4 ms more).
    func longWordSongs(_ query: SearchQuery, bound: Int, titles: Bool = false) -> SQLQueryString {
        let table = titles ? SearchFullText.titles : SearchFullText.table(.track)
        return """
            SELECT count(*) AS songs, json_group_array(rid) AS ids FROM (
                SELECT rowid AS rid FROM \(unsafeRaw: table)
                WHERE \(unsafeRaw: table) MATCH \(bind: matchExpression(query, leaving: shortPrefixPlaces(query)))
                LIMIT \(literal: bound + 1)) s
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
    /// `among`: every document holding the words where the pass looks, a few, as a JSON array
    /// (`longWordSongs`); the pass checks its words on these rows instead of walking the index.
    ///
    /// `tokenSetBound` (PostgreSQL): a pass over songs for two or more words (three or more in the full
    /// pass; one of three letters or more) asks `search_token_sets` first for up to this many
    /// documents holding them all; fewer is every one of them, more and the walk finds the first `cap`
    /// soon. 0: the walk alone. A full pass for two words wants a page, not `cap`, and walks to it
    /// sooner than a bitmap scan; albums, artists and playlists have short lists: there the bitmap
    /// scan first cost more than it saved.
    ///
    /// `wordStarts` (SQLite, songs): the query's short prefixes leave the MATCH expression and each hit's
    /// bit is tested in the songs' word-start bitmaps (`WordStartBitmaps`) instead: the same documents in
    /// the same order, without seeking in a list of millions for each.
    ///
    /// `sharedSets`: the name of a `tokenSets` CTE over the kind's whole range, which this band's pass
    /// reads instead of asking the sets itself (`SQLSearchStore.laneCandidates`' full pass); the bound
    /// then counts the documents of every band: the same answers, the walk taken a little sooner.
    func searchCandidates(
        _ query: SearchQuery, kind: SearchKind, lo: Int64, hi: Int64, cap: Int, nameOnly: Bool, top: Int,
        checkedLimit: Int? = nil, among: String? = nil, tokenSetBound: Int = 0, sharedSets: String? = nil,
        wordStarts startsFilter: WordStartFilter? = nil, titlePairs: [String]? = nil
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
            let table = titles ? SearchFullText.titles : SearchFullText.table(kind, lo: lo, hi: hi)
            // Songs' short prefixes with word-start bitmaps leave the walk: each hit's bit is tested.
            let starts = kind == .track ? startsFilter : nil
            if titles, among == nil, let pairs = titlePairs, !pairs.isEmpty {
                let hits = titlePairHits(
                    pairs, query, lo: lo, hi: hi, cap: cap, leaving: starts?.places ?? [], starts: starts)
                return ranked(hits, key: key, top: top)
            }
            let words = matchExpression(query, leaving: starts?.places ?? [])
            let match = nameOnly && !titles ? "name : (\(words))" : words
            var hits: SQLQueryString = """
                SELECT rowid AS rid FROM \(unsafeRaw: table)
                WHERE \(unsafeRaw: table) MATCH \(bind: match)
                AND rowid >= \(bind: lo) AND rowid < \(bind: hi)\(starts?.tests(titles: titles) ?? "") LIMIT \(literal: cap)
                """
            if let among {
                // What the index walk matches: each word, a long one cut, starts a word of the text. The
                // ids go as one bound JSON array: written into the statement, 2,000 of them cost each pass
                // 0.5 ms more at 10M songs (compiled, then sorted into a list at each run). The band is
                // taken from the array, so that the plan stays a look-up of each id.
                hits = """
                    SELECT w.doc_id AS rid FROM search_documents w
                    WHERE w.doc_id IN (SELECT value FROM json_each(\(bind: among))
                        WHERE value >= \(bind: lo) AND value < \(bind: hi))\(
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
            // A token of the name has its name's letters, never 0 (migration 31).
            let name: (String) -> SQLQueryString = { nameOnly ? " AND \(unsafeRaw: $0).name_letters <> 0" : "" }
            if let letter = Self.nameLetter(query) {
                let hits = wordAndLetterHits(walked, letter, nameOnly: nameOnly, lo: lo, hi: hi, cap: cap)
                return ranked(
                    wholeChecked(hits, query, nameOnly: nameOnly, checkedLimit: checkedLimit), key: key, top: top)
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

    /// The songs whose titles hold every word of `query` but those at `left` (tested on the word-start
    /// bitmaps, `starts`), from the titles' word pairs (`search_title_pairs`; `pairs`, the tokens
    /// `SearchTitlePairs.queryTokens` gave): the first `cap` in doc_id order, as the titles' index walk
    /// finds them. The pairs find a superset; each title is checked whole as the hits stream in.
    private func titlePairHits(
        _ pairs: [String], _ query: SearchQuery, lo: Int64, hi: Int64, cap: Int, leaving left: Set<Int>,
        starts: WordStartFilter?
    ) -> SQLQueryString {
        let terms = query.terms.indices.filter { !left.contains($0) }.map { query.terms[$0] }
        // Titles of more than `SearchTitlePairs.maxWords` words hold one token, checked like the others.
        let match = "(" + pairs.map { "\"\($0)\"*" }.joined(separator: " ") + ") OR \"\(SearchTitlePairs.manyWords)\""
        let table = SearchFullText.titlePairs
        return """
            SELECT h.rid FROM (SELECT rowid AS rid FROM \(unsafeRaw: table)
                WHERE \(unsafeRaw: table) MATCH \(bind: match)
                AND rowid >= \(bind: lo) AND rowid < \(bind: hi)\(starts?.tests(titles: true) ?? "")) h
            JOIN search_documents w ON w.doc_id = h.rid
            WHERE 1 = 1\(wordStarts(terms, nameOnly: true)) LIMIT \(literal: cap)
            """
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
