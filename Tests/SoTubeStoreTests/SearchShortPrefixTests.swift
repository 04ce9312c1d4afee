import Foundation
import SQLKit
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// SQLite checks a query's short prefixes ("none travel d") on the few songs its longer words find,
/// instead of walking the index for them (`StoreDialect.shortPrefixPlaces`): the answers are the
/// ones the index walk gives, page by page, whether the songs are few enough or not.
@Suite struct SearchShortPrefixTests {
    @Test func checkingShortPrefixesOnRowsGivesTheIndexWalksAnswers() async throws {
        try await TestEngine.sqlite.freshDatabase().use { db in
            try await SearchEngineParityTests.writeCatalog(db)
            let mix = try await SearchEngineParityTests.queries(db)
            // Short words first and in the middle too, as well as last.
            let shuffled = mix.compactMap { text -> String? in
                let words = text.split(separator: " ")
                guard words.count > 1, let last = words.last else { return nil }
                return ([last.prefix(2)] + words.dropLast()).joined(separator: " ")
            }
            let queries = mix + shuffled
            // Tried from 3M songs by default; from the first song here.
            let onRows = SQLSearchStore(backend: db.backend, shortPrefixMinimumSongs: 0)
            // With no word rare enough to look for every song: the titles' songs for any prefix; none
            // when a prefix would have to start words in 100 times the songs; and for the default 25 %,
            // those of queries with a prefix that starts words in a quarter of the songs.
            let titlesOnly = SQLSearchStore(
                backend: db.backend, shortPrefixMinimumSongs: 0, rareWordDocuments: 0, densePrefixPercent: 0)
            let denseOnly = SQLSearchStore(
                backend: db.backend, shortPrefixMinimumSongs: 0, rareWordDocuments: 0, densePrefixPercent: 10_000)
            let quarter = SQLSearchStore(backend: db.backend, shortPrefixMinimumSongs: 0, rareWordDocuments: 0)
            var (short, checkedOnRows, titlesChecked) = (0, 0, 0)
            var dense: [Bool: Int] = [:]
            for text in queries where !StoreDialect.sqlite.shortPrefixPlaces(SearchQuery(text)).isEmpty {
                short += 1
                if let songs = try await onRows.songsForShortPrefixes(SearchQuery(text), kinds: [.track]) {
                    checkedOnRows += 1
                    #expect(songs.titles == nil && songs.names == songs.all)
                }
                if let songs = try await titlesOnly.songsForShortPrefixes(SearchQuery(text), kinds: [.track]),
                    songs.all == nil, let titles = songs.titles
                {
                    titlesChecked += 1
                    let ids = try JSONDecoder().decode([Int64].self, from: Data(titles.utf8))
                    #expect(ids.count <= 2_000 && ids == ids.sorted() && songs.names == titles)
                }
                #expect(try await denseOnly.songsForShortPrefixes(SearchQuery(text), kinds: [.track]) == nil)
                let prefixes = StoreDialect.sqlite.shortPrefixPlaces(SearchQuery(text)).map {
                    SearchQuery(text).terms[$0]
                }
                let isDense = try await Self.startsWordsInAQuarterOfTheSongs(prefixes, db)
                dense[isDense, default: 0] += 1
                let titles = try await quarter.songsForShortPrefixes(SearchQuery(text), kinds: [.track])?.titles
                #expect((titles != nil) == isDense, "\(text): \(prefixes) dense: \(isDense)")
                #expect(
                    try await SQLSearchStore(backend: db.backend).songsForShortPrefixes(
                        SearchQuery(text), kinds: [.track]) == nil, "a small catalog walks the index")
            }
            #expect(short > 100)
            #expect(dense[true, default: 0] >= 10 && dense[false, default: 0] >= 10, "dense prefixes: \(dense)")
            #expect(titlesChecked * 10 >= short * 9, "\(titlesChecked) of \(short) checked on the titles' songs alone")
            #expect(
                checkedOnRows * 10 >= short * 9,
                "\(checkedOnRows) of \(short) queries with a short prefix checked on rows")
            let walked = try await SearchEngineParityTests.answers(
                db, queries, search: SQLSearchStore(backend: db.backend, shortPrefixRowBound: 0, usesWordStarts: false))
            #expect(walked.values.filter { !$0.isEmpty }.count > 500, "the mix finds things")
            // The default bound; one that most queries' longer words exceed (the index walk again); and
            // the names pass checked on the titles' songs, the other passes walking.
            for (bound, rare) in [(2_000, 20_000), (3, 20_000), (2_000, 0), (12, 0)] {
                let answers = try await SearchEngineParityTests.answers(
                    db, queries,
                    search: SQLSearchStore(
                        backend: db.backend, shortPrefixRowBound: bound, shortPrefixMinimumSongs: 0,
                        rareWordDocuments: rare, densePrefixPercent: 0, usesWordStarts: false))
                let differing = walked.keys.sorted().filter { walked[$0] != answers[$0] }
                #expect(
                    differing.isEmpty,
                    "bound \(bound), rare \(rare): \(differing.count) answers differ, first: \(differing.prefix(3).map { "\($0): \(walked[$0] ?? []) vs \(answers[$0] ?? [])" })"
                )
            }
        }
    }

    /// Does one of `prefixes` start words (the vocabulary's count) in a quarter of the songs or more?
    static func startsWordsInAQuarterOfTheSongs(_ prefixes: [String], _ db: SoTubeDatabase) async throws -> Bool {
        try await db.backend.read { sql in
            let songs = try await sql.raw("SELECT count(*) AS n FROM tracks").first()?.decode(column: "n", as: Int.self)
            for prefix in prefixes {
                let words = try await sql.raw("SELECT word, documents FROM search_words").all()
                var documents = 0
                for row in words where try row.decode(column: "word", as: String.self).hasPrefix(prefix) {
                    documents += try row.decode(column: "documents", as: Int.self)
                }
                if documents * 4 >= songs ?? 0 { return true }
            }
            return false
        }
    }

    @Test func whichWordsAreCheckedOnRows() {
        #expect(StoreDialect.sqlite.shortPrefixPlaces(SearchQuery("none travel d")) == [2])
        #expect(StoreDialect.sqlite.shortPrefixPlaces(SearchQuery("a love")) == [0])
        #expect(StoreDialect.sqlite.shortPrefixPlaces(SearchQuery("ab cd")) == [], "no longer word to walk")
        #expect(StoreDialect.sqlite.shortPrefixPlaces(SearchQuery("lovely")) == [])
        #expect(StoreDialect.postgres.shortPrefixPlaces(SearchQuery("none travel d")) == [])
        #expect(
            StoreDialect.sqlite.matchExpression(SearchQuery("none travel d"), leaving: [2]) == "\"none\"* \"travel\"*")
    }

    /// PostgreSQL plans a search's statements once, except the full pass of a word and a two-letter
    /// prefix, whose best plan (probe the prefix for each of the word's songs, or merge the two lists) only
    /// the words' statistics tell (`StoreDialect.searchPlansOnce`); their names passes are planned once. A
    /// word and one letter walk the word alone in both passes (migration 31): planned once.
    @Test func whichSearchesArePlannedOnce() {
        let dialect = StoreDialect.postgres
        #expect(!dialect.searchPlansOnce(SearchQuery("rivorra sk")))
        #expect(!dialect.searchPlansOnce(SearchQuery("gr rivorra")))
        #expect(dialect.searchPlansOnce(SearchQuery("rivorra s")))
        #expect(dialect.searchPlansOnce(SearchQuery("g rivorra")))
        #expect(dialect.searchPlansOnce(SearchQuery("rivorra д")))
        #expect(!dialect.searchPlansOnce(SearchQuery("ri s")), "no longer word to walk")
        #expect(dialect.searchPlansOnce(SearchQuery("rivorra sky")))
        #expect(dialect.searchPlansOnce(SearchQuery("diamond paradise b")))
        #expect(dialect.searchPlansOnce(SearchQuery("midnight")))
        #expect(dialect.searchPlansOnce(SearchQuery("s")))
        // Names passes are planned once; the full pass of a word and two letters keeps its plans.
        #expect(dialect.searchPlansOnce(SearchQuery("rivorra s"), namesPass: true))
        #expect(dialect.searchPlansOnce(SearchQuery("rivorra д"), namesPass: true))
        #expect(dialect.searchPlansOnce(SearchQuery("rivorra sk"), namesPass: true))
        #expect(!dialect.searchPlansOnce(SearchQuery("rivorra sk"), namesPass: false))
    }
}
