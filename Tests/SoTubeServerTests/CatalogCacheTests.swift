import Foundation
import Hummingbird
import HummingbirdTesting
import SQLKit
import SoTubeAPI
import SoTubeTestFixtures
import Testing

/// Catalog answers are kept in memory, yet a change made through the database by another process
/// (here: a second server on the same database) is seen.
@Suite struct CatalogCacheTests {
    @Test(arguments: TestEngine.enabled)
    func aCatalogChangeIsSeenByASecondServerOnTheSameDatabase(engine: TestEngine) async throws {
        let url = try await engine.freshDatabaseURL()
        let writer = try await TestApp.make(databaseURL: url)
        try await CatalogFixture.install(on: writer.services.database.backend)
        // On SQLite the second server opens the same file (the first one's data folder).
        let reader = try await TestApp.make(databaseURL: url) { configuration in
            if url == nil { configuration.dataDirectory = writer.directory }
        }
        try await reader.run { client in
            let before = try await client.execute(uri: "/api/v1/tracks/t1", method: .get)
            #expect(try before.decode(TrackDetailDTO.self).track.title == "Hunter")
            let album = try await client.execute(uri: "/api/v1/albums/al1", method: .get)
            #expect(album.status == .ok)

            try await writer.services.database.backend.transaction { db in
                try await db.raw("UPDATE tracks SET title = 'Hunter (Remastered)' WHERE id = 't1'").run()
            }

            var seen = ""
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline {
                seen = try await client.execute(uri: "/api/v1/tracks/t1", method: .get).decode(TrackDetailDTO.self)
                    .track.title
                if seen == "Hunter (Remastered)" { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(seen == "Hunter (Remastered)")
            let albumAfter = try await client.execute(uri: "/api/v1/albums/al1", method: .get)
            #expect(albumAfter.text.contains("Hunter (Remastered)"))
        }
        await writer.close()
    }

}
