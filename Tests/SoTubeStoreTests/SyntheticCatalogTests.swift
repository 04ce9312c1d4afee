import Foundation
import SQLKit
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// `sotube catalog synth`'s writer, on every engine.
@Suite struct SyntheticCatalogTests {
    func count(_ db: SoTubeDatabase, _ table: String) async throws -> Int {
        try await db.backend.read { sql in
            try await sql.raw("SELECT COUNT(*) AS n FROM \(unsafeRaw: table)").first()?.decode(
                column: "n", as: Int.self)
                ?? 0
        }
    }

    @Test(arguments: TestEngine.enabled)
    func writesSongsInAlbumsOfTenWithPlaylistsAndMoods(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            #expect(try await !db.syntheticCatalog.hasSynthetic())
            try await db.syntheticCatalog.write(
                tracks: 25, artists: 2, mediaFiles: [(full: "synth/full-1.mp3", preview: "synth/preview-1.mp3")],
                now: TestEngine.now)
            #expect(try await db.syntheticCatalog.hasSynthetic())
            #expect(try await count(db, "tracks") == 25)
            #expect(try await count(db, "albums") == 3)
            #expect(try await count(db, "artists") == 2)
            // Two featured volumes (one per 10 songs) and one playlist per mood.
            #expect(try await count(db, "moods") == 8)
            #expect(try await count(db, "playlists") == 10)
            #expect(try await db.searchIndex.rebuild() > 25)
            let files = try #require(try await db.media.trackFiles(id: "synt00000000"))
            #expect(files.mediaPath == "synth/full-1.mp3" && files.previewPath == "synth/preview-1.mp3")
        }
    }
}
