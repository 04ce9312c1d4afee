import Foundation
import SQLKit
import SoTubeCore
import SoTubeTestFixtures
import Testing

@testable import SoTubeStoreSQL

/// SQLite: the songs' names pass of two longer words or more reads the titles' word pairs
/// (`search_title_pairs`, migration 33): the answers are those of the titles' index walk, and the pairs
/// follow each song's changes, the migration and a rebuild.
@Suite struct SearchTitlePairsStoreTests {
    /// The pair tokens `search_title_pairs` holds for each document (from its index).
    static func held(on backend: any SQLBackend) async throws -> [Int64: Set<String>] {
        try await backend.transaction { sql in
            try await sql.raw(
                "CREATE VIRTUAL TABLE temp.pairs_held USING fts5vocab(main, search_title_pairs, instance)"
            ).run()
            var held: [Int64: Set<String>] = [:]
            for row in try await sql.raw("SELECT term, doc FROM temp.pairs_held").all() {
                held[try row.decode(column: "doc", as: Int64.self), default: []].insert(
                    try row.decode(column: "term", as: String.self))
            }
            try await sql.raw("DROP TABLE temp.pairs_held").run()
            try await sql.raw("INSERT INTO search_title_pairs(search_title_pairs) VALUES('integrity-check')").run()
            return held
        }
    }

    /// What the index should hold: each song's title pairs, from `search_documents`.
    static func expected(on backend: any SQLBackend) async throws -> [Int64: Set<String>] {
        try await backend.read { sql in
            var expected: [Int64: Set<String>] = [:]
            for row in try await sql.raw("SELECT doc_id, name FROM search_documents WHERE kind = 'track'").all() {
                let tokens = SearchTitlePairs.tokens(ofNormalized: try row.decode(column: "name", as: String.self))
                guard !tokens.isEmpty else { continue }
                expected[try row.decode(column: "doc_id", as: Int64.self)] = Set(
                    tokens.split(separator: " ").map(String.init))
            }
            return expected
        }
    }

