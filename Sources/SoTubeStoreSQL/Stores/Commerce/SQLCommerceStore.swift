import Foundation
import SQLKit
import SoTubeCore

/// Coins, packs, purchases, top-ups, gift codes and the ledger on any `SQLBackend`.
/// Split by concern: `+Purchases` (and the rows they write, `+PurchaseRows`), `+TopUps`, `+Codes`,
/// `+Ledger`; SQLite group commit in `+GroupCommit` and `+BatchedTracks`.
public struct SQLCommerceStore: CommerceStore {
    let backend: any SQLBackend
    /// SQLite only: writes concurrent purchases in shared transactions (see `PurchaseBatcher`).
    let batcher: PurchaseBatcher?

    package init(backend: any SQLBackend) {
        self.backend = backend
        self.batcher = backend.dialect == .sqlite ? PurchaseBatcher(backend: backend) : nil
    }

    public func balance(userID: String) async throws -> Int? {
        try await backend.read { db in
            try await db.raw("SELECT coins FROM users WHERE id = \(bind: userID)").first()?
                .decode(column: "coins", as: Int.self)
        }
    }

    // MARK: coin packs

    public func coinPacks() async throws -> [CoinPack] {
        try await backend.read { db in
            try await db.raw(
                "SELECT id, coins, amount, currency, position FROM coin_packs ORDER BY position, coins, id"
            )
            .all().map(Self.decodePack)
        }
    }

    public func coinPack(id: String) async throws -> CoinPack? {
        try await backend.read { db in
            try await db.raw(
                "SELECT id, coins, amount, currency, position FROM coin_packs WHERE id = \(bind: id)"
            )
            .first().map(Self.decodePack)
        }
    }

    public func saveCoinPack(_ pack: CoinPack, now: Date) async throws {
        try await backend.transaction { db in
            try await db.raw("DELETE FROM coin_packs WHERE id = \(bind: pack.id)").run()
            try await db.raw(
                """
                INSERT INTO coin_packs (id, coins, amount, currency, position, updated_at)
                VALUES (\(bind: pack.id), \(bind: pack.coins), \(bind: pack.price.amount),
                    \(bind: pack.price.currency), \(bind: pack.position), \(bind: now.epochMillis))
                """
            ).run()
        }
    }

    public func removeCoinPack(id: String) async throws -> Bool {
        try await backend.transaction { db in
            try await db.raw("DELETE FROM coin_packs WHERE id = \(bind: id) RETURNING id").first() != nil
        }
    }

    static func decodePack(_ row: any SQLRow) throws -> CoinPack {
        CoinPack(
            id: try row.decode(column: "id", as: String.self),
            coins: try row.decode(column: "coins", as: Int.self),
            price: Money(
                amount: try row.decode(column: "amount", as: Int.self),
                currency: try row.decode(column: "currency", as: String.self)),
            position: try row.decode(column: "position", as: Int.self))
    }

    // MARK: shared steps (inside a transaction)

    /// Adds `coins` to the cached balance and writes the matching ledger entry; returns the new balance.
    static func credit(
        _ db: any SQLDatabase, userID: String, coins: Int, entryID: String, kind: LedgerKind,
        reference: String,
        description: String, money: Money?, now: Date
    ) async throws -> Int {
        guard
            let balance = try await db.raw(
                "UPDATE users SET coins = coins + \(bind: coins) WHERE id = \(bind: userID) RETURNING coins"
            ).first()?.decode(column: "coins", as: Int.self)
        else { throw DomainError.notFound(what: "The user") }
        let entry = LedgerEntry(
            id: entryID, userID: userID, kind: kind, reference: reference, delta: coins, balanceAfter: balance,
            description: description, money: money, createdAt: now)
        try await insertLedger(db, [(entry, idempotencyKey: nil)])
        return balance
    }
}
