import Foundation
import SQLKit
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// The catalog version moves with every committed catalog change and with nothing else (what lets a
/// server keep catalog answers in memory and still see another process's import).
@Suite struct CatalogVersionTests {
    @Test(arguments: TestEngine.enabled) func movesWithCatalogChangesOnly(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            let backend = db.backend
            let start = try await db.catalog.catalogVersion()
            try await CatalogFixture.install(on: backend)
            let installed = try await db.catalog.catalogVersion()
            #expect(installed > start)

            // Not catalog: ownership and accounts leave it alone.
            try await backend.transaction { sql in
                try await sql.raw(
                    """
                    INSERT INTO users (id, username, username_key, email, email_key, display_name, password_hash,
                        coins, created_at) VALUES ('u1', 'a', 'a', 'a@x.test', 'a@x.test', 'a', 'x', 5, 0)
                    """
                ).run()
            }
            try await CatalogFixture.own(["t1"], userID: "u1", on: backend)
            #expect(try await db.catalog.catalogVersion() == installed)

            // Each kind of change moves it: an update, a playlist change, a delete.
            for statement in [
                "UPDATE tracks SET title = 'Renamed' WHERE id = 't2'",
                "UPDATE playlists SET name = 'Renamed' WHERE id = 'pl1'",
                "DELETE FROM playlist_tracks WHERE playlist_id = 'pl1'",
            ] {
                let before = try await db.catalog.catalogVersion()
                try await backend.transaction { sql in try await sql.raw(SQLQueryString(statement)).run() }
                #expect(try await db.catalog.catalogVersion() > before, "\(statement)")
            }

            // A transaction rolled back leaves it as it was.
            let before = try await db.catalog.catalogVersion()
            struct Abort: Error {}
            await #expect(throws: Abort.self) {
                try await backend.transaction { sql in
                    try await sql.raw("UPDATE tracks SET title = 'Never' WHERE id = 't3'").run()
                    throw Abort()
                }
            }
            #expect(try await db.catalog.catalogVersion() == before)
        }
    }
}
