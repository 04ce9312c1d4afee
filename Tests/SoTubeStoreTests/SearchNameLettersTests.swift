import Foundation
import SQLKit
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// PostgreSQL's passes for a word and a one-letter prefix ("road s") walk the word's entries and check the
/// letter by the `name_letters` (names pass, migration 27) or `letters` (full pass, migration 31) of each:
/// the answers are SQLite's for every letter, whether it has a bit of its own (a–z) or shares one (`д`,
/// `й`, `é`, digits); the bits are the ones Swift reads a query's letter as; and the triggers and a
/// rebuild keep them with the names and contexts (`name_letters` 0 off the name).
@Suite struct SearchNameLettersTests {
    @Test func wordAndLetterQueriesAreRecognised() {
        #expect(StoreDialect.nameLetter(SearchQuery("Road S")) == "s")
        #expect(StoreDialect.nameLetter(SearchQuery("s road")) == "s")
        #expect(StoreDialect.nameLetter(SearchQuery("Müller З")) == "з")
        #expect(StoreDialect.nameLetter(SearchQuery("road so")) == nil, "two letters: the token is looked up")
        #expect(StoreDialect.nameLetter(SearchQuery("ro s")) == nil, "no longer word to walk")
        #expect(StoreDialect.nameLetter(SearchQuery("road song s")) == nil)
        #expect(StoreDialect.nameLetter(SearchQuery("shadow s")) == nil, "`s` starts `shadow`: one token")
        #expect(SearchTokens.isOwnNameLetter("a") && SearchTokens.isOwnNameLetter("z"))
        #expect(!SearchTokens.isOwnNameLetter("д") && !SearchTokens.isOwnNameLetter("0"))
        // д and й share a bit; a and z have their own.
        #expect(SearchTokens.nameLetterBit("д") == SearchTokens.nameLetterBit("й"))
        #expect(SearchTokens.nameLetterBit("a") == 1 && SearchTokens.nameLetterBit("z") == 1 << 25)
    }

    @Test(.enabled(if: TestEngine.postgresURL != nil)) func theBitsAreSwiftsReading() async throws {
        try await TestEngine.postgres.freshDatabase().use { db in
            let names = ["a", "z", "m", "é", "д", "й", "ж", "0", "9", "ß", "中", "road song", "road  дом 7", ""]
            for name in names {
                let sql = try await db.backend.read { sql in
                    try await sql.raw("SELECT search_name_letters(\(bind: name)) AS b").first()?.decode(
                        column: "b", as: Int32.self)
                }
                let words = name.split(separator: " ").compactMap { $0.unicodeScalars.first }
                let swift = words.reduce(Int32(0)) { $0 | SearchTokens.nameLetterBit($1) }
                #expect(sql == swift, "\(name)")
            }
        }
    }

