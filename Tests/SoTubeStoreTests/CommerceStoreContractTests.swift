import Foundation
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// The commerce store's contract, on every engine.
@Suite struct CommerceStoreContractTests {
    let now = TestEngine.now

    func command(_ user: String, _ target: PurchaseTarget, key: String, id: String) -> PurchaseCommand {
        PurchaseCommand(
            userID: user, target: target, idempotencyKey: key, purchaseID: id, ledgerEntryID: "l-\(id)",
            now: now)
    }

    @Test(arguments: TestEngine.enabled)
    func aPurchaseDebitsOnceOwnsAndWritesTheLedger(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            let store = db.commerce
            let tracks = try await CommerceCatalog.album(db.backend, "a1", prices: [30, 10])
            try await CommerceCatalog.user(db, "u1", coins: 100)

            let first = try await store.purchase(command("u1", .track(tracks[0]), key: "k1", id: "p1"))
            #expect(!first.replayed)
            #expect(first.balance == 70)
            #expect(first.purchase.coins == 30 && first.purchase.trackIDs == [tracks[0]])
            #expect(first.purchase.albumID == "a1")
            #expect(try await store.balance(userID: "u1") == 70)
            #expect(try await db.ownership.owns(userID: "u1", trackID: tracks[0]))

            // Same key, same request: the stored answer, nothing charged.
            let again = try await store.purchase(
                command("u1", .track(tracks[0]), key: "k1", id: "p-other"))
            #expect(again.replayed)
            #expect(again.purchase.id == "p1" && again.balance == 70)
            #expect(again.purchase.trackIDs == first.purchase.trackIDs)
            #expect(try await store.balance(userID: "u1") == 70)

            // Same key, another request: refused.
            await #expect(throws: DomainError.idempotencyMismatch) {
                try await store.purchase(command("u1", .track(tracks[1]), key: "k1", id: "p2"))
            }
            // Owned already, with a new key: 409, nothing charged.
            await #expect(
                throws: DomainError.conflict(field: "trackId", reason: "You already own this song.")
            ) {
                try await store.purchase(command("u1", .track(tracks[0]), key: "k2", id: "p3"))
            }
            #expect(try await store.balance(userID: "u1") == 70)

            let history = try await store.history(userID: "u1", limit: 10)
            #expect(history.map(\.delta) == [-30, 100])
            #expect(history.first?.balanceAfter == 70 && history.first?.kind == .purchase)
            #expect(history.first?.reference == "p1")
            #expect(LedgerReport(facts: try await store.ledgerFacts()).isExact)
        }
    }

    @Test(arguments: TestEngine.enabled)
    func notEnoughCoinsSaysHowManyAreMissingAndChangesNothing(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            let tracks = try await CommerceCatalog.album(db.backend, "a1", prices: [25])
            try await CommerceCatalog.user(db, "u1", coins: 10)
            await #expect(throws: DomainError.insufficientCoins(missing: 15)) {
                try await db.commerce.purchase(command("u1", .track(tracks[0]), key: "k", id: "p1"))
            }
            #expect(try await db.commerce.balance(userID: "u1") == 10)
            #expect(try await db.commerce.purchases(userID: "u1").isEmpty)
            #expect(try await !db.ownership.owns(userID: "u1", trackID: tracks[0]))
            // The failed key is free to succeed later, once there are coins.
            _ = try await db.commerce.grant(
                userID: "u1", coins: 15, ledgerEntryID: "g2", note: "t", now: now)
            let outcome = try await db.commerce.purchase(
                command("u1", .track(tracks[0]), key: "k", id: "p1"))
            #expect(outcome.balance == 0)
        }
    }

    @Test(arguments: TestEngine.enabled)
    func unknownSongsAndAlbumsAreNotFound(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            try await CommerceCatalog.user(db, "u1", coins: 10)
            await #expect(throws: DomainError.notFound(what: "The song")) {
                try await db.commerce.purchase(command("u1", .track("nope"), key: "k1", id: "p1"))
            }
            await #expect(throws: DomainError.notFound(what: "The album")) {
                try await db.commerce.purchase(command("u1", .album("nope"), key: "k2", id: "p2"))
            }
        }
    }

    @Test(arguments: TestEngine.enabled)
    func anAlbumChargesTheBundleForTheSongsNotYetOwned(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            let store = db.commerce
            // Four songs worth 80 coins; no album price → bundle 64.
            let tracks = try await CommerceCatalog.album(
                db.backend, "a1", prices: [10, 10, 20, 40], title: "Blue")
            try await CommerceCatalog.user(db, "u1", coins: 200)
            try await CommerceCatalog.user(db, "u2", coins: 200)

            let whole = try await store.purchase(command("u2", .album("a1"), key: "k", id: "p-whole"))
            #expect(whole.purchase.coins == 64 && whole.balance == 136)
            #expect(whole.purchase.kind == .album && whole.purchase.title == "Blue")
            #expect(whole.purchase.trackIDs == tracks)

            _ = try await store.purchase(command("u1", .track(tracks[3]), key: "k1", id: "p1"))  // 40
            let rest = try await store.purchase(command("u1", .album("a1"), key: "k2", id: "p2"))
            #expect(rest.purchase.coins == 32)  // 64 × 40/80
            #expect(rest.purchase.trackIDs == Array(tracks[0..<3]))
            #expect(rest.balance == 200 - 40 - 32)
            #expect(try await db.ownership.ownedCount(userID: "u1") == 4)
            await #expect(
                throws: DomainError.conflict(
                    field: "albumId", reason: "You already own every song of this album.")
            ) {
                try await store.purchase(command("u1", .album("a1"), key: "k3", id: "p3"))
            }
            let replay = try await store.purchase(command("u1", .album("a1"), key: "k2", id: "p4"))
            #expect(replay.replayed && replay.purchase == rest.purchase)

            let listed = try await store.purchases(userID: "u1")
            #expect(listed.map(\.id).sorted() == ["p1", "p2"])
            #expect(listed.first { $0.id == "p2" }?.trackIDs == Array(tracks[0..<3]))
            #expect(LedgerReport(facts: try await store.ledgerFacts()).isExact)
        }
    }

    @Test(arguments: TestEngine.enabled)
    func anAlbumWithItsOwnPriceUsesIt(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            try await CommerceCatalog.album(db.backend, "a1", prices: [10, 10, 10], albumPrice: 15)
            try await CommerceCatalog.user(db, "u1", coins: 15)
            let outcome = try await db.commerce.purchase(command("u1", .album("a1"), key: "k", id: "p"))
            #expect(outcome.purchase.coins == 15 && outcome.balance == 0)
        }
    }

    @Test(arguments: TestEngine.enabled)
    func idempotencyKeysBelongToTheirUser(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            let tracks = try await CommerceCatalog.album(db.backend, "a1", prices: [10])
            try await CommerceCatalog.user(db, "u1", coins: 10)
            try await CommerceCatalog.user(db, "u2", coins: 10)
            let one = try await db.commerce.purchase(
                command("u1", .track(tracks[0]), key: "same", id: "p1"))
            let two = try await db.commerce.purchase(
                command("u2", .track(tracks[0]), key: "same", id: "p2"))
            #expect(!two.replayed && two.purchase.id == "p2" && one.purchase.id == "p1")
        }
    }

    @Test(arguments: TestEngine.enabled)
    func aTopUpIsCreditedOnceEvenWhenCapturesRace(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            let store = db.commerce
            try await CommerceCatalog.user(db, "u1")
            let topUp = TopUp(
                id: "tu1", userID: "u1", packID: "medium", coins: 550,
                price: Money(amount: 499, currency: "USD"),
                status: .pending, provider: "sandbox", providerReference: "ref-1", createdAt: now)
            try await store.createTopUp(topUp)
            #expect(try await store.topUp(id: "tu1")?.status == .pending)
            #expect(try await store.balance(userID: "u1") == 0)

            await #expect(throws: DomainError.notFound(what: "The top-up with this provider reference")) {
                try await store.captureTopUp(
                    id: "tu1", providerReference: "forged", paid: nil, ledgerEntryID: "x", now: now)
            }
            let outcomes = try await withThrowingTaskGroup(of: CaptureOutcome.self) { group in
                for index in 0..<16 {
                    group.addTask {
                        try await store.captureTopUp(
                            id: "tu1", providerReference: "ref-1", paid: nil, ledgerEntryID: "cap-\(index)", now: now)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.filter(\.credited).count == 1)
            #expect(outcomes.allSatisfy { $0.balance == 550 && $0.topUp.status == .captured })
            #expect(try await store.balance(userID: "u1") == 550)
            let history = try await store.history(userID: "u1", limit: 10)
            #expect(history.count == 1)
            #expect(history.first?.money == Money(amount: 499, currency: "USD"))
            #expect(history.first?.kind == .topUp && history.first?.balanceAfter == 550)
            #expect(try await store.markTopUp(id: "tu1", status: .cancelled, message: nil) == false)
            #expect(LedgerReport(facts: try await store.ledgerFacts()).isExact)
        }
    }

    @Test(arguments: TestEngine.enabled)
    func declinedTopUpsMayStillBePaidButCancelledOnesNot(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            let store = db.commerce
            try await CommerceCatalog.user(db, "u1")
            for (id, reference) in [("tu1", "r1"), ("tu2", "r2")] {
                try await store.createTopUp(
                    TopUp(
                        id: id, userID: "u1", packID: "small", coins: 100,
                        price: Money(amount: 99, currency: "USD"),
                        status: .pending, provider: "sandbox", providerReference: reference, createdAt: now))
            }
            #expect(try await store.markTopUp(id: "tu1", status: .declined, message: nil))
            #expect(
                try await store.captureTopUp(
                    id: "tu1", providerReference: "r1", paid: nil, ledgerEntryID: "l1", now: now
                ).credited)
            #expect(try await store.markTopUp(id: "tu2", status: .cancelled, message: nil))
            await #expect(throws: DomainError.self) {
                try await store.captureTopUp(
                    id: "tu2", providerReference: "r2", paid: nil, ledgerEntryID: "l2", now: now)
            }
            #expect(try await store.balance(userID: "u1") == 100)
        }
    }

    @Test(arguments: TestEngine.enabled)
    func aGiftCodeIsRedeemedOnce(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            let store = db.commerce
            try await CommerceCatalog.user(db, "u1")
            try await CommerceCatalog.user(db, "u2")
            try await store.createGiftCodes([
                GiftCode(code: "AAAABBBBCCCCDDDD", coins: 300, createdAt: now),
                GiftCode(code: "EEEEFFFFGGGGHHHH", coins: 50, createdAt: now),
            ])
            let credit = try await store.redeemGiftCode(
                "AAAABBBBCCCCDDDD", userID: "u1", ledgerEntryID: "l1", now: now)
            #expect(credit == CreditOutcome(coins: 300, balance: 300))
            await #expect(
                throws: DomainError.conflict(
                    field: "code", reason: "This gift code has already been redeemed.")
            ) {
                try await store.redeemGiftCode(
                    "AAAABBBBCCCCDDDD", userID: "u2", ledgerEntryID: "l2", now: now)
            }
            await #expect(throws: DomainError.notFound(what: "The gift code")) {
                try await store.redeemGiftCode(
                    "ZZZZZZZZZZZZZZZZ", userID: "u2", ledgerEntryID: "l3", now: now)
            }
            #expect(try await store.balance(userID: "u2") == 0)
            #expect(
                try await store.history(userID: "u1", limit: 5).first?.description
                    == "Gift code AAAA-BBBB-CCCC-DDDD")
        }
    }

    @Test(arguments: TestEngine.enabled)
    func coinPacksAreSeededAndConfigurable(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            let store = db.commerce
            #expect(try await store.coinPacks() == CoinPack.defaults)
            try await store.saveCoinPack(
                CoinPack(id: "medium", coins: 600, price: Money(amount: 549, currency: "EUR"), position: 2),
                now: now)
            try await store.saveCoinPack(
                CoinPack(id: "huge", coins: 5000, price: Money(amount: 3999, currency: "USD"), position: 9),
                now: now)
            #expect(try await store.coinPack(id: "medium")?.price == Money(amount: 549, currency: "EUR"))
            #expect(try await store.removeCoinPack(id: "small"))
            #expect(try await store.removeCoinPack(id: "small") == false)
            #expect(try await store.coinPacks().map(\.id) == ["medium", "large", "huge"])
        }
    }

    @Test(arguments: TestEngine.enabled)
    func verifyCatchesABalanceWrittenBehindTheLedgersBack(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            try await CommerceCatalog.user(db, "u1", coins: 40)
            #expect(LedgerReport(facts: try await db.commerce.ledgerFacts()).isExact)
            try await db.backend.transaction { sql in
                try await sql.raw("UPDATE users SET coins = coins + 5 WHERE id = 'u1'").run()
            }
            let report = LedgerReport(facts: try await db.commerce.ledgerFacts())
            #expect(!report.isExact)
            #expect(report.problems == ["user u1 (u1): balance 45 but ledger sums to 40"])
        }
    }

    @Test(arguments: TestEngine.enabled)
    func parallelPurchasesKeepTheLedgerExact(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            let store = db.commerce
            let tracks = try await CommerceCatalog.album(
                db.backend, "a1", prices: Array(repeating: 10, count: 12))
            try await CommerceCatalog.user(db, "u1", coins: 50)
            // 12 songs with distinct keys, 12 retries of one key, 8 attempts at one song with new keys.
            let results = try await withThrowingTaskGroup(of: String.self) { group in
                for (index, track) in tracks.enumerated() {
                    group.addTask {
                        await Self.attempt(
                            store, command("u1", .track(track), key: "d\(index)", id: "pd\(index)"))
                    }
                    group.addTask {
                        await Self.attempt(
                            store, command("u1", .track(tracks[0]), key: "same", id: "ps\(index)"))
                    }
                }
                for index in 0..<8 {
                    group.addTask {
                        await Self.attempt(
                            store, command("u1", .track(tracks[1]), key: "n\(index)", id: "pn\(index)"))
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let bought = try await store.purchases(userID: "u1")
            #expect(bought.count == 5)  // 50 coins, 10 each
            #expect(Set(bought.flatMap(\.trackIDs)).count == 5)
            #expect(try await store.balance(userID: "u1") == 0)
            #expect(!results.contains("error"))
            #expect(LedgerReport(facts: try await store.ledgerFacts()).isExact)
        }
    }

    static func attempt(_ store: SQLCommerceStore, _ command: PurchaseCommand) async -> String {
        do {
            return try await store.purchase(command).replayed ? "replayed" : "bought"
        } catch let error as DomainError {
            switch error {
            case .insufficientCoins: return "402"
            case .conflict: return "409"
            case .idempotencyMismatch: return "422"
            default: return "error"
            }
        } catch {
            return "error"
        }
    }
}
