import Foundation
import SQLKit
import SoTubeCore
import SoTubeTestFixtures
import Testing

@testable import SoTubeStoreSQL

/// The dashboard's sums on PostgreSQL, whose sales rows wait in `sales_pending` until folded
/// (`Migration028SalesPending`): what the dashboard reads equals what the ledger and the purchases
/// hold, on both engines, with two servers folding at once, and for stores copied from SQLite.
@Suite(.serialized) struct SalesPendingTests {
    static let dayMillis: Int64 = 86_400_000

    /// Songs, an album, a grant and a refund made just before the read: the figures read at once equal
    /// the rows' own sums (the refunded song's sale stays counted, as SQLite's triggers count it).
    @Test(arguments: TestEngine.enabled)
    func theDashboardReadAtOnceCountsEverySale(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            let songs = try await CommerceCatalog.album(db.backend, "a1", prices: [30, 20, 10])
            try await CommerceCatalog.album(db.backend, "a2", prices: [10, 10])
            try await CommerceCatalog.user(db, "u1", coins: 200)
            try await CommerceCatalog.user(db, "u2", coins: 100)
            let buys: [(String, PurchaseTarget)] = [
                ("u1", .track(songs[0])), ("u1", .track(songs[1])), ("u2", .track(songs[0])), ("u2", .album("a2")),
            ]
            for (index, (user, target)) in buys.enumerated() {
                _ = try await db.commerce.purchase(
                    PurchaseCommand(
                        userID: user, target: target, idempotencyKey: "k\(index)", purchaseID: "p\(index)",
                        ledgerEntryID: "l\(index)", now: TestEngine.now))
            }
            _ = try await db.commerce.refundPurchase(
                id: "p1", ledgerEntryID: "r1", now: TestEngine.now,
                audit: PurchaseRefundTests.audit("audit-r1"))

            let today = CivilDay(epochMillis: TestEngine.now.epochMillis)
            let range = SalesRange(from: today, to: today)
            let rows = try await db.sales.dailySales(in: range)
            #expect(Self.described(rows) == (try await Self.ledgerSums(db.backend, day: today.daysSinceEpoch)))
            let report = SalesReport(rows: rows, range: range, grouping: .day)
            #expect(report.totals.coinsSpentOnSongs == 80)
            #expect(report.totals.coinsSpentOnAlbums == 16)
            #expect(report.totals.purchases == 4)
            let top = try await db.sales.topSellers(in: range, limit: 10)
            #expect(top.tracks.map { "\($0.id):\($0.coins):\($0.sales)" } == ["\(songs[0]):60:2", "\(songs[1]):20:1"])
            #expect(top.albums.map { "\($0.id):\($0.coins)" } == ["a2:16"])
            #expect(top.artists.map { "\($0.id):\($0.coins)" } == ["ar-a1:80", "ar-a2:16"])
            if db.backend.dialect == .postgres { #expect(try await Self.waiting(db.backend) == 0) }
        }
    }

    /// Two servers buy songs and albums of one artist while each reads the dashboard over and over: no
    /// fold deadlocks with another or with a purchase, and every sale is counted once.
    @Test(arguments: TestEngine.severalServers)
    func twoServersFoldingAtOnceCountEverySaleOnce(_ engine: TestEngine) async throws {
        let fresh = try await engine.freshDatabase()
        try await fresh.use { db in
            let other = try await SoTubeDatabase.open(
                DatabaseSettings(location: fresh.location), now: TestEngine.now, logger: TestEngine.logger,
                migrate: false)
            do {
                try await Self.buyAndRead(db, other)
            } catch {
                await other.shutdown()
                throw error
            }
            await other.shutdown()
        }
    }

