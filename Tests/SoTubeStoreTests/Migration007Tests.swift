import Foundation
import SQLKit
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// Migration 7 clears the bundle prices older builds derived and stored after each import, so those
/// albums follow their songs again; the operator's own prices stay.
@Suite struct Migration007Tests {
    /// The statement builds before migration 7 ran after every import (`priceUnpricedAlbums`).
    static let oldDerivedPriceStep = """
        UPDATE albums SET price = (SELECT CASE WHEN SUM(t.price) * 8 / 10 < 1 THEN 1
            ELSE SUM(t.price) * 8 / 10 END FROM tracks t WHERE t.album_id = albums.id)
        WHERE price IS NULL AND EXISTS (SELECT 1 FROM tracks t WHERE t.album_id = albums.id)
        """

    func price(_ db: SoTubeDatabase, _ albumID: String) async throws -> Int? {
        try await db.backend.read { sql in
            try await sql.raw("SELECT price FROM albums WHERE id = \(bind: albumID)").first()?
                .decode(column: "price", as: Int?.self)
        }
    }

    @Test(arguments: TestEngine.enabled)
    func derivedPricesBecomeNullAndOperatorPricesStay(_ engine: TestEngine) async throws {
        try await engine.freshDatabase(migrate: false).use { db in
            let logger = TestEngine.logger
            try await db.migrate(upTo: 6)
            #expect(try await db.schemaVersion() == 6)
            // Written the old way: no price, then the old import step derived one.
            try await CommerceCatalog.album(db.backend, "derived", prices: [10, 10, 10])
            try await CommerceCatalog.album(db.backend, "odd", prices: [10, 10, 10, 7])  // 29.6
            try await CommerceCatalog.album(db.backend, "cheap", prices: [1])  // at least 1
            // The operator's prices (tags or demo data).
            try await CommerceCatalog.album(db.backend, "operator", prices: [10, 10, 10], albumPrice: 25)
            try await CommerceCatalog.album(db.backend, "free", prices: [10, 10], albumPrice: 0)
            try await db.backend.transaction { sql in
                try await sql.raw(SQLQueryString(Self.oldDerivedPriceStep)).run()
            }
            #expect(try await price(db, "derived") == 24)
            #expect(try await price(db, "odd") != nil)
            #expect(try await price(db, "cheap") == 1)

            let applied = try await db.migrate(now: TestEngine.now, logger: logger)
            #expect(applied.first == "7 operator album prices")
            #expect(try await price(db, "derived") == nil)
            #expect(try await price(db, "odd") == nil)
            #expect(try await price(db, "cheap") == nil)
            #expect(try await price(db, "operator") == 25)
            #expect(try await price(db, "free") == 0)
            #expect(try await db.catalog.album(id: "derived")?.price == 24, "now derived on every read")
            #expect(try await db.catalog.album(id: "operator")?.price == 25)
            #expect(try await db.catalog.album(id: "cheap")?.price == 1)
        }
    }
}
