import Foundation
import SQLKit
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// The operators' tables (migration 17) on both engines: the audit log keeps what it was given, and
/// the sales aggregates the dashboard reads hold what the ledger holds, before the migration too.
@Suite struct OperatorStoreTests {
    static func entry(_ id: String, at seconds: TimeInterval) -> AuditEntry {
        AuditEntry(
            id: id, at: TestEngine.now.addingTimeInterval(seconds), actorID: nil, actor: "cli:test",
            action: .coinsGrant, target: "user x", before: #"{"coins":0}"#, after: #"{"coins":5}"#, reason: "why")
    }

    @Test(arguments: TestEngine.enabled)
    func theAuditLogRefusesChangesAndRemovals(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            try await db.audit.append(Self.entry("e1", at: 0))
            try await db.audit.append(Self.entry("e2", at: 1))
            for statement in ["UPDATE audit_log SET reason = 'other'", "DELETE FROM audit_log WHERE id = 'e1'"] {
                await #expect(throws: (any Error).self, "\(statement)") {
                    try await db.backend.transaction { sql in try await sql.raw(SQLQueryString(statement)).run() }
                }
            }
            let entries = try await db.audit.entries(limit: 10, before: nil)
            #expect(entries.map(\.id) == ["e2", "e1"])
            #expect(entries.last == Self.entry("e1", at: 0))
            #expect(
                try await db.audit.entries(limit: 10, before: TestEngine.now.addingTimeInterval(1)).map(\.id) == ["e1"])
        }
    }

    @Test(arguments: TestEngine.enabled)
    func theMigrationSumsWhatTheLedgerHeldAndTheTriggersAddWhatComesAfter(_ engine: TestEngine) async throws {
        try await engine.freshDatabase(migrate: false).use { db in
            let logger = TestEngine.logger
            try await Migrator(migrations: Array(AllMigrations.list.prefix(16))).migrate(
                db.backend, now: TestEngine.now, logger: logger)
            let songs = try await CommerceCatalog.album(db.backend, "a1", prices: [30, 20])
            try await CommerceCatalog.album(db.backend, "a2", prices: [10, 10])
            try await CommerceCatalog.user(db, "u1", coins: 200)
            try await CommerceCatalog.user(db, "u2", coins: 50)
            func buy(_ user: String, _ target: PurchaseTarget, _ key: String, at seconds: TimeInterval) async throws {
                _ = try await db.commerce.purchase(
                    PurchaseCommand(
                        userID: user, target: target, idempotencyKey: key, purchaseID: "p-\(key)",
                        ledgerEntryID: "l-\(key)", now: TestEngine.now.addingTimeInterval(seconds)))
            }
            try await buy("u1", .track(songs[0]), "k1", at: 0)
            try await buy("u2", .track(songs[0]), "k2", at: 0)
            try await buy("u1", .album("a2"), "k3", at: 86_400)

            try await db.migrate(now: TestEngine.now, logger: logger)
            let today = CivilDay(epochMillis: TestEngine.now.epochMillis)
            let range = SalesRange(from: today, to: today.adding(days: 1))
            var report = SalesReport(rows: try await db.sales.dailySales(in: range), range: range, grouping: .day)
            #expect(report.totals.coinsGranted == 250)
            #expect(report.totals.coinsSpentOnSongs == 60)
            #expect(report.totals.coinsSpentOnAlbums == 16)
            #expect(report.totals.purchases == 3)
            #expect(report.totals.newBuyers == 2)
            #expect(report.periods.map(\.figures.coinsSpentOnSongs) == [60, 0])

            // After the migration the triggers count each new row once, in its own transaction.
            try await buy("u1", .track(songs[1]), "k4", at: 86_400)
            report = SalesReport(rows: try await db.sales.dailySales(in: range), range: range, grouping: .day)
            #expect(report.periods.map(\.figures.coinsSpentOnSongs) == [60, 20])
            let top = try await db.sales.topSellers(in: range, limit: 10)
            #expect(top.tracks.map(\.id) == [songs[0], songs[1]])
            #expect(top.tracks.map(\.coins) == [60, 20])
            #expect(top.tracks.first?.title == "Song 1 of a1")
            #expect(top.albums.map(\.id) == ["a2"])
            #expect(top.artists.map(\.id) == ["ar-a1", "ar-a2"])
            #expect(top.artists.map(\.coins) == [80, 16])
            // Outside the range: nothing.
            let before = SalesRange(from: today.adding(days: -5), to: today.adding(days: -1))
            #expect(try await db.sales.dailySales(in: before).isEmpty)
        }
    }
}