    /// Twelve buyers' songs and album over both handles, with both reading the dashboard meanwhile.
    static func buyAndRead(_ db: SoTubeDatabase, _ other: SoTubeDatabase) async throws {
        let tracks = try await CommerceCatalog.album(db.backend, "a1", prices: Array(repeating: 10, count: 5))
        let stores = [db.commerce, other.commerce]
        try await CommerceCatalog.album(db.backend, "a2", prices: [5, 5])
        let buyers = (0..<12).map { "b\($0)" }
        for buyer in buyers { try await CommerceCatalog.user(db, buyer, coins: 1_000) }
        let today = CivilDay(epochMillis: TestEngine.now.epochMillis)
        let range = SalesRange(from: today, to: today)
        let answers = try await withThrowingTaskGroup(of: String.self) { group in
            for (number, buyer) in buyers.enumerated() {
                let targets = [PurchaseTarget.album("a2")] + tracks.prefix(5).map { PurchaseTarget.track($0) }
                for (index, target) in targets.enumerated() {
                    let command = PurchaseCommand(
                        userID: buyer, target: target, idempotencyKey: "\(buyer)-\(index)",
                        purchaseID: "p-\(buyer)-\(index)", ledgerEntryID: "l-\(buyer)-\(index)",
                        now: TestEngine.now)
                    let store = stores[(number + index) % 2]
                    group.addTask { await CommerceStoreContractTests.attempt(store, command) }
                }
            }
            for reader in [db, other] {
                group.addTask {
                    for _ in 0..<20 { _ = try await reader.sales.dailySales(in: range) }
                    return "read"
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.filter { $0 == "bought" }.count == 72, "\(answers.filter { $0 != "bought" })")
        let rows = try await db.sales.dailySales(in: range)
        #expect(Self.described(rows) == (try await Self.ledgerSums(db.backend, day: today.daysSinceEpoch)))
        let top = try await db.sales.topSellers(in: range, limit: 10)
        #expect(top.tracks.map(\.sales) == Array(repeating: 12, count: 5))
        #expect(top.albums.map { "\($0.id):\($0.sales)" } == ["a2:12"])
    }

    /// A server (`DatabaseSettings.foldsSales`) folds what it wrote about a second later, with nobody
    /// reading the dashboard.
    @Test(arguments: TestEngine.severalServers)
    func aServerFoldsWhatItWroteWithoutBeingAsked(_ engine: TestEngine) async throws {
        let fresh = try await engine.freshDatabase()
        try await fresh.use { db in
            let server = try await SoTubeDatabase.open(
                DatabaseSettings(location: fresh.location, foldsSales: true), now: TestEngine.now,
                logger: TestEngine.logger, migrate: false)
            do {
                try await Self.buyAndWaitForTheFold(db, server)
            } catch {
                await server.shutdown()
                throw error
            }
            await server.shutdown()
        }
    }

    static func buyAndWaitForTheFold(_ db: SoTubeDatabase, _ server: SoTubeDatabase) async throws {
        let songs = try await CommerceCatalog.album(db.backend, "a1", prices: [7])
        try await CommerceCatalog.user(db, "u1", coins: 50)
        _ = try await server.commerce.purchase(
            PurchaseCommand(
                userID: "u1", target: .track(songs[0]), idempotencyKey: "k", purchaseID: "p", ledgerEntryID: "l",
                now: TestEngine.now))
        let deadline = ContinuousClock.now + .seconds(20)
        while try await Self.waiting(db.backend) > 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(try await Self.waiting(db.backend) == 0)
        let sold = try await db.backend.read { sql in
            try await sql.raw("SELECT coins, sales FROM sales_items WHERE item_kind = 'track'").all().map {
                "\(try $0.decode(column: "coins", as: Int.self)):\(try $0.decode(column: "sales", as: Int.self))"
            }
        }
        #expect(sold == ["7:1"])
    }

    /// `sotube migrate-to` copies a store's songs owned before the purchases they came from, and folds
    /// the sales rows in its transaction: the copy's dashboard shows what the SQLite store's showed.
    @Test(.enabled(if: TestEngine.postgresURL != nil))
    func aCopiedStoreShowsTheSameFigures() async throws {
        try await TestEngine.sqlite.freshDatabase().use { source in
            let songs = try await CommerceCatalog.album(source.backend, "a1", prices: [30, 20])
            try await CommerceCatalog.album(source.backend, "a2", prices: [10, 10])
            try await CommerceCatalog.user(source, "u1", coins: 200)
            for (index, target) in [PurchaseTarget.track(songs[0]), .track(songs[1]), .album("a2")].enumerated() {
                _ = try await source.commerce.purchase(
                    PurchaseCommand(
                        userID: "u1", target: target, idempotencyKey: "k\(index)", purchaseID: "p\(index)",
                        ledgerEntryID: "l\(index)", now: TestEngine.now.addingTimeInterval(Double(index) * 86_400)))
            }
            try await TestEngine.postgres.freshDatabase().use { target in
                _ = try await StoreCopy.copy(from: source, to: target)
                // Folded in the copy's own transaction: nothing waits for a server.
                #expect(try await Self.waiting(target.backend) == 0)
                let first = CivilDay(epochMillis: TestEngine.now.epochMillis)
                let range = SalesRange(from: first, to: first.adding(days: 2))
                #expect(
                    Self.described(try await target.sales.dailySales(in: range))
                        == Self.described(try await source.sales.dailySales(in: range)))
                let (copied, original) = (
                    try await target.sales.topSellers(in: range, limit: 10),
                    try await source.sales.topSellers(in: range, limit: 10)
                )
                for (found, expected) in [
                    (copied.tracks, original.tracks), (copied.albums, original.albums),
                    (copied.artists, original.artists),
                ] {
                    #expect(
                        found.map { "\($0.id):\($0.coins):\($0.sales)" }
                            == expected.map { "\($0.id):\($0.coins):\($0.sales)" })
                }
                #expect(original.tracks.count == 2 && original.artists.count == 2)
            }
        }
    }

