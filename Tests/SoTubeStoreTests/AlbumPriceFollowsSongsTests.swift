import Foundation
import SQLKit
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// An album without the operator's price costs 80 % of its current songs, however many imports
/// built it (issue 17: the bundle price used to freeze at the first import).
@Suite struct AlbumPriceFollowsSongsTests {
    func record(_ number: Int, album: String = "Ten", price: Int = 10, albumPrice: Int? = nil)
        -> CatalogTrackRecord
    {
        CatalogTrackRecord(
            sourcePath: "/music/\(album)/\(number).mp3", sourceSize: 100, sourceMtime: 5,
            metadata: TrackMetadata(
                title: "Song \(number)", artist: "Artist", album: album, trackNumber: number,
                durationMs: 120_000),
            mediaPath: "tracks/\(number)/full.mp3", mediaType: "audio/mpeg",
            previewPath: "tracks/\(number)/preview.mp3", previewType: "audio/mpeg", waveform: [0, 1],
            artworkPath: nil, price: price, albumPrice: albumPrice)
    }

    /// Imports song 1, then songs 2...10 in a second run; returns the track ids.
    func importInTwoRuns(_ writer: SQLCatalogWriter, albumPrice: Int? = nil) async throws -> [String] {
        var ids = [try await writer.upsertTrack(record(1, albumPrice: albumPrice)).trackID]
        try await writer.finishImport()
        for number in 2...10 { ids.append(try await writer.upsertTrack(record(number)).trackID) }
        try await writer.finishImport()
        return ids
    }

    func albumID(_ db: SoTubeDatabase, _ trackID: String) async throws -> String {
        try #require(try await db.catalog.tracks(ids: [trackID]).first).albumID
    }

    @Test(arguments: TestEngine.enabled)
    func aSecondImportRaisesTheBundleAndTheChargeWithIt(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            let writer = db.catalogWriter(ids: SequentialIDSource(prefix: "w"), clock: ManualClock())
            let tracks = try await importInTwoRuns(writer)
            let albumID = try await albumID(db, tracks[0])
            let album = try #require(try await db.catalog.album(id: albumID))
            #expect(album.operatorPrice == nil, "the derived price is not stored as the operator's")
            #expect(album.trackCount == 10 && album.price == 80)

            try await CommerceCatalog.user(db, "u1", coins: 200)
            let bought = try await db.commerce.purchase(
                PurchaseCommand(
                    userID: "u1", target: .album(albumID), idempotencyKey: "k1", purchaseID: "p1",
                    ledgerEntryID: "l-p1", now: TestEngine.now))
            #expect(bought.purchase.coins == 80 && bought.balance == 120)
            #expect(Set(bought.purchase.trackIDs) == Set(tracks))
            #expect(try await db.commerce.balance(userID: "u1") == 120)
            #expect(LedgerReport(facts: try await db.commerce.ledgerFacts()).isExact)
        }
    }

    @Test(arguments: TestEngine.enabled)
    func repricingOrRemovingASongMovesTheAlbumPrice(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            let writer = db.catalogWriter(ids: SequentialIDSource(prefix: "w"), clock: ManualClock())
            let tracks = try await importInTwoRuns(writer)
            let albumID = try await albumID(db, tracks[0])
            try await db.backend.transaction { sql in
                try await sql.raw("UPDATE tracks SET price = 30 WHERE id = \(bind: tracks[0])").run()
            }
            #expect(try await db.catalog.album(id: albumID)?.price == 96, "80 % of 120")
            try await db.backend.transaction { sql in
                try await sql.raw("DELETE FROM tracks WHERE id = \(bind: tracks[9])").run()
            }
            try await writer.finishImport()
            #expect(try await db.catalog.album(id: albumID)?.price == 88, "80 % of 110")

            // The purchase charges the same derived price, from the same current songs.
            try await CommerceCatalog.user(db, "u1", coins: 100)
            let bought = try await db.commerce.purchase(
                PurchaseCommand(
                    userID: "u1", target: .album(albumID), idempotencyKey: "k1", purchaseID: "p1",
                    ledgerEntryID: "l-p1", now: TestEngine.now))
            #expect(bought.purchase.coins == 88 && bought.purchase.trackIDs.count == 9)
            #expect(LedgerReport(facts: try await db.commerce.ledgerFacts()).isExact)
        }
    }

    @Test(arguments: TestEngine.enabled)
    func theOperatorsPriceFromTagsStays(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            let writer = db.catalogWriter(ids: SequentialIDSource(prefix: "w"), clock: ManualClock())
            let tracks = try await importInTwoRuns(writer, albumPrice: 55)
            let albumID = try await albumID(db, tracks[0])
            let album = try #require(try await db.catalog.album(id: albumID))
            #expect(album.operatorPrice == 55 && album.price == 55)
            try await db.backend.transaction { sql in
                try await sql.raw("UPDATE tracks SET price = 20 WHERE album_id = \(bind: albumID)").run()
            }
            #expect(try await db.catalog.album(id: albumID)?.price == 55)
            try await CommerceCatalog.user(db, "u1", coins: 100)
            let bought = try await db.commerce.purchase(
                PurchaseCommand(
                    userID: "u1", target: .album(albumID), idempotencyKey: "k1", purchaseID: "p1",
                    ledgerEntryID: "l-p1", now: TestEngine.now))
            #expect(bought.purchase.coins == 55 && bought.balance == 45)
            #expect(LedgerReport(facts: try await db.commerce.ledgerFacts()).isExact)
        }
    }
}
