import SQLKit
import SoTubeCore

/// PostgreSQL's search over `search_tokens` (migration 24) and `search_token_sets` (migration 25): which
/// token a pass walks, when it asks the sets first, how a word and one letter are walked (migration
/// 27's `name_letters`, 31's `letters`), and which statements are planned once. `StoreDialect.searchCandidates` puts
/// them together.
extension StoreDialect {
    /// PostgreSQL: the letter of a query of one word and a one-letter prefix ("road s": `s`), whose passes
    /// walk the word's entries and check the letter on each (`wordAndLetterHits`).
    package static func nameLetter(_ query: SearchQuery) -> Unicode.Scalar? {
        let tokens = walkOrder(query)
        guard tokens.count == 2, let walked = tokens.first, walked.unicodeScalars.count > shortPrefixLength,
            let last = tokens.last, last.unicodeScalars.count == 1
        else { return nil }
        return last.unicodeScalars.first
    }

    /// A pass's hits for a word and a one-letter prefix: the word's entries in doc_id order whose
    /// document has a word starting with the letter, in its name for the names pass (`nameOnly`:
    /// `name_letters`, migration 27), in its name or context for the full pass (`letters`, migration 31).
    /// A letter other than a–z shares its bit, so its token is looked up for the entries the bit lets
    /// through. The letter's list is long (`s`: 200,000 song titles at a million songs): merged with the
    /// word's, or intersected with it in the token sets, it cost 7–20 ms for a common word, and probed for
    /// each of a rare word's 714 entries 3.2 ms; this reads the word's entries only, in the index. A letter
    /// that rarely meets the word reads them all (40,000 for the commonest word of the synthetic catalog:
    /// about 3 ms).
    func wordAndLetterHits(_ word: String, _ letter: Unicode.Scalar, nameOnly: Bool, lo: Int64, hi: Int64, cap: Int)
        -> SQLQueryString
    {
        let bit = Int(SearchTokens.nameLetterBit(letter))
        // A scalar subquery, run for each entry the bit lets through: an EXISTS would be planned as a join.
        let check: SQLQueryString =
            SearchTokens.isOwnNameLetter(letter)
            ? ""
            : """
             AND coalesce((SELECT bool_or(\(unsafeRaw: nameOnly ? "p.name_letters <> 0" : "TRUE")) FROM search_tokens p
                WHERE p.token = \(bind: String(letter)) AND p.doc_id = t.doc_id), FALSE)
            """
        let filter: SQLQueryString =
            nameOnly
            ? "(t.name_letters & CAST(\(bind: bit) AS INTEGER)) <> 0"
            : "(t.letters & CAST(\(bind: bit) AS INTEGER)) <> 0"
        return """
            SELECT t.doc_id AS rid FROM search_tokens t
            WHERE t.token = \(bind: word) AND \(filter)
                AND t.doc_id >= \(bind: lo) AND t.doc_id < \(bind: hi)\(check)
            ORDER BY t.doc_id LIMIT \(literal: cap)
            """
    }

    /// Can a search's statements for `query` be planned once for any words (PostgreSQL: prepared,
    /// `SQLBackend.rows(of:planOnce:)`)? Not the full pass (names and context) of a word and a two-letter
    /// prefix: a walk of the word probes the prefix's long list for each song (`rivorr` + `sk`), where a
    /// plan made without the words may merge the two lists (`rivorr` + `s` took 46 ms so, against 0.25 ms
    /// probing); only the words' statistics tell which. At a million songs, planned once, 53 of the
    /// benchmark's 360 such queries took 1.5–25 ms longer, while every other kind of query was faster.
    ///
    /// Names passes (`namesPass`) are planned once for any query, and so are both passes of a word and a
    /// one-letter prefix, which walk the word alone (`wordAndLetterHits`); songs' and albums' names
    /// passes ask the token sets first, and walk only when the sets hold `tokenSetBound` titles or more,
    /// where either plan finds the first `cap` soon; artists' and playlists' lists are short. At a million
    /// songs, a word and a two-letter prefix took 6.27 → 5.04 ms on average (p90 8.11 → 6.26 ms), and rare
    /// words with one (`rivorra sk`) 5.8 → 3.4 ms.
    package func searchPlansOnce(_ query: SearchQuery, namesPass: Bool = false) -> Bool {
        if namesPass || Self.nameLetter(query) != nil { return true }
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
}