    @Test(.enabled(if: TestEngine.postgresURL != nil)) func aWordAndALetterFindWhatSQLiteFinds() async throws {
        let (queries, reference) = try await TestEngine.sqlite.freshDatabase().use { db in
            try await SearchTokenSetsTests.catalog(db)
            let queries = try await Self.queries(db)
            return (queries, try await SearchEngineParityTests.answers(db, queries))
        }
        #expect(queries.count > 150)
        #expect(queries.allSatisfy { StoreDialect.nameLetter(SearchQuery($0)) != nil })
        let found = queries.filter { !(reference["\($0)|0|true"] ?? []).isEmpty }
        #expect(found.count > 100, "letters meet the words")
        #expect(found.count < queries.count, "and some never do")
        try await TestEngine.postgres.freshDatabase().use { db in
            try await SearchTokenSetsTests.catalog(db)
            let answers = try await SearchEngineParityTests.answers(db, queries)
            let differing = reference.keys.sorted().filter { reference[$0] != answers[$0] }
            #expect(
                differing.isEmpty,
                "\(differing.count) answers differ, first: \(differing.prefix(3).map { "\($0): \(reference[$0] ?? []) vs \(answers[$0] ?? [])" })"
            )
        }
    }

    /// The catalog's four commonest title words, each with every letter a–z and every other first
    /// character of the catalog's words, after the word and before it (but a letter that starts it).
    static func queries(_ db: SoTubeDatabase) async throws -> [String] {
        let titles = try await db.backend.read { sql in
            try await sql.raw("SELECT title FROM tracks").all().map { try $0.decode(column: "title", as: String.self) }
        }
        let words = titles.flatMap { $0.lowercased().split(separator: " ").map(String.init) }
        var counts: [String: Int] = [:]
        for word in words where word.unicodeScalars.count > 2 { counts[word, default: 0] += 1 }
        let common = counts.sorted { ($0.value, $0.key) > ($1.value, $1.key) }.prefix(4).map(\.key)
        let others = Set(words.compactMap(\.unicodeScalars.first).filter { !SearchTokens.isOwnNameLetter($0) })
        let letters = (97...122).compactMap(Unicode.Scalar.init).map(String.init) + others.map(String.init).sorted()
        // A letter that starts the word is not looked up ("road r" is "road").
        return common.flatMap { word in letters.flatMap { ["\(word) \($0)", "\($0) \(word)"] } }
            .filter { StoreDialect.nameLetter(SearchQuery($0)) != nil }
    }

    @Test(.enabled(if: TestEngine.postgresURL != nil)) func theBitsFollowTheNames() async throws {
        try await TestEngine.postgres.freshDatabase().use { db in
            func wrong() async throws -> Int? {
                try await db.backend.read { sql in
                    try await sql.raw(
                        """
                        SELECT count(*) AS n FROM search_tokens t JOIN search_documents d ON d.doc_id = t.doc_id
                        WHERE t.letters <> search_name_letters(d.name || ' ' || d.context)
                            OR t.name_letters <> CASE WHEN EXISTS (SELECT 1 FROM search_tokens_of(d.name, d.context) f
                                WHERE f.token = t.token AND f.in_name) THEN search_name_letters(d.name) ELSE 0 END
                        """
                    ).first()?.decode(column: "n", as: Int.self)
                }
            }
            // Written at once by a rebuild.
            try await db.syntheticCatalog.write(
                tracks: 200, artists: 10,
                mediaFiles: [(full: "synth/full-1.mp3", preview: "synth/preview-1.mp3")], now: TestEngine.now)
            _ = try await db.searchIndex.rebuild()
            #expect(try await SearchTokenSetsTests.documents(db) > 200)
            #expect(try await wrong() == 0)
            // Written by the triggers, document by document: songs renamed and indexed again.
            let ids = try await db.backend.read { sql in
                try await sql.raw("SELECT id FROM tracks ORDER BY id LIMIT 3").all().map {
                    try $0.decode(column: "id", as: String.self)
                }
            }
            #expect(ids.count == 3)
            for (id, title) in zip(ids, ["Wombat Дом", "Été 7 Quokka", "Zebra Yak"]) {
                try await db.backend.transaction { sql in
                    try await sql.raw("UPDATE tracks SET title = \(bind: title) WHERE id = \(bind: id)").run()
                }
                try await SQLSearchIndex(backend: db.backend).index(.track, id: id)
            }
            #expect(try await wrong() == 0)
            // A document changed in place, by hand.
            try await db.backend.transaction { sql in
                try await sql.raw(
                    "UPDATE search_documents SET name = 'quokka дом' WHERE doc_id = (SELECT min(doc_id) FROM search_documents)"
                ).run()
            }
            #expect(try await wrong() == 0)
            let search = SQLSearchStore(backend: db.backend)
            func names(_ text: String) async throws -> Int {
                let hits = try await search.search(SearchQuery(text), allowExplicit: true, limit: 20, offset: 0)
                return hits.trackIDs.count + hits.albumIDs.count + hits.artistIDs.count + hits.playlistIDs.count
            }
            func songs(_ text: String) async throws -> [String] {
                try await search.search(SearchQuery(text), allowExplicit: true, limit: 20, offset: 0).trackIDs
            }
            #expect(try await names("quokka д") == 1)
            #expect(try await names("quokka й") == 0, "й shares д's bit")
            #expect(try await songs("wombat д") == [ids[0]])
            #expect(try await songs("wombat й").isEmpty)
            #expect(try await songs("quokka 7") == [ids[1]])
            #expect(try await songs("quokka é") == [ids[1]])
            #expect(try await songs("zebra y") == [ids[2]])
            // Written at once by a rebuild, again.
            _ = try await db.searchIndex.rebuild()
            #expect(try await wrong() == 0)
        }
    }
}
