import Foundation
import SQLKit
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// Songs whose file left a watched folder (`reconcileFolder`, migration 12), on both engines: not sold
/// alone or in their album, out of search, kept by their owners, back on sale with their file.
@Suite struct WithdrawalContractTests {
    func record(_ number: Int) -> CatalogTrackRecord {
        WatchedFolderSongs.record(number, album: "Ten", artist: "Artist")
    }

    func buy(_ db: SoTubeDatabase, _ user: String, _ target: PurchaseTarget, key: String) async throws
        -> PurchaseOutcome
    {
        try await db.commerce.purchase(
            PurchaseCommand(
                userID: user, target: target, idempotencyKey: key, purchaseID: "p-\(key)",
                ledgerEntryID: "l-\(key)", now: TestEngine.now))
    }

    @Test(arguments: TestEngine.enabled)
    func aWithdrawnSongIsNotSoldButStaysWithItsOwner(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            let writer = db.catalogWriter(ids: SequentialIDSource(prefix: "w"), clock: ManualClock())
            var ids: [String] = []
            for number in 1...10 { ids.append(try await writer.upsertTrack(record(number)).trackID) }
            try await writer.finishImport()
            _ = try await db.searchIndex.rebuild()
            let albumID = try #require(try await db.catalog.tracks(ids: [ids[0]]).first).albumID
            try await CommerceCatalog.user(db, "owner", coins: 100)
            try await CommerceCatalog.user(db, "buyer", coins: 200)
            _ = try await buy(db, "owner", .track(ids[8]), key: "o1")

            // Songs 9 and 10 left the folder; a folder whose name only starts the same changes nothing.
            let present = Set((1...8).map { "/music/Ten/\($0).mp3" })
            #expect(try await writer.reconcileFolder("/music/Te", present: []).isEmpty)
            let changes = try await writer.reconcileFolder("/music/Ten", present: present)
            #expect(Set(changes.withdrawn) == [ids[8], ids[9]] && changes.restored.isEmpty)
            #expect(try await writer.reconcileFolder("/music/Ten/", present: present).isEmpty, "done once")
            let withdrawn = try await db.catalog.tracks(ids: ids).filter(\.withdrawn).map(\.id)
            #expect(Set(withdrawn) == [ids[8], ids[9]])

            // Not sold alone: 409 with the reason, nothing charged.
            await #expect(throws: DomainError.conflict(field: "trackId", reason: "This song is no longer on sale.")) {
                _ = try await buy(db, "buyer", .track(ids[9]), key: "b1")
            }
            #expect(try await db.commerce.balance(userID: "buyer") == 200)
            // The album sells the eight others, at their share of the bundle (80 % of 100, × 80/100).
            let album = try await buy(db, "buyer", .album(albumID), key: "b2")
            #expect(Set(album.purchase.trackIDs) == Set(ids[0..<8]) && album.purchase.coins == 64)
            await #expect(throws: DomainError.conflict(field: "albumId", reason: "This song is no longer on sale.")) {
                _ = try await buy(db, "buyer", .album(albumID), key: "b3")
            }
            // Out of search; its owner keeps it.
            _ = try await db.searchIndex.rebuild()
            let hits = try await db.search.search(SearchQuery("tune"), allowExplicit: true, limit: 20, offset: 0)
            #expect(hits.trackIDs.count == 8 && !hits.trackIDs.contains(ids[8]))
            #expect(try await db.ownership.owns(userID: "owner", trackID: ids[8]))

            // Back in the folder: on sale again.
            let back = try await writer.reconcileFolder("/music/Ten", present: present.union(["/music/Ten/10.mp3"]))
            #expect(back.restored == [ids[9]] && back.withdrawn.isEmpty)
            let bought = try await buy(db, "buyer", .track(ids[9]), key: "b4")
            #expect(bought.purchase.coins == 10)
            // Imported again (a changed file) clears it too.
            _ = try await writer.upsertTrack(record(9))
            #expect(try await db.catalog.tracks(ids: [ids[8]]).first?.withdrawn == false)
            #expect(LedgerReport(facts: try await db.commerce.ledgerFacts()).isExact)
        }
    }
}
