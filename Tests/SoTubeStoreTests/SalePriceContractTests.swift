import Foundation
import SQLKit
import SoTubeCore
import SoTubeTestFixtures
import Testing

@testable import SoTubeStoreSQL

/// Issue 28, "Money": every reader shows the price a purchase charges (one set of `SaleRules`), and a
/// purchase charges only the price the buyer confirmed — on both engines and on the batched path.
@Suite struct SalePriceContractTests {
    func record(_ number: Int) -> CatalogTrackRecord {
        WatchedFolderSongs.record(number, album: "Three", artist: "Trio")
    }

    func buy(_ db: SoTubeDatabase, _ target: PurchaseTarget, key: String, expecting price: Int?) async throws
        -> PurchaseOutcome
    {
        try await db.commerce.purchase(
            PurchaseCommand(
                userID: "buyer", target: target, idempotencyKey: key, purchaseID: "p-\(key)",
                ledgerEntryID: "l-\(key)", now: TestEngine.now, expectedPrice: price))
    }

    /// An album of three 10-coin songs, the third withdrawn (its file left the watched folder).
    func albumWithAWithdrawnSong(_ db: SoTubeDatabase) async throws -> (albumID: String, artistID: String) {
        let writer = db.catalogWriter(ids: SequentialIDSource(prefix: "w"), clock: ManualClock())
        var ids: [String] = []
        for number in 1...3 { ids.append(try await writer.upsertTrack(record(number)).trackID) }
        try await writer.finishImport()
        let track = try #require(try await db.catalog.tracks(ids: [ids[0]]).first)
        #expect(try await db.catalog.album(id: track.albumID)?.price == 24, "80 % of 30 before the withdrawal")
        _ = try await writer.reconcileFolder("/music/Three", present: ["/music/Three/1.mp3", "/music/Three/2.mp3"])
        _ = try await db.searchIndex.rebuild()
        return (track.albumID, track.artistID)
    }

    @Test(arguments: TestEngine.enabled)
    func everySummaryShowsWhatTheAlbumCharges(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            let (albumID, artistID) = try await albumWithAWithdrawnSong(db)
            let songs = try await db.catalog.tracks(inAlbum: albumID)
            let pagePrice = SaleRules.albumPrice(
                songs.map { SaleSong(id: $0.id, price: $0.price, withdrawn: $0.withdrawn) }, operatorPrice: nil)
            #expect(pagePrice == 16)
            let hits = try await db.search.search(SearchQuery("three"), allowExplicit: true, limit: 5, offset: 0)
            let summaries: [(String, CatalogAlbum?)] = [
                ("album", try await db.catalog.album(id: albumID)),
                ("by artist", try await db.catalog.albums(byArtist: artistID).first),
                ("new releases", try await db.catalog.newReleases(limit: 5).first),
                ("search", try await db.catalog.albums(ids: hits.albumIDs).first),
            ]
            for (reader, summary) in summaries {
                let album = try #require(summary, "\(reader)")
                #expect(album.price == pagePrice, "\(reader) shows \(album.price)")
                #expect(album.trackCount == 2, "\(reader) counts \(album.trackCount) songs on sale")
            }
            try await CommerceCatalog.user(db, "buyer", coins: 100)
            let bought = try await buy(db, .album(albumID), key: "k1", expecting: pagePrice)
            #expect(bought.purchase.coins == pagePrice && bought.purchase.trackIDs.count == 2)
            #expect(LedgerReport(facts: try await db.commerce.ledgerFacts()).isExact)
        }
    }

    @Test(arguments: TestEngine.enabled)
    func aPriceThatChangedSinceItWasShownChargesNothing(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            let (albumID, _) = try await albumWithAWithdrawnSong(db)
            try await CommerceCatalog.user(db, "buyer", coins: 100)
            // The dialog showed 24 (before the withdrawal): 409 with the price now, nothing charged.
            await #expect(throws: DomainError.priceChanged(price: 16)) {
                _ = try await buy(db, .album(albumID), key: "k1", expecting: 24)
            }
            #expect(try await db.commerce.balance(userID: "buyer") == 100)
            #expect(try await db.commerce.purchases(userID: "buyer").isEmpty)
            // Confirmed again at the new price, with the same key: charged that price once.
            let bought = try await buy(db, .album(albumID), key: "k1", expecting: 16)
            #expect(bought.purchase.coins == 16 && bought.balance == 84 && !bought.replayed)

            // A song: the same rule.
            let songs = try await db.catalog.tracks(inAlbum: albumID)
            try await db.backend.transaction { sql in
                try await sql.raw("UPDATE tracks SET price = 12 WHERE id = \(bind: songs[2].id)").run()
            }
            _ = try await db.catalogWriter(ids: SequentialIDSource(prefix: "x"), clock: ManualClock())
                .reconcileFolder(
                    "/music/Three", present: ["/music/Three/1.mp3", "/music/Three/2.mp3", "/music/Three/3.mp3"])
            await #expect(throws: DomainError.priceChanged(price: 12)) {
                _ = try await buy(db, .track(songs[2].id), key: "k2", expecting: 10)
            }
            #expect(try await db.commerce.balance(userID: "buyer") == 84)
            // Without an expected price (an older client) the current price is charged.
            #expect(try await buy(db, .track(songs[2].id), key: "k3", expecting: nil).purchase.coins == 12)
            #expect(LedgerReport(facts: try await db.commerce.ledgerFacts()).isExact)
        }
    }

    /// SQLite's group commit checks the confirmed price too.
    @Test func theBatchedPathRefusesAChangedPrice() async throws {
        try await TestEngine.sqlite.freshDatabase().use { db in
            let tracks = try await CommerceCatalog.album(db.backend, "a1", prices: [10, 7])
            try await CommerceCatalog.user(db, "buyer", coins: 50)
            func command(_ track: String, _ key: String, _ expected: Int?) -> (PurchaseCommand, trackID: String) {
                (
                    PurchaseCommand(
                        userID: "buyer", target: .track(track), idempotencyKey: key, purchaseID: "p-\(key)",
                        ledgerEntryID: "l-\(key)", now: TestEngine.now, expectedPrice: expected), track
                )
            }
            let batch = [command(tracks[0], "k1", 9), command(tracks[1], "k2", 7)]
            let results = try await db.backend.transaction { sql in
                try await SQLCommerceStore.purchaseTracks(sql, batch)
            }
            #expect(throws: DomainError.priceChanged(price: 10)) { try results[0].get() }
            #expect(try results[1].get().purchase.coins == 7)
            #expect(try await db.commerce.balance(userID: "buyer") == 43)
            #expect(LedgerReport(facts: try await db.commerce.ledgerFacts()).isExact)
        }
    }
}
