import Foundation
import SQLKit
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// Every owned song names a purchase of its owner's (migration 16): the store refuses any other
/// `owned_tracks` row, on SQLite and PostgreSQL, as `sotube ledger verify` reports it.
@Suite struct OwnershipPurchaseTests {
    static func own(_ db: SoTubeDatabase, user: String, track: String, purchase: String) async throws {
        try await db.backend.transaction { sql in
            try await sql.raw(
                """
                INSERT INTO owned_tracks (user_id, track_id, purchase_id, created_at)
                VALUES (\(bind: user), \(bind: track), \(bind: purchase), 1)
                """
            ).run()
        }
    }

    static func buy(_ db: SoTubeDatabase, user: String, track: String, purchase: String) async throws {
        _ = try await db.commerce.purchase(
            PurchaseCommand(
                userID: user, target: .track(track), idempotencyKey: purchase, purchaseID: purchase,
                ledgerEntryID: "l-\(purchase)", now: TestEngine.now))
    }

    @Test(arguments: TestEngine.enabled)
    func anOwnedSongWithAnUnknownOrSomeoneElsesPurchaseIsRefused(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            let tracks = try await CommerceCatalog.album(db.backend, "a1", prices: [10, 10])
            try await CommerceCatalog.user(db, "u1", coins: 100)
            try await CommerceCatalog.user(db, "u2", coins: 100)
            try await Self.buy(db, user: "u1", track: tracks[0], purchase: "p1")

            await #expect(throws: (any Error).self) {
                try await Self.own(db, user: "u1", track: tracks[1], purchase: "no-such-purchase")
            }
            await #expect(throws: (any Error).self) {
                try await Self.own(db, user: "u2", track: tracks[1], purchase: "p1")
            }
            #expect(try await db.ownership.ownedTrackIDs(userID: "u1", among: tracks) == [tracks[0]])
            #expect(try await db.ownership.ownedCount(userID: "u2") == 0)
            #expect(try await db.commerce.ledgerFacts().unpaidOwnership.isEmpty)
            // A song of the owner's own purchase is taken.
            try await Self.own(db, user: "u1", track: tracks[1], purchase: "p1")
            #expect(try await db.ownership.ownedCount(userID: "u1") == 2)
        }
    }

    @Test(arguments: TestEngine.enabled)
    func theMigrationRefusesOwnedSongsWithoutTheirPurchaseAndChangesNothing(_ engine: TestEngine) async throws {
        try await engine.freshDatabase(migrate: false).use { db in
            try await db.migrate(upTo: 15)
            let tracks = try await CommerceCatalog.album(db.backend, "a1", prices: [10, 10, 10])
            try await CommerceCatalog.user(db, "u1", coins: 100)
            try await CommerceCatalog.user(db, "u2", coins: 100)
            try await CommerceCatalog.olderPurchase(
                db, user: "u1", kind: .track, albumID: "a1", trackIDs: [tracks[0]], coins: 10, id: "p1",
                at: TestEngine.now)
            // What only `ledger verify` saw before: a song owned through no purchase, and one
            // through another user's.
            try await Self.own(db, user: "u1", track: tracks[1], purchase: "gone")
            try await Self.own(db, user: "u2", track: tracks[2], purchase: "p1")
            // (Counted in SQL: today's `ledgerFacts` reads tables of later migrations.)
            let unpaid = try await db.backend.read { sql in
                try await sql.raw(
                    """
                    SELECT COUNT(*) AS n FROM owned_tracks o WHERE NOT EXISTS (
                        SELECT 1 FROM purchases p WHERE p.id = o.purchase_id AND p.user_id = o.user_id)
                    """
                ).first()?.decode(column: "n", as: Int.self)
            }
            #expect(unpaid == 2)

            do {
                try await db.migrate(now: TestEngine.now, logger: TestEngine.logger)
                Issue.record("the migration took owned songs without their purchase")
            } catch let error as StoreError {
                let message = String(describing: error)
                #expect(message.contains("Migration 16"))
                #expect(message.contains("2 owned songs"))
                #expect(message.contains("song \(tracks[1]) of user u1 (purchase gone)"))
                #expect(message.contains("song \(tracks[2]) of user u2 (purchase p1)"))
            }
            #expect(try await db.schemaVersion() == 15)
            #expect(try await db.ownership.ownedCount(userID: "u1") == 2)

            try await db.backend.transaction { sql in
                try await sql.raw("DELETE FROM owned_tracks WHERE purchase_id = 'gone' OR user_id = 'u2'").run()
            }
            try await db.migrate(now: TestEngine.now, logger: TestEngine.logger)
            #expect(try await db.schemaVersion() == SoTubeDatabase.latestSchemaVersion)
            #expect(try await db.ownership.ownedTrackIDs(userID: "u1", among: tracks) == [tracks[0]])
            await #expect(throws: (any Error).self) {
                try await Self.own(db, user: "u1", track: tracks[1], purchase: "gone")
            }
            // Buying still writes the purchase and its songs.
            try await Self.buy(db, user: "u2", track: tracks[2], purchase: "p2")
            #expect(try await db.ownership.ownedTrackIDs(userID: "u2", among: tracks) == [tracks[2]])
        }
    }
}
