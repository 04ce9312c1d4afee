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
            #expect(try await db.audit.entries(limit: 10, before: "e2").map(\.id) == ["e1"])
            // Two in the same millisecond: the page after the first still holds the second.
            try await db.audit.append(Self.entry("e3", at: 1))
            #expect(try await db.audit.entries(limit: 1, before: nil).map(\.id) == ["e3"])
            #expect(try await db.audit.entries(limit: 10, before: "e3").map(\.id) == ["e2", "e1"])
            await #expect(throws: DomainError.self) { try await db.audit.entries(limit: 1, before: "nope") }
        }
    }

    @Test(arguments: TestEngine.enabled)
    func theMigrationSumsWhatTheLedgerHeldAndTheTriggersAddWhatComesAfter(_ engine: TestEngine) async throws {
        try await engine.freshDatabase(migrate: false).use { db in
            let logger = TestEngine.logger
            try await db.migrate(upTo: 16)
            let songs = try await CommerceCatalog.album(db.backend, "a1", prices: [30, 20])
            try await CommerceCatalog.album(db.backend, "a2", prices: [10, 10])
            try await CommerceCatalog.album(db.backend, "a3", prices: [5, 5])
            try await CommerceCatalog.user(db, "u1", coins: 200)
            try await CommerceCatalog.user(db, "u2", coins: 50)
            func buy(_ user: String, _ target: PurchaseTarget, _ key: String, at seconds: TimeInterval) async throws {
                _ = try await db.commerce.purchase(
                    PurchaseCommand(
                        userID: user, target: target, idempotencyKey: key, purchaseID: "p-\(key)",
                        ledgerEntryID: "l-\(key)", now: TestEngine.now.addingTimeInterval(seconds)))
            }
            // Bought before the migration, as the rows of that time.
            for (user, key) in [("u1", "k1"), ("u2", "k2")] {
                try await CommerceCatalog.olderPurchase(
                    db, user: user, kind: .track, albumID: "a1", trackIDs: [songs[0]], coins: 30, id: "p-\(key)",
                    at: TestEngine.now)
            }
            try await CommerceCatalog.olderPurchase(
                db, user: "u1", kind: .album, albumID: "a2", trackIDs: ["a2-t1", "a2-t2"], coins: 16, id: "p-k3",
                at: TestEngine.now.addingTimeInterval(86_400))

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
            try await buy("u2", .album("a3"), "k5", at: 86_400)
            report = SalesReport(rows: try await db.sales.dailySales(in: range), range: range, grouping: .day)
            #expect(report.periods.map(\.figures.coinsSpentOnSongs) == [60, 20])
            #expect(report.periods.map(\.figures.coinsSpentOnAlbums) == [0, 24])
            let top = try await db.sales.topSellers(in: range, limit: 10)
            #expect(top.tracks.map(\.id) == [songs[0], songs[1]])
            #expect(top.tracks.map(\.coins) == [60, 20])
            #expect(top.tracks.first?.title == "Song 1 of a1")
            #expect(top.albums.map(\.id) == ["a2", "a3"])
            #expect(top.albums.map(\.coins) == [16, 8])
            #expect(top.artists.map(\.id) == ["ar-a1", "ar-a2", "ar-a3"])
            #expect(top.artists.map(\.coins) == [80, 16, 8])
            // Outside the range: nothing.
            let before = SalesRange(from: today.adding(days: -5), to: today.adding(days: -1))
            #expect(try await db.sales.dailySales(in: before).isEmpty)
        }
    }

    /// The top sellers found through each segment's best items are the ones summing every sale gives,
    /// for ranges of days, of whole months and of both, with sales spread evenly (the hardest case:
    /// many candidates) and skewed.
    @Test(arguments: TestEngine.enabled)
    func theTopSellersAreTheOnesSummingEverySaleGives(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            var songs: [String] = []
            for album in 0..<10 {
                songs += try await CommerceCatalog.album(
                    db.backend, "al\(album)", prices: Array(repeating: 1, count: 20))
            }
            var generator = SplitMix64(seed: 20_261_127)
            let start = TestEngine.now.epochMillis - 100 * 86_400_000
            // (user, song, time, coins): even for the first 30 users, skewed toward the first songs after.
            var sales: [(user: Int, song: String, at: Int64, coins: Int)] = []
            for user in 0..<60 {
                var owned = Set<String>()
                for _ in 0..<40 {
                    let r = Double(generator.next() % 10_000) / 10_000
                    let index =
                        user < 30 ? Int(generator.next() % UInt64(songs.count)) : Int(Double(songs.count) * r * r * r)
                    guard owned.insert(songs[index]).inserted else { continue }
                    sales.append(
                        (
                            user, songs[index], start + Int64(generator.next() % UInt64(100 * 86_400_000)),
                            Int(generator.next() % 50) + 1
                        ))
                }
            }
            let planned = sales
            try await db.backend.transaction { sql in
                for user in 0..<60 {
                    try await sql.raw(
                        """
                        INSERT INTO users (id, username, username_key, email, email_key, display_name, password_hash, coins, created_at)
                        VALUES (\(bind: "u\(user)"), \(bind: "u\(user)"), \(bind: "u\(user)"), \(bind: "u\(user)@x"),
                            \(bind: "u\(user)@x"), 'U', 'x', 0, 0)
                        """
                    ).run()
                }
                for (n, sale) in planned.enumerated() {
                    let id = "p\(n)"
                    try await sql.raw(
                        """
                        INSERT INTO purchases (id, user_id, kind, album_id, title, coins, balance_after, idempotency_key,
                            request_fingerprint, created_at)
                        VALUES (\(bind: id), \(bind: "u\(sale.user)"), 'track', NULL, 'x', \(bind: sale.coins), 0, \(bind: id), 'x',
                            \(bind: sale.at))
                        """
                    ).run()
                    try await sql.raw(
                        """
                        INSERT INTO owned_tracks (user_id, track_id, purchase_id, created_at)
                        VALUES (\(bind: "u\(sale.user)"), \(bind: sale.song), \(bind: id), \(bind: sale.at))
                        """
                    ).run()
                }
            }
            let first = CivilDay(epochMillis: start)
            let ranges = [
                SalesRange(from: first, to: first.adding(days: 99)), SalesRange(from: first, to: first.adding(days: 6)),
                SalesRange(from: first.adding(days: 20), to: first.adding(days: 80)),
                SalesRange(
                    from: first.adding(days: 31).monthStart, to: first.adding(days: 62).monthStart.adding(days: -1)),
            ]
            for range in ranges {
                let top = try await db.sales.topSellers(in: range, limit: 10)
                for (kind, found) in [("track", top.tracks), ("artist", top.artists)] {
                    let expected = try await db.backend.read { sql in
                        try await sql.raw(
                            """
                            SELECT item_id, CAST(SUM(coins) AS BIGINT) AS coins FROM sales_items
                            WHERE item_kind = \(bind: kind) AND day >= \(bind: range.from.daysSinceEpoch)
                                AND day <= \(bind: range.to.daysSinceEpoch)
                            GROUP BY item_id ORDER BY SUM(coins) DESC, item_id LIMIT 10
                            """
                        ).all().map {
                            "\(try $0.decode(column: "item_id", as: String.self)):\(try $0.decode(column: "coins", as: Int64.self))"
                        }
                    }
                    #expect(found.map { "\($0.id):\($0.coins)" } == expected, "\(kind) \(range)")
                }
            }
        }
    }
}
