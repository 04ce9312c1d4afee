import SQLKit
import SoTubeCore

/// Which passes a search asks, and when: the full pass beside the names pass or after it, in one lane or two.
extension SQLSearchStore {
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
        oneLane && backend.dialect == .sqlite && backend.dialect.shortPrefixPlaces(query).isEmpty
            && speculatesFullPass(query, kinds: kinds, songs: nil)
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
}