    static func described(_ rows: [DailySalesRow]) -> [String] {
        rows.map { "\($0.day.daysSinceEpoch) \($0.metric) \($0.currency) \($0.amount) \($0.entries)" }.sorted()
    }

    /// The day's rows as the ledger, the purchases and the sign-ups give them.
    static func ledgerSums(_ backend: any SQLBackend, day: Int64) async throws -> [String] {
        let (from, to) = (day * dayMillis, (day + 1) * dayMillis)
        return try await backend.read { sql in
            try await sql.raw(
                """
                SELECT 'ledger:' || kind AS metric, '' AS currency, CAST(SUM(delta) AS BIGINT) AS amount,
                    COUNT(*) AS entries FROM ledger_entries
                WHERE created_at >= \(bind: from) AND created_at < \(bind: to) GROUP BY kind
                UNION ALL
                SELECT 'purchase:' || kind, '', CAST(SUM(coins) AS BIGINT), COUNT(*) FROM purchases
                WHERE created_at >= \(bind: from) AND created_at < \(bind: to) GROUP BY kind
                UNION ALL
                SELECT 'users', '', COUNT(*), COUNT(*) FROM users
                WHERE created_at >= \(bind: from) AND created_at < \(bind: to) HAVING COUNT(*) > 0
                """
            ).all().map {
                "\(day) \(try $0.decode(column: "metric", as: String.self)) "
                    + "\(try $0.decode(column: "currency", as: String.self)) "
                    + "\(try $0.decode(column: "amount", as: Int64.self)) \(try $0.decode(column: "entries", as: Int64.self))"
            }.sorted()
        }
    }

    static func waiting(_ backend: any SQLBackend) async throws -> Int {
        try await backend.read { sql in
            try await sql.raw("SELECT COUNT(*) AS n FROM sales_pending").first()?.decode(column: "n", as: Int.self)
                ?? -1
        }
    }
}
