import Foundation
import SQLKit
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// PostgreSQL's whole search index rebuild (`SearchTokens`): bulk work, not a request, so it is not cut
/// short by the statement timeout meant for requests (at a million songs `sotube catalog synth` failed
/// at the 30 s default), and the tokens it writes at once are the ones the triggers write one document
/// at a time (`search_tokens_of`, migration 24).
@Suite struct SearchTokensRebuildTests {
    static let songs = 3_000

    /// A fresh PostgreSQL database holding the synthetic catalog, its index not built yet.
    static func catalogURL() async throws -> String? {
        guard let url = try await TestEngine.postgres.freshDatabaseURL() else { return nil }
        let setup = try await SoTubeDatabase.open(
            DatabaseSettings(location: url), now: TestEngine.now, logger: TestEngine.logger, migrate: true)
        try await setup.syntheticCatalog.write(
            tracks: songs, artists: 40, mediaFiles: [(full: "synth/full-1.mp3", preview: "synth/preview-1.mp3")],
            now: TestEngine.now)
        await setup.shutdown()
        return url
    }

    @Test(.enabled(if: TestEngine.postgresURL != nil)) func aRebuildLongerThanTheStatementTimeoutFinishes()
        async throws
    {
        guard let url = try await Self.catalogURL() else { return }
        // 200 ms: writing 3,000 songs' tokens is one statement of about 500 ms on an idle 2-core machine
        // (longer on a busy one). With 20 ms the test failed once in the whole suite's run, a PostgreSQL
        // error while other tests kept the cores busy: the trivial statements around the rebuild (the
        // pool's first `SELECT 1`, `BEGIN`) must finish within the timeout too.
        let store = try await SoTubeDatabase.open(
            DatabaseSettings(location: url, statementTimeoutMs: 200), now: TestEngine.now, logger: TestEngine.logger,
            migrate: false)
        do {
            let documents = try await store.searchIndex.rebuild()
            #expect(documents > Self.songs)
        } catch {
            // PostgresNIO's errors describe themselves generically; the reflection names the statement's error.
            Issue.record("the rebuild failed: \(String(reflecting: error))")
        }
        await store.shutdown()
        // The check runs with the default timeout: a search on a busy machine can outlast 200 ms too.
        let reader = try await SoTubeDatabase.open(
            DatabaseSettings(location: url), now: TestEngine.now, logger: TestEngine.logger, migrate: false)
        let hits = try await SQLSearchStore(backend: reader.backend).search(
            SearchQuery("a"), allowExplicit: true, limit: 5, offset: 0, kinds: SearchKind.allCases)
        #expect(hits.trackIDs.count == 5, "the rebuilt index answers")
        await reader.shutdown()
    }

    @Test(.enabled(if: TestEngine.postgresURL != nil)) func aRebuildWritesTheTokensTheTriggersWrite() async throws {
        guard let url = try await Self.catalogURL() else { return }
        let store = try await SoTubeDatabase.open(
            DatabaseSettings(location: url), now: TestEngine.now, logger: TestEngine.logger, migrate: false)
        try await store.searchIndex.rebuild()
        // Twice: the second replaces the first's table.
        try await store.searchIndex.rebuild()
        let counts = try await store.backend.read { db in
            // The triggers' rows (migration 31): a token's name letters (0 off the name), and all its letters.
            let one = """
                SELECT t.token, d.doc_id, CASE WHEN t.in_name THEN search_name_letters(d.name) ELSE 0 END,
                    search_name_letters(d.name || ' ' || d.context)
                FROM search_documents d, search_tokens_of(d.name, d.context) t
                """
            let rows = try await db.raw(
                """
                SELECT (SELECT COUNT(*) FROM search_tokens) AS total,
                    (SELECT COUNT(*) FROM (SELECT token, doc_id, name_letters, letters FROM search_tokens
                        EXCEPT \(unsafeRaw: one)) x) AS extra,
                    (SELECT COUNT(*) FROM (\(unsafeRaw: one)
                        EXCEPT SELECT token, doc_id, name_letters, letters FROM search_tokens) y)
                        AS missing
                """
            ).first()
            return try [
                rows?.decode(column: "total", as: Int.self), rows?.decode(column: "extra", as: Int.self),
                rows?.decode(column: "missing", as: Int.self),
            ]
        }
        #expect((counts[0] ?? 0) > 20 * Self.songs, "tokens were written")
        #expect(counts[1] == 0 && counts[2] == 0, "tokens differ: \(counts)")
        // Each document's token sets, made from the same tokens (migration 25).
        let sets = try await SearchTokenSetsTests.differences(store)
        #expect(sets == .init(sets: try await SearchTokenSetsTests.documents(store), missing: 0, extra: 0))
        #expect(sets.sets > Self.songs)
        // The indexes the searches use are there under their names after the swap.
        let indexes = try await store.backend.read { db in
            try await db.raw(
                """
                SELECT COUNT(*) AS n FROM pg_indexes WHERE indexname IN
                ('search_tokens_token', 'search_token_sets_pkey', 'search_token_sets_names', 'search_token_sets_all')
                """
            ).first()?.decode(column: "n", as: Int.self)
        }
        #expect(indexes == 4)
        await store.shutdown()
    }
}