    static func expectPairsHeld(_ backend: any SQLBackend, sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let held = try await held(on: backend)
        let expected = try await expected(on: backend)
        #expect(!expected.isEmpty, sourceLocation: sourceLocation)
        #expect(
            held == expected, "\(held.count) documents held, \(expected.count) expected", sourceLocation: sourceLocation
        )
    }

    static func tracks(_ text: String, pairs: Bool = true, on backend: any SQLBackend) async throws -> [String] {
        try await SQLSearchStore(backend: backend, titlePairs: pairs).search(
            SearchQuery(text), allowExplicit: true, limit: 20, offset: 0
        ).trackIDs
    }

    /// Two or three words of a title in any order, the last cut to two letters or more; a word of each
    /// of two titles; the same with a one-letter word after them.
    static func queries(fromTitles titles: [[String]], random: inout SplitMix64) -> [String] {
        let long = titles.filter { $0.count >= 2 }
        guard !long.isEmpty else { return [] }
        func pick(_ words: [String]) -> String { words[Int(random.next() % UInt64(words.count))] }
        var queries: [String] = []
        for index in 0..<240 {
            let title = long[Int(random.next() % UInt64(long.count))]
            var words = (0..<(2 + Int(random.next() % 2))).map { _ in pick(title) }
            switch index % 4 {
            case 0: words[words.count - 1] = String(words[words.count - 1].prefix(2 + Int(random.next() % 5)))
            case 1: words = [pick(title), pick(long[Int(random.next() % UInt64(long.count))])]
            case 2: words.append(String(pick(title).prefix(1)))
            default: break
            }
            queries.append(words.joined(separator: " "))
        }
        return queries
    }

    /// The songs the names pass finds from the pairs alone (the full pass after it would find songs the
    /// pairs missed, through their titles in the full index).
    static func fromPairs(_ text: String, on backend: any SQLBackend) async throws -> [String] {
        let query = SearchQuery(text)
        let words = try #require(SearchTitlePairs.pairedWords(query.terms))
        let (lo, hi) = SearchRanking.Bands.range(.track, allowExplicit: true)
        let sql = backend.dialect.searchCandidates(
            query, kind: .track, lo: lo, hi: hi, cap: SQLSearchStore.candidateCap, nameOnly: true, top: 20,
            titlePairs: SearchTitlePairs.queryTokens(words))
        return try await backend.read { db in
            try await db.raw(sql).all().map { try $0.decode(column: "entity_id", as: String.self) }
        }
    }

    @Test func pairsGiveTheAnswersOfTheTitlesWalk() async throws {
        try await TestEngine.sqlite.freshDatabase().use { db in
            try await SearchEngineParityTests.writeCatalog(db)
            try await Self.expectPairsHeld(db.backend)
            let titles = try await db.backend.read { sql in
                try await sql.raw("SELECT title FROM tracks ORDER BY id").all().map {
                    SearchText.words(try $0.decode(column: "title", as: String.self))
                }
            }
            // Two or three words of a title, the last cut; words of two titles; a short prefix with them.
            var random = SplitMix64(seed: 133)
            var queries = Self.queries(fromTitles: titles, random: &random)
            queries += try await SearchEngineParityTests.queries(db)
            let paired = queries.filter { SearchTitlePairs.pairedWords(SearchQuery($0).terms) != nil }
            #expect(paired.count >= 150, "\(paired.count) queries read the pairs")
            let walked = try await SearchEngineParityTests.answers(
                db, queries, search: SQLSearchStore(backend: db.backend, titlePairs: false))
            let fromPairs = try await SearchEngineParityTests.answers(
                db, queries, search: SQLSearchStore(backend: db.backend))
            let found = paired.filter { !(walked["\($0)|0|true"] ?? []).isEmpty }.count
            #expect(found >= 100, "\(found) of the paired queries find something")
            let differing = walked.keys.sorted().filter { walked[$0] != fromPairs[$0] }
            #expect(
                differing.isEmpty,
                "\(differing.count) answers differ, first: \(differing.prefix(3).map { "\($0): \(walked[$0] ?? []) vs \(fromPairs[$0] ?? [])" })"
            )
        }
    }

    @Test func thePairsFollowEachSongsChanges() async throws {
        try await TestEngine.sqlite.freshDatabase().use { db in
            try await CatalogFixture.install(on: db.backend)
            let song = try await IndexedSong.add(title: "Zzyzx Road Trip", to: db)
            try await Self.expectPairsHeld(db.backend)
            #expect(try await Self.tracks("zzyzx trip", on: db.backend) == ["x1"])
            #expect(try await Self.tracks("trip zzy", on: db.backend) == ["x1"])

            try await song.update("UPDATE tracks SET title = 'Quokka Road Trip' WHERE id = 'x1'")
            try await Self.expectPairsHeld(db.backend)
            #expect(try await Self.tracks("zzyzx trip", on: db.backend).isEmpty)
            #expect(try await Self.tracks("quokka road", on: db.backend) == ["x1"])
            #expect(try await Self.tracks("road quo", on: db.backend) == ["x1"])
            #expect(try await Self.fromPairs("road quo", on: db.backend) == ["x1"])

            // A title of more words than are paired is found all the same.
            let long = (1...30).map { "Word\($0)" }.joined(separator: " ")
            try await song.update("UPDATE tracks SET title = \(bind: long) WHERE id = 'x1'")
            try await Self.expectPairsHeld(db.backend)
            #expect(try await Self.tracks("word7 word29", on: db.backend) == ["x1"])
            #expect(try await Self.fromPairs("word7 word29", on: db.backend) == ["x1"])
            #expect(try await Self.fromPairs("word7 word29 zzyzx", on: db.backend).isEmpty)
            #expect(try await Self.tracks("word7 word29 zzyzx", on: db.backend).isEmpty)

            try await song.update("DELETE FROM tracks WHERE id = 'x1'")
            try await Self.expectPairsHeld(db.backend)
            #expect(try await Self.tracks("quokka road", on: db.backend).isEmpty)

            // A rebuild fills them again; the migration from version 32 as well.
            try await song.index.rebuild()
            try await Self.expectPairsHeld(db.backend)
            try await db.backend.transaction { sql in
                try await sql.raw("DROP TABLE search_title_pairs").run()
                try await sql.raw("DELETE FROM schema_migrations WHERE version >= 33").run()
            }
            let applied = try await db.migrate(now: TestEngine.now, logger: TestEngine.logger)
            #expect(applied.first == "33 title pairs", "then any later ones")
            try await Self.expectPairsHeld(db.backend)
            #expect(try await Self.tracks("hells bells", on: db.backend) == ["t7"])
        }
    }
}
