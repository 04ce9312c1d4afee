import Foundation
import SQLKit
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// SQLite's whole search index rebuild (`SearchFullText`) loads in bulk: the index by name is dropped
/// for the load and made again, and FTS5 gathers words in memory and merges once. Afterwards the store
/// must be as a small update expects it: the index by name there, FTS5 back on its defaults.
@Suite struct SearchFullTextRebuildTests {
    static let ftsTables = [
        "search_index", "search_names", "search_albums", "search_artists", "search_playlists", "search_explicit_songs",
        "search_explicit_albums", "search_title_pairs",
    ]

    @Test func aRebuildLeavesTheNameIndexAndFTS5sDefaultsForTheUpdatesAfterIt() async throws {
        try await TestEngine.sqlite.freshDatabase().use { db in
            try await db.syntheticCatalog.write(
                tracks: 300, artists: 12, mediaFiles: [(full: "synth/full-1.mp3", preview: "synth/preview-1.mp3")],
                now: TestEngine.now)
            // Twice: the second drops the index the first made again.
            try await db.searchIndex.rebuild()
            let documents = try await db.searchIndex.rebuild()
            #expect(documents > 300)
            let settings = try await db.backend.read { sql in
                var found: [String: [String: Int]] = [:]
                for table in Self.ftsTables {
                    for row in try await sql.raw("SELECT k, v FROM \(unsafeRaw: table)_config").all() {
                        let key = try row.decode(column: "k", as: String.self)
                        if let value = try? row.decode(column: "v", as: Int.self) {
                            found[table, default: [:]][key] = value
                        }
                    }
                }
                return found
            }
            for table in Self.ftsTables {
                #expect(settings[table]?["hashsize"] ?? 1_048_576 == 1_048_576, "\(table) gathers 1 MB again")
                #expect(settings[table]?["automerge"] ?? 4 == 4, "\(table) merges as it goes again")
            }
            let plan = try await db.backend.read { sql in
                try await sql.raw(
                    "EXPLAIN QUERY PLAN SELECT doc_id FROM search_documents WHERE name >= 'a' AND name < 'b'"
                ).all().map { try $0.decode(column: "detail", as: String.self) }
            }
            #expect(plan.contains { $0.contains("search_documents_name") }, "names are looked up by index: \(plan)")
            // A song indexed on its own after the rebuild is found, beside the rebuilt ones.
            let song = "syntOwnUpdate"
            try await db.backend.transaction { sql in
                try await sql.raw(
                    """
                    INSERT INTO tracks (id, album_id, artist_id, title, media_path, media_type, preview_path,
                        preview_type, created_at, updated_at)
                    SELECT \(bind: song), album_id, artist_id, 'Quixotic Zebra', media_path, media_type, preview_path,
                        preview_type, created_at, updated_at FROM tracks LIMIT 1
                    """
                ).run()
            }
            try await db.searchIndex.index(.track, id: song)
            let hits = try await SQLSearchStore(backend: db.backend).search(
                SearchQuery("quixotic zeb"), allowExplicit: true, limit: 5, offset: 0, kinds: [.track])
            #expect(hits.trackIDs == [song])
            let common = try await SQLSearchStore(backend: db.backend).search(
                SearchQuery("a"), allowExplicit: true, limit: 5, offset: 0, kinds: [.track])
            #expect(common.trackIDs.count == 5, "the rebuilt songs are found too")
        }
    }
}
