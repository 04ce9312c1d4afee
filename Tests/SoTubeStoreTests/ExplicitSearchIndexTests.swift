import Foundation
import SQLKit
import SoTubeCore
import SoTubeTestFixtures
import Testing

@testable import SoTubeStoreSQL

/// SQLite: explicit songs and albums are indexed a second time, on their own (migration 32,
/// `SearchFullText.explicitTable`), and the full pass over their band reads that index. It must hold
/// exactly the band's documents of its kind, after the migration, a rebuild and every single update:
/// a song missing from it is not found through its context, and a document left in it after its row
/// changed would be removed with the wrong words.
@Suite struct ExplicitSearchIndexTests {
    /// The documents the full-text table `table` holds (from its index, not from `search_documents`).
    static func indexed(_ table: String, on backend: any SQLBackend) async throws -> Set<Int64> {
        try await backend.transaction { sql in
            try await sql.raw("CREATE VIRTUAL TABLE temp.held USING fts5vocab(main, \(unsafeRaw: table), instance)")
                .run()
            let docs = try await sql.raw("SELECT DISTINCT doc FROM temp.held").all().map {
                try $0.decode(column: "doc", as: Int64.self)
            }
            try await sql.raw("DROP TABLE temp.held").run()
            try await sql.raw("INSERT INTO \(unsafeRaw: table)(\(unsafeRaw: table)) VALUES('integrity-check')").run()
            return Set(docs)
        }
    }

    /// The explicit band's documents of `kind`, as `search_documents` holds them.
    static func band(_ kind: SearchKind, on backend: any SQLBackend) async throws -> Set<Int64> {
        let band = try #require(SearchFullText.explicitBand(kind))
        return try await backend.read { sql in
            Set(
                try await sql.raw(
                    """
                    SELECT doc_id FROM search_documents
                    WHERE kind = \(bind: kind.rawValue) AND doc_id >= \(bind: band.lo) AND doc_id < \(bind: band.hi)
                    """
                ).all().map { try $0.decode(column: "doc_id", as: Int64.self) })
        }
    }

    /// Each explicit index holds its band and nothing else; returns the songs' band.
    @discardableResult
    static func expectBandsHeld(_ backend: any SQLBackend, sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> Set<Int64>
    {
        var songs: Set<Int64> = []
        for kind in [SearchKind.track, .album] {
            let table = try #require(SearchFullText.explicitTable(kind))
            let expected = try await band(kind, on: backend)
            #expect(try await indexed(table, on: backend) == expected, "\(table)", sourceLocation: sourceLocation)
            if kind == .track { songs = expected }
        }
        return songs
    }

    static func tracks(_ text: String, explicit: Bool = true, on backend: any SQLBackend) async throws -> [String] {
        try await SQLSearchStore(backend: backend).search(
            SearchQuery(text), allowExplicit: explicit, limit: 20, offset: 0
        ).trackIDs
    }

    @Test func theMigrationIndexesTheExplicitBandsAndTheirSongsAreFoundThroughContext() async throws {
        try await TestEngine.sqlite.freshDatabase().use { db in
            try await CatalogFixture.install(on: db.backend)
            // Back to version 31: no explicit indexes (nor the later migrations' tables).
            try await db.backend.transaction { sql in
                for index in Migration032ExplicitSearchIndexes.indexes {
                    try await sql.raw("DROP TABLE \(unsafeRaw: index.table)").run()
                }
                try await sql.raw("DROP TABLE search_title_pairs").run()
                try await sql.raw("DELETE FROM schema_migrations WHERE version >= 32").run()
            }
            let applied = try await db.migrate(now: TestEngine.now, logger: TestEngine.logger)
            #expect(applied.first == "32 explicit search indexes", "then any later ones")
            let songs = try await Self.expectBandsHeld(db.backend)
            #expect(songs.count == 1, "Hells Bells")
            // "Hells Bells" (explicit) by AC/DC on "Back in Black": "dc" and "black" only in its context.
            #expect(Set(try await Self.tracks("dc black", on: db.backend)) == ["t7", "t8"])
            #expect(try await Self.tracks("dc black", explicit: false, on: db.backend) == ["t8"])
            let albums = try await SQLSearchStore(backend: db.backend).search(
                SearchQuery("dc black"), allowExplicit: true, limit: 20, offset: 0
            ).albumIDs
            #expect(albums == ["al4"])
        }
    }

    @Test func theExplicitIndexFollowsEachSongsChanges() async throws {
        try await TestEngine.sqlite.freshDatabase().use { db in
            try await CatalogFixture.install(on: db.backend)
            let song = try await IndexedSong.add(title: "Zzyzx Road", to: db)
            #expect(try await Self.expectBandsHeld(db.backend).count == 2)
            // Found through its artist, in the explicit band's full pass.
            #expect(try await Self.tracks("dc zzyzx", on: db.backend) == ["x1"])
            #expect(try await Self.tracks("dc zzyzx", explicit: false, on: db.backend).isEmpty)

            try await song.update("UPDATE tracks SET title = 'Quokka Road' WHERE id = 'x1'")
            #expect(try await Self.expectBandsHeld(db.backend).count == 2)
            #expect(try await Self.tracks("dc zzyzx", on: db.backend).isEmpty)
            #expect(try await Self.tracks("dc quokka", on: db.backend) == ["x1"])

            try await song.update("UPDATE tracks SET explicit = 0 WHERE id = 'x1'")
            #expect(try await Self.expectBandsHeld(db.backend).count == 1, "it left the band")
            #expect(try await Self.tracks("dc quokka", explicit: false, on: db.backend) == ["x1"])

            try await song.update("UPDATE tracks SET explicit = 1 WHERE id = 'x1'")
            #expect(try await Self.expectBandsHeld(db.backend).count == 2, "and came back")
            try await song.update("DELETE FROM tracks WHERE id = 'x1'")
            #expect(try await Self.expectBandsHeld(db.backend).count == 1)
            #expect(try await Self.tracks("dc quokka", on: db.backend).isEmpty)

            // A rebuild fills them again as the migration did.
            try await song.index.rebuild()
            #expect(try await Self.expectBandsHeld(db.backend).count == 1)
            #expect(Set(try await Self.tracks("dc black", on: db.backend)) == ["t7", "t8"])
        }
    }
}
