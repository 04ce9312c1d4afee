import Foundation
import SQLKit
import SoTubeCore
import SoTubeTestFixtures
import Testing

@testable import SoTubeStoreSQL

/// Migration 30 gives the album rows' sums over their songs an index of their own: the sums stay what
/// they were on a catalog migrated from 29, and on SQLite each of the four subqueries reads that index
/// alone instead of every song's row.
@Suite struct Migration030Tests {
    @Test(arguments: TestEngine.enabled)
    func albumSumsStayAndReadTheIndexAlone(_ engine: TestEngine) async throws {
        try await engine.freshDatabase(migrate: false).use { db in
            let logger = TestEngine.logger
            try await db.migrate(upTo: 29)
            try await CommerceRows.album(db.backend, "sums", prices: [10, 7, 3, 5])
            try await db.backend.transaction { sql in
                try await sql.raw("UPDATE tracks SET withdrawn_at = 1 WHERE id = 'sums-t2'").run()
                try await sql.raw("UPDATE tracks SET explicit = 1 WHERE id = 'sums-t3'").run()
            }
            let before = try #require(try await db.catalog.album(id: "sums"))
            let applied = try await db.migrate(now: TestEngine.now, logger: logger)
            #expect(applied.first == "30 album track sums", "then any later ones")
            let after = try #require(try await db.catalog.album(id: "sums"))
            for album in [before, after] {
                #expect(album.trackCount == 3)
                #expect(album.trackPriceSum == 25)
                #expect(album.onSalePriceSum == 18)
                #expect(album.explicit)
            }
            // On a connection opened after the migration: EXPLAIN shows the plan of the schema a
            // connection last read, and one open before it has not read the index yet.
            guard let sqlite = db.backend as? SQLiteBackend else { return }
            let plan = try await sqlite.withOwnConnection { sql in
                try await sql.raw(
                    """
                    EXPLAIN QUERY PLAN SELECT \(unsafeRaw: CatalogSQL.albumColumns) FROM \(unsafeRaw: CatalogSQL.albumFrom)
                    WHERE al.id = 'sums'
                    """
                ).all().map { try $0.decode(column: "detail", as: String.self) }
            }
            let songReads = plan.filter { $0.contains(" x ") }
            #expect(songReads.count == 4, "\(plan)")
            #expect(songReads.allSatisfy { $0.contains("COVERING INDEX tracks_album_sums") }, "\(plan)")
        }
    }
}
