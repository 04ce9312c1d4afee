import Foundation
import Logging
import SQLKit
import SoTubeCore
import SoTubeTestFixtures
import Testing

@testable import SoTubeStoreSQL

/// SQLite tests a query's short prefixes ("never sun m") on the songs' word-start bitmaps
/// (`WordStartBitmaps`) instead of walking the index for them: the same answers, page by page, and
/// kept with the catalog as songs are added, renamed and withdrawn, by this process or another.
@Suite struct SearchWordStartTests {
    /// The query mix with short words first and in the middle too, as well as last.
    static func queries(_ db: SoTubeDatabase) async throws -> [String] {
        let mix = try await SearchEngineParityTests.queries(db)
        let shuffled = mix.compactMap { text -> String? in
            let words = text.split(separator: " ")
            guard words.count > 1, let last = words.last else { return nil }
            return ([last.prefix(2)] + words.dropLast()).joined(separator: " ")
        }
        return mix + shuffled
    }

    static func writeCatalog(_ db: SoTubeDatabase) async throws {
        try await db.syntheticCatalog.write(
            tracks: SearchEngineParityTests.songs, artists: 60,
            mediaFiles: [(full: "synth/full-1.mp3", preview: "synth/preview-1.mp3")], now: TestEngine.now)
        _ = try await db.searchIndex.rebuild()
    }

    static func bitmaps(_ db: SoTubeDatabase) throws -> WordStartBitmaps {
        try #require((db.backend as? SQLiteBackend)?.wordStarts)
    }

    static func sqlite(_ db: SoTubeDatabase) throws -> SQLiteBackend {
        try #require(db.backend as? SQLiteBackend)
    }

    /// A store that tests every short prefix with a bitmap on them (the catalog is small: by default
    /// none would).
    static func always(_ db: SoTubeDatabase) -> SQLSearchStore {
        SQLSearchStore(backend: db.backend, shortPrefixMinimumSongs: 0, rareWordDocuments: 0, wordStartRatio: 0)
    }

