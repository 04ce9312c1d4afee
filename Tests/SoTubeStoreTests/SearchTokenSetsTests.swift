import Foundation
import SQLKit
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// PostgreSQL's token sets (`search_token_sets`, migration 25): the names pass over songs asks them
/// first and walks `search_tokens` when they hold many (`StoreDialect.searchCandidates`), and a word
/// that starts another of the query's is not looked up (`SearchTokens.lookedUp`). The answers are
/// SQLite's, page by page, whichever branch a query takes; the sets hold each document's tokens as
/// `search_tokens` does, after a rebuild and after documents are added, changed and removed.
@Suite struct SearchTokenSetsTests {
    @Test(.enabled(if: TestEngine.postgresURL != nil)) func theSetsGiveTheWalksAnswers() async throws {
        // SQLite's answers (FTS5, every word looked up) are the reference.
        let (queries, reference) = try await TestEngine.sqlite.freshDatabase().use { db in
            try await Self.catalog(db)
            let mix = try await SearchEngineParityTests.queries(db)
            // Words in another order; a word that starts another ("diamond paradise b d").
            let more = mix.flatMap { text -> [String] in
                let words = text.split(separator: " ")
                guard words.count > 1, let first = words.first else { return [] }
                return [(words.dropFirst() + [first.prefix(3)]).joined(separator: " "), text + " " + first.prefix(1)]
            }
            let queries = mix + more
            return (queries, try await SearchEngineParityTests.answers(db, queries))
        }
        let twoWords = queries.filter { SearchTokens.lookedUp(SearchQuery($0)).count > 1 }
        #expect(twoWords.count > 150)
        // The full pass asks the sets for three words or more.
        #expect(queries.filter { SearchTokens.lookedUp(SearchQuery($0)).count > 2 }.count > 50)
        #expect(
            twoWords.filter { !(reference["\($0)|0|true"] ?? []).isEmpty }.count > 100, "two-word queries find things")
        #expect(
            queries.filter { SearchTokens.lookedUp(SearchQuery($0)).count < Set(SearchQuery($0).terms).count }.count
                > 100)
        try await TestEngine.postgres.freshDatabase().use { db in
            try await Self.catalog(db)
            // The walk alone; the default (the sets answer whole at this size); a bound most queries
            // exceed (the walk after the sets). The sets are asked for two looked-up words or more
            // (`asksTokenSets`): a single word walks whatever the bound, so the walk alone asks it.
            for bound in [0, 3_000, 3] {
                let asked = bound == 0 ? queries : twoWords
                let answers = try await SearchEngineParityTests.answers(
                    db, asked, search: SQLSearchStore(backend: db.backend, tokenSetBound: bound))
                #expect(answers.count == Set(asked).count * 3)
                let differing = answers.keys.sorted().filter { reference[$0] != answers[$0] }
                #expect(
                    differing.isEmpty,
                    "bound \(bound): \(differing.count) answers differ, first: \(differing.prefix(3).map { "\($0): \(reference[$0] ?? []) vs \(answers[$0] ?? [])" })"
                )
            }
        }
    }

    static func catalog(_ db: SoTubeDatabase) async throws {
        try await db.syntheticCatalog.write(
            tracks: SearchEngineParityTests.songs, artists: 60,
            mediaFiles: [(full: "synth/full-1.mp3", preview: "synth/preview-1.mp3")], now: TestEngine.now)
        _ = try await db.searchIndex.rebuild()
    }

    @Test func aWordThatStartsAnotherIsNotLookedUp() {
        #expect(SearchTokens.lookedUp(SearchQuery("Shadow S")) == ["shadow"])
        #expect(SearchTokens.lookedUp(SearchQuery("da day")) == ["day"])
        #expect(SearchTokens.lookedUp(SearchQuery("tomorrow tomor")) == ["tomorr"], "a long word is cut first")
        #expect(SearchTokens.lookedUp(SearchQuery("storm fire s")) == ["storm", "fire"])
        #expect(SearchTokens.lookedUp(SearchQuery("sun m")) == ["sun", "m"])
        #expect(SearchTokens.lookedUp(SearchQuery("love love")) == ["love"])
    }

    @Test(.enabled(if: TestEngine.postgresURL != nil)) func theSetsFollowTheDocuments() async throws {
        try await TestEngine.postgres.freshDatabase().use { db in
            try await db.syntheticCatalog.write(
                tracks: 300, artists: 20,
                mediaFiles: [(full: "synth/full-1.mp3", preview: "synth/preview-1.mp3")], now: TestEngine.now)
            _ = try await db.searchIndex.rebuild()
            #expect(try await Self.differences(db) == Differences(sets: Self.documents(db), missing: 0, extra: 0))
            let search = SQLSearchStore(backend: db.backend)
            func songs(_ text: String) async throws -> [String] {
                try await search.search(SearchQuery(text), allowExplicit: true, limit: 20, offset: 0).trackIDs
            }
            let song = try await db.backend.read { sql in
                try await sql.raw("SELECT id FROM tracks ORDER BY id LIMIT 1").first()?.decode(
                    column: "id", as: String.self)
            }
            let id = try #require(song)
            // A song renamed and indexed again: its old document removed, the new one added.
            try await db.backend.transaction { sql in
                try await sql.raw("UPDATE tracks SET title = 'Wombat Quokka Tango' WHERE id = \(bind: id)").run()
            }
            try await SQLSearchIndex(backend: db.backend).index(.track, id: id)
            #expect(try await songs("quokka wombat") == [id])
            #expect(try await songs("tango wom") == [id])
            // A document changed in place, and one removed, by hand.
            try await db.backend.transaction { sql in
                try await sql.raw(
                    """
                    UPDATE search_documents SET name = 'platypus quokka tango'
                    WHERE doc_id = (SELECT min(doc_id) FROM search_documents WHERE name = 'wombat quokka tango')
                    """
                ).run()
                try await sql.raw(
                    "DELETE FROM search_documents WHERE doc_id = (SELECT max(doc_id) FROM search_documents)"
                ).run()
            }
            #expect(try await songs("quokka wom").isEmpty)
            #expect(try await songs("quokka platyp") == [id])
            #expect(try await Self.differences(db) == Differences(sets: Self.documents(db), missing: 0, extra: 0))
        }
    }

    /// A rebuild makes the sets' indexes again as the migrations made them, albums' names' own among
    /// them (migration 26).
    @Test(.enabled(if: TestEngine.postgresURL != nil)) func aRebuildKeepsTheSetsIndexes() async throws {
        try await TestEngine.postgres.freshDatabase().use { db in
            func indexes() async throws -> [String] {
                try await db.backend.read { sql in
                    try await sql.raw(
                        "SELECT indexdef FROM pg_indexes WHERE tablename = 'search_token_sets' ORDER BY indexname"
                    ).all().map { try $0.decode(column: "indexdef", as: String.self) }
                }
            }
            let migrated = try await indexes()
            #expect(migrated.contains { $0.contains("search_token_sets_album_names") && $0.contains("WHERE") })
            try await Self.catalog(db)
            #expect(try await indexes() == migrated)
        }
    }

    struct Differences: Equatable {
        var sets: Int
        var missing: Int
        var extra: Int
    }

    /// Documents that have tokens.
    static func documents(_ db: SoTubeDatabase) async throws -> Int {
        try await db.backend.read { sql in
            try await sql.raw("SELECT COUNT(DISTINCT doc_id) AS n FROM search_tokens").first()?.decode(
                column: "n", as: Int.self) ?? -1
        }
    }

    /// How `search_token_sets` differs from the sets `search_tokens` makes: rows in all, and documents
    /// whose sets are missing or wrong, and extra.
    static func differences(_ db: SoTubeDatabase) async throws -> Differences {
        try await db.backend.read { sql in
            let row = try await sql.raw(
                """
                WITH want AS (
                    SELECT doc_id,
                        coalesce(array_agg(token ORDER BY token) FILTER (WHERE name_letters <> 0), '{}') AS n,
                        array_agg(token ORDER BY token) AS a
                    FROM search_tokens GROUP BY doc_id),
                have AS (
                    SELECT doc_id, ARRAY(SELECT x FROM unnest(name_tokens) x ORDER BY x) AS n,
                        ARRAY(SELECT x FROM unnest(tokens) x ORDER BY x) AS a
                    FROM search_token_sets)
                SELECT (SELECT COUNT(*) FROM have) AS sets,
                    (SELECT COUNT(*) FROM (SELECT * FROM want EXCEPT SELECT * FROM have) x) AS missing,
                    (SELECT COUNT(*) FROM (SELECT * FROM have EXCEPT SELECT * FROM want) y) AS extra
                """
            ).first()
            return Differences(
                sets: try row?.decode(column: "sets", as: Int.self) ?? -1,
                missing: try row?.decode(column: "missing", as: Int.self) ?? -1,
                extra: try row?.decode(column: "extra", as: Int.self) ?? -1)
        }
    }
}
