import Foundation
import SQLKit
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// A whole rebuild writes its documents in batches of 400, each while the next is made
/// (`SearchDocumentWriter`), on every engine: every entity gets its document, and a batch that fails
/// leaves the index as it was.
@Suite struct SearchRebuildBatchesTests {
    static let media = [(full: "synth/full-1.mp3", preview: "synth/preview-1.mp3")]

    func count(_ db: SoTubeDatabase, _ sql: String) async throws -> Int {
        try await db.backend.read { read in
            try await read.raw(SQLQueryString(sql)).first()?.decode(column: "n", as: Int.self) ?? -1
        }
    }

    /// Entities without their document, of every kind.
    func missing(_ db: SoTubeDatabase) async throws -> Int {
        var missing = 0
        for (kind, table) in [
            ("track", "tracks"), ("album", "albums"), ("artist", "artists"), ("playlist", "playlists"),
        ] {
            missing += try await count(
                db,
                """
                SELECT COUNT(*) AS n FROM \(table) e WHERE NOT EXISTS
                    (SELECT 1 FROM search_documents d WHERE d.kind = '\(kind)' AND d.entity_id = e.id)
                """)
        }
        return missing
    }

    func entities(_ db: SoTubeDatabase) async throws -> Int {
        var total = 0
        for table in ["tracks", "albums", "artists", "playlists"] {
            total += try await count(db, "SELECT COUNT(*) AS n FROM \(table)")
        }
        return total
    }

    func lastSongFound(_ db: SoTubeDatabase) async throws -> Bool {
        let title = try await db.backend.read { read in
            try await read.raw("SELECT title FROM tracks WHERE id = 'synt00002344'").first()?.decode(
                column: "title", as: String.self)
        }
        let hits = try await SQLSearchStore(backend: db.backend).search(
            SearchQuery(try #require(title)), allowExplicit: true, limit: 100, offset: 0)
        return hits.trackIDs.contains("synt00002344")
    }

    @Test(arguments: TestEngine.enabled)
    func everyEntityOfSeveralBatchesHasItsDocument(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            try await db.syntheticCatalog.write(tracks: 2345, artists: 7, mediaFiles: Self.media, now: TestEngine.now)
            let written = try await db.searchIndex.rebuild()
            #expect(written == (try await entities(db)))
            #expect(written > 6 * 400)
            #expect(try await count(db, "SELECT COUNT(*) AS n FROM search_documents") == written)
            #expect(try await missing(db) == 0)
            #expect(try await lastSongFound(db))
        }
    }

    /// A document the database refuses in the middle of the songs: the rebuild fails and the index
    /// before it stays whole.
    @Test(arguments: TestEngine.enabled)
    func aRefusedBatchLeavesTheIndexAsItWas(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            try await db.syntheticCatalog.write(tracks: 2345, artists: 7, mediaFiles: Self.media, now: TestEngine.now)
            let before = try await db.searchIndex.rebuild()
            try await db.backend.transaction { sql in
                switch db.backend.dialect {
                case .sqlite:
                    try await sql.raw(
                        """
                        CREATE TRIGGER refuse_one BEFORE INSERT ON search_documents
                        WHEN NEW.entity_id = 'synt00001500' BEGIN SELECT RAISE(ABORT, 'refused'); END
                        """
                    ).run()
                case .postgres:
                    try await sql.raw(
                        """
                        CREATE FUNCTION refuse_one() RETURNS trigger LANGUAGE plpgsql AS $$
                        BEGIN IF NEW.entity_id = 'synt00001500' THEN RAISE EXCEPTION 'refused'; END IF;
                        RETURN NEW; END $$
                        """
                    ).run()
                    try await sql.raw(
                        """
                        CREATE TRIGGER refuse_one BEFORE INSERT ON search_documents
                        FOR EACH ROW EXECUTE FUNCTION refuse_one()
                        """
                    ).run()
                }
            }
            await #expect(throws: (any Error).self) { try await db.searchIndex.rebuild() }
            #expect(try await count(db, "SELECT COUNT(*) AS n FROM search_documents") == before)
            #expect(try await missing(db) == 0)
            #expect(try await lastSongFound(db))
        }
    }
}