    @Test func bitmapsGiveTheIndexWalksAnswers() async throws {
        try await TestEngine.sqlite.freshDatabase().use { db in
            try await Self.writeCatalog(db)
            #expect(try await Self.bitmaps(db).makeNow(using: Self.sqlite(db)))
            let queries = try await Self.queries(db)
            let search = Self.always(db)
            var (short, tested) = (0, 0)
            for text in queries where !StoreDialect.sqlite.shortPrefixPlaces(SearchQuery(text)).isEmpty {
                short += 1
                if try await search.wordStartFilter(SearchQuery(text), kinds: [.track]).filter != nil { tested += 1 }
            }
            #expect(short > 100)
            // Not in a catalog under 3M songs (`shortPrefixMinimumSongs`): its short prefixes' lists are short.
            for text in queries.prefix(60) {
                let filter = try await SQLSearchStore(backend: db.backend).wordStartFilter(
                    SearchQuery(text), kinds: [.track])
                #expect(filter.filter == nil && filter.rarest == nil, "\(text)")
            }
            // By default, for one longer word, only where it is in a hundred times fewer songs than a short
            // prefix (an artist's name and a letter, here); for more, where none is rare (none here):
            // fewer, but some.
            var byDefault = 0
            for text in queries
            where try await SQLSearchStore(backend: db.backend, shortPrefixMinimumSongs: 0).wordStartFilter(
                SearchQuery(text), kinds: [.track]
            )
            .filter
                != nil
            {
                byDefault += 1
            }
            // The densest 32 prefixes have bitmaps (`WordStartBitmaps.mostPrefixes`): every letter here,
            // and some of the two-letter ones.
            #expect(
                tested > 40 && tested * 3 >= short,
                "\(tested) of \(short) queries with a short prefix tested on bitmaps")
            #expect(byDefault > 0 && byDefault < tested, "\(byDefault) tested by default, \(tested) always")
            let walked = try await SearchEngineParityTests.answers(
                db, queries, search: SQLSearchStore(backend: db.backend, shortPrefixRowBound: 0, usesWordStarts: false))
            #expect(walked.values.filter { !$0.isEmpty }.count > 500, "the mix finds things")
            let answers = try await SearchEngineParityTests.answers(db, queries, search: search)
            let differing = walked.keys.sorted().filter { walked[$0] != answers[$0] }
            #expect(
                differing.isEmpty,
                "\(differing.count) answers differ, first: \(differing.prefix(3).map { "\($0): \(walked[$0] ?? []) vs \(answers[$0] ?? [])" })"
            )
        }
    }

    /// A song renamed, withdrawn and back, as an operator would: found (or not) at once by a query whose
    /// short prefix the bitmaps test, and the bitmaps stay in use.
    @Test func thisProcesssChangesAreFollowed() async throws {
        try await TestEngine.sqlite.freshDatabase().use { db in
            try await Self.writeCatalog(db)
            #expect(try await Self.bitmaps(db).makeNow(using: Self.sqlite(db)))
            let search = Self.always(db)
            let song = try #require(
                try await db.backend.read { try await $0.raw("SELECT id FROM tracks ORDER BY id LIMIT 1").first() }?
                    .decode(column: "id", as: String.self))
            func found(_ text: String) async throws -> Bool {
                let query = SearchQuery(text)
                #expect(
                    try await search.wordStartFilter(query, kinds: [.track]).filter != nil, "\(text): tested on bitmaps"
                )
                let hits = try await search.search(query, allowExplicit: true, limit: 50, offset: 0, kinds: [.track])
                return hits.trackIDs.contains(song)
            }
            try await Self.retitle(song, "Quokkaverse Sunrise", db)
            #expect(try await found("quokkaverse s"))
            #expect(try await found("s quokkaverse"))
            #expect(try await !found("quokkaverse m"))
            try await Self.retitle(song, "Quokkaverse Moonrise", db)
            #expect(try await found("quokkaverse m"))
            #expect(try await !found("quokkaverse s"))
            try await db.backend.transaction {
                try await $0.raw("UPDATE tracks SET withdrawn_at = 1 WHERE id = \(bind: song)").run()
            }
            try await db.searchIndex.index(.track, id: song)
            #expect(try await !found("quokkaverse m"))
            try await db.backend.transaction {
                try await $0.raw("UPDATE tracks SET withdrawn_at = NULL WHERE id = \(bind: song)").run()
            }
            try await db.searchIndex.index(.track, id: song)
            #expect(try await found("quokkaverse m"))
        }
    }

    /// A change made by another process (a second handle on the file) sets the bitmaps aside: searches
    /// walk and find it, until the bitmaps are made again, and then find it through them.
    @Test func anotherProcesssChangeSetsThemAside() async throws {
        let fresh = try await TestEngine.sqlite.freshDatabase()
        try await fresh.use { db in
            try await Self.writeCatalog(db)
            let bitmaps = try Self.bitmaps(db)
            #expect(try await bitmaps.makeNow(using: Self.sqlite(db)))
            let search = Self.always(db)
            let query = SearchQuery("quokkaverse m")
            #expect(try await search.wordStartFilter(query, kinds: [.track]).filter != nil)
            let song = try #require(
                try await db.backend.read {
                    try await $0.raw("SELECT id FROM tracks ORDER BY id DESC LIMIT 1").first()
                }?
                .decode(column: "id", as: String.self))
            let other = try await SoTubeDatabase.open(
                DatabaseSettings(location: fresh.location), now: TestEngine.now, logger: TestEngine.logger)
            do {
                try await Self.retitle(song, "Quokkaverse Moonrise", other)
            } catch {
                await other.shutdown()
                throw error
            }
            await other.shutdown()
            // A change of this process's after it waits for a generation it will never see applied.
            let mine = try #require(
                try await db.backend.read { try await $0.raw("SELECT id FROM tracks ORDER BY id LIMIT 1").first() }?
                    .decode(column: "id", as: String.self))
            try await Self.retitle(mine, "Zebrafinch Sunrise", db)
            let generation = try await db.backend.read { try await WordStartBitmaps.generation(on: $0) }
            #expect(bitmaps.needsMaking(generation: generation), "behind, with nothing of its own on the way")
            #expect(try await search.wordStartFilter(query, kinds: [.track]).filter == nil, "set aside")
            var hits = try await search.search(query, allowExplicit: true, limit: 20, offset: 0, kinds: [.track])
            #expect(hits.trackIDs == [song])
            #expect(try await bitmaps.makeNow(using: Self.sqlite(db)))
            #expect(try await search.wordStartFilter(query, kinds: [.track]).filter != nil, "made again")
            hits = try await search.search(query, allowExplicit: true, limit: 20, offset: 0, kinds: [.track])
            #expect(hits.trackIDs == [song])
        }
    }

    /// Bitmaps set aside under a query make it fail with an error the search knows, and asks again
    /// without them (`SQLSearchStore.laneCandidates`).
    @Test func bitmapsSetAsideUnderAQueryAreNoticed() async throws {
        try await TestEngine.sqlite.freshDatabase().use { db in
            try await Self.writeCatalog(db)
            let bitmaps = try Self.bitmaps(db)
            #expect(try await bitmaps.makeNow(using: Self.sqlite(db)))
            let search = Self.always(db)
            let query = try await #require(
                Self.queries(db).first { !StoreDialect.sqlite.shortPrefixPlaces(SearchQuery($0)).isEmpty })
            let filter = try #require(try await search.wordStartFilter(SearchQuery(query), kinds: [.track]).filter)
            bitmaps.setAside()
            await #expect {
                _ = try await search.laneCandidates(
                    SearchQuery(query), allowExplicit: true, cap: 300, top: 20, kinds: [.track], wordStarts: filter)
            } throws: { SQLSearchStore.isStale($0) }
            let walked = try await SQLSearchStore(backend: db.backend, usesWordStarts: false).search(
                SearchQuery(query), allowExplicit: true, limit: 20, offset: 0, kinds: [.track])
            let asked = try await search.search(
                SearchQuery(query), allowExplicit: true, limit: 20, offset: 0, kinds: [.track])
            #expect(asked.trackIDs == walked.trackIDs && !walked.trackIDs.isEmpty)
        }
    }

    /// The SQL function answers each hit's bit, and refuses what is not four integers or names no
    /// store's bitmaps, with an error rather than a crash.
    @Test func theFunctionTestsBitsAndRefusesOtherArguments() async throws {
        try await TestEngine.sqlite.freshDatabase().use { db in
            try await Self.writeCatalog(db)
            let bitmaps = try Self.bitmaps(db)
            #expect(try await bitmaps.makeNow(using: Self.sqlite(db)))
            let number = try #require(Self.sqlite(db).wordStartNumber)
            var found: WordStartFilter?
            for text in try await Self.queries(db) where found == nil {
                found = try await Self.always(db).wordStartFilter(SearchQuery(text), kinds: [.track]).filter
            }
            let filter = try #require(found)
            let bitmap = try #require(filter.titles.first)
            let (lo, hi) = SearchRanking.Bands.range(.track, allowExplicit: true)
            let (marked, unmarked) = try await db.backend.read { sql in
                let rows = try await sql.raw(
                    """
                    SELECT sum(sotube_word_start(doc_id, \(literal: bitmap), \(literal: filter.generation), \(literal: number)))
                        AS marked, count(*) AS songs FROM search_documents WHERE doc_id >= \(bind: lo) AND doc_id < \(bind: hi)
                    """
                ).first()
                let marked = try rows?.decode(column: "marked", as: Int.self) ?? 0
                return (marked, try (rows?.decode(column: "songs", as: Int.self) ?? 0) - marked)
            }
            // Some titles have a word starting with `m`, some not: the function tells them apart.
            #expect(marked > 0 && unmarked > 0, "\(marked) titles with an m-word, \(unmarked) without")
            let generation = filter.generation
            for (arguments, message) in [
                ("1, 0, \(generation), 'x'", "four integers expected"),
                ("1, 0, \(generation)", "wrong number of arguments"),
                ("1, 0, \(generation), \(number + 1_000_000)", WordStartBitmaps.Stale.message),
                ("1, 0, \(generation + 1), \(number)", WordStartBitmaps.Stale.message),
            ] {
                await #expect("\(arguments)") {
                    _ = try await db.backend.read {
                        try await $0.raw(SQLQueryString("SELECT sotube_word_start(\(arguments)) AS bit")).first()
                    }
                } throws: { String(describing: $0).contains(message) }
            }
        }
    }

    /// The server makes them at start only for a catalog where searches use them (3M songs or more):
    /// a smaller one's scan would be held for nothing.
    @Test func madeAtStartOnlyWhereSearchesUseThem() async throws {
        try await TestEngine.sqlite.freshDatabase().use { db in
            try await Self.writeCatalog(db)
            let bitmaps = try Self.bitmaps(db)
            try await SQLSearchStore(backend: db.backend).prepareWordStarts(logger: Logger(label: "test"))
            #expect(!bitmaps.isMaking && bitmaps.bytes == 0)
            try await SQLSearchStore(backend: db.backend, shortPrefixMinimumSongs: 0).prepareWordStarts(
                logger: Logger(label: "test"))
            #expect(bitmaps.isMaking || bitmaps.bytes > 0)
        }
    }

    @Test func prefixesStartingWords() {
        let index = WordStartIndex(prefixes: ["m", "mo", "д", "s", "x"], generation: 0)
        let numbers = { (text: String) in Set(index.prefixNumbers(of: text)) }
        let m = index.prefixes[WordStartIndex.key("m")!]!
        let mo = index.prefixes[WordStartIndex.key("mo")!]!
        let d = index.prefixes[WordStartIndex.key("д")!]!
        let s = index.prefixes[WordStartIndex.key("s")!]!
        #expect(numbers("moon river") == [m, mo])
        #expect(numbers("m") == [m], "a word of one letter")
        #expect(numbers("summer amo") == [s], "only where a word starts")
        #expect(numbers("день x").contains(d))
        #expect(numbers("") == [])
        #expect(WordStartIndex.key("abc") == nil && WordStartIndex.key("") == nil)
    }

    /// A slot reserved for its last song holds every song up to it without growing; one past it grows
    /// the slot, and is held too.
    @Test func aReservedSlotHoldsItsSongsWithoutGrowing() throws {
        var index = WordStartIndex(prefixes: ["m", "s"], generation: 0)
        let all = try #require(index.bitmap("m", scope: .all))
        let band = SearchRanking.Bands.band(.track, explicit: false)
        let first = SearchRanking.Bands.slotStart(band: band, name: "moon") + 1
        index.reserve(through: first + 999)
        // 4 bitmaps (2 prefixes, 2 scopes) of 16 words of 64 songs.
        #expect(index.bytes == 4 * 16 * 8)
        for offset in [0, 500, 999] {
            let held = index.add(docID: first + Int64(offset), name: "moon", context: "")
            #expect(held)
        }
        #expect(index.bytes == 4 * 16 * 8)
        let past = index.add(docID: first + 5_000, name: "moon", context: "")
        #expect(past)
        #expect(index.bytes > 4 * 16 * 8)
        for offset in [0, 500, 999, 5_000] { #expect(index.contains(docID: first + Int64(offset), bitmap: all)) }
        #expect(!index.contains(docID: first + 1, bitmap: all))
        // Reserved again, further: the songs it holds keep their bits.
        index.reserve(through: first + 20_000)
        for offset in [0, 500, 999, 5_000] { #expect(index.contains(docID: first + Int64(offset), bitmap: all)) }
        #expect(index.bytes == 4 * 313 * 8)
    }

    @Test func songsInEverySlotAreHeldAndCleared() throws {
        var index = WordStartIndex(prefixes: ["m", "s"], generation: 0)
        let titles = try #require(index.bitmap("m", scope: .titles))
        let all = try #require(index.bitmap("m", scope: .all))
        #expect(index.bitmap("q", scope: .titles) == nil)
        let band = SearchRanking.Bands.band(.track, explicit: false)
        let short = SearchRanking.Bands.slotStart(band: band, name: "moon") + 1
        let long = SearchRanking.Bands.slotStart(band: band, name: "a song with a long name") + 700
        let added = [
            index.add(docID: short, name: "moon", context: "the artist"),
            index.add(docID: long, name: "a song with a long name", context: "mia"),
        ]
        #expect(added == [true, true])
        #expect(index.contains(docID: short, bitmap: titles) && index.contains(docID: short, bitmap: all))
        #expect(!index.contains(docID: long, bitmap: titles) && index.contains(docID: long, bitmap: all))
        #expect(!index.contains(docID: long + 1, bitmap: all) && !index.contains(docID: 5, bitmap: all))
        #expect(!index.contains(docID: -1, bitmap: all) && !index.contains(docID: short, bitmap: 99))
        index.remove(docID: long)
        #expect(!index.contains(docID: long, bitmap: all) && index.contains(docID: short, bitmap: all))
        let tooFar = index.add(docID: short - 1 + WordStartIndex.largestNumber, name: "moon", context: "")
        #expect(!tooFar, "numbered past what a slot holds")
    }

    static func retitle(_ song: String, _ title: String, _ db: SoTubeDatabase) async throws {
        try await db.backend.transaction {
            try await $0.raw("UPDATE tracks SET title = \(bind: title) WHERE id = \(bind: song)").run()
        }
        try await db.searchIndex.index(.track, id: song)
    }
}
