import Foundation
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// Purchases from two servers racing on one database, as a cluster's servers do on PostgreSQL (the
/// engine several servers share; a SQLite file has one server, whose purchases one writer orders).
@Suite struct TwoServerPurchaseTests {
    /// One buyer with coins for 5 of 12 songs sends every song to both servers under the same key, and a
    /// rich buyer does the same. Each key is charged once (the other server answers from it),
    /// nobody is charged twice or below zero, and the ledger stays exact.
    @Test(arguments: TestEngine.severalServers)
    func twoServersSentTheSameKeysChargeEachOnce(_ engine: TestEngine) async throws {
        try await Self.onTwoServers(engine) { db, stores, tracks in
            try await CommerceCatalog.user(db, "poor", coins: 50)
            try await CommerceCatalog.user(db, "rich", coins: 1_000)
            let answers = try await withThrowingTaskGroup(of: (String, String).self) { group in
                for (index, track) in tracks.enumerated() {
                    for user in ["poor", "rich"] {
                        for (server, store) in stores.enumerated() {
                            let command = PurchaseCommand(
                                userID: user, target: .track(track), idempotencyKey: "\(user)-\(index)",
                                purchaseID: "p-\(user)-\(index)-\(server)",
                                ledgerEntryID: "l-\(user)-\(index)-\(server)", now: TestEngine.now)
                            group.addTask { (user, await CommerceStoreContractTests.attempt(store, command)) }
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(!answers.contains { $0.1 == "error" }, "\(answers)")
            let poor = try await db.commerce.purchases(userID: "poor")
            #expect(poor.count == 5 && Set(poor.flatMap(\.trackIDs)).count == 5)
            #expect(try await db.commerce.balance(userID: "poor") == 0)
            let rich = try await db.commerce.purchases(userID: "rich")
            #expect(rich.count == 12 && Set(rich.flatMap(\.trackIDs)).count == 12)
            #expect(try await db.commerce.balance(userID: "rich") == 880)
            // Each song's key went to both servers: one bought it, the other replayed that purchase.
            #expect(answers.filter { $0 == ("rich", "bought") }.count == 12)
            #expect(answers.filter { $0 == ("rich", "replayed") }.count == 12)
            let report = LedgerReport(facts: try await db.commerce.ledgerFacts())
            #expect(report.isExact, "\(report.problems)")
        }
    }

    /// Two servers debit one buyer for different songs at once (six songs sent to each, coins for
    /// eight): eight are bought, four refused for want of coins, and the balance ends at zero.
    @Test(arguments: TestEngine.severalServers)
    func twoServersDebitingOneBuyerNeverOverspend(_ engine: TestEngine) async throws {
        try await Self.onTwoServers(engine) { db, stores, tracks in
            try await CommerceCatalog.user(db, "buyer", coins: 80)
            let answers = try await withThrowingTaskGroup(of: String.self) { group in
                for (index, track) in tracks.enumerated() {
                    let store = stores[index % 2]
                    let command = PurchaseCommand(
                        userID: "buyer", target: .track(track), idempotencyKey: "k\(index)",
                        purchaseID: "p\(index)",
                        ledgerEntryID: "l\(index)", now: TestEngine.now)
                    group.addTask { await CommerceStoreContractTests.attempt(store, command) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.filter { $0 == "bought" }.count == 8, "\(answers)")
            #expect(answers.filter { $0 == "402" }.count == 4, "\(answers)")
            #expect(try await db.commerce.balance(userID: "buyer") == 0)
            #expect(try await db.commerce.purchases(userID: "buyer").count == 8)
            let report = LedgerReport(facts: try await db.commerce.ledgerFacts())
            #expect(report.isExact, "\(report.problems)")
        }
    }

    /// Song and album purchases of one artist at once, over both servers: the day's shared dashboard
    /// rows are taken in the same order by both kinds, so none deadlocks (with the song's writes in
    /// PostgreSQL's own CTE order, a cluster soak met a deadlock a second).
    @Test(arguments: TestEngine.severalServers)
    func songsAndAlbumsOfOneArtistBoughtAtOnceNeverDeadlock(_ engine: TestEngine) async throws {
        try await Self.onTwoServers(engine) { db, stores, tracks in
            try await CommerceCatalog.album(db.backend, "a2", prices: [5, 5])
            try await db.backend.transaction { sql in
                try await sql.raw("UPDATE albums SET artist_id = 'ar-a1' WHERE id = 'a2'").run()
                try await sql.raw("UPDATE tracks SET artist_id = 'ar-a1' WHERE album_id = 'a2'").run()
            }
            let buyers = (0..<16).map { "b\($0)" }
            for buyer in buyers { try await CommerceCatalog.user(db, buyer, coins: 1_000) }
            let answers = try await withThrowingTaskGroup(of: String.self) { group in
                for (number, buyer) in buyers.enumerated() {
                    let targets = [PurchaseTarget.album("a2")] + tracks.prefix(6).map { PurchaseTarget.track($0) }
                    for (index, target) in targets.enumerated() {
                        let command = PurchaseCommand(
                            userID: buyer, target: target, idempotencyKey: "\(buyer)-\(index)",
                            purchaseID: "p-\(buyer)-\(index)", ledgerEntryID: "l-\(buyer)-\(index)",
                            now: TestEngine.now)
                        let store = stores[(number + index) % 2]
                        group.addTask { await CommerceStoreContractTests.attempt(store, command) }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(
                answers.count == 112 && answers.allSatisfy { $0 == "bought" }, "\(answers.filter { $0 != "bought" })")
            let report = LedgerReport(facts: try await db.commerce.ledgerFacts())
            #expect(report.isExact, "\(report.problems)")
        }
    }

    /// `body` on a fresh database with twelve songs of 10 coins (album "a1"), given the commerce stores
    /// of two servers on it (two handles, as two processes have).
    static func onTwoServers(
        _ engine: TestEngine,
        _ body: @escaping (SoTubeDatabase, [SQLCommerceStore], [String]) async throws -> Void
    ) async throws {
        let fresh = try await engine.freshDatabase()
        try await fresh.use { db in
            let other = try await SoTubeDatabase.open(
                DatabaseSettings(location: fresh.location), now: TestEngine.now, logger: TestEngine.logger,
                migrate: false)
            do {
                let tracks = try await CommerceCatalog.album(db.backend, "a1", prices: Array(repeating: 10, count: 12))
                try await body(db, [db.commerce, other.commerce], tracks)
            } catch {
                await other.shutdown()
                throw error
            }
            await other.shutdown()
        }
    }
}
