import Foundation
import SQLKit
import SoTubeCore

/// The ledger: writing entries, a user's history, and the facts `sotube ledger verify` checks.
extension SQLCommerceStore {
    /// Writes ledger entries, one multi-row insert: the one place a `ledger_entries` row is written.
    static func insertLedger(_ db: any SQLDatabase, _ entries: [(entry: LedgerEntry, idempotencyKey: String?)])
        async throws
    {
        guard !entries.isEmpty else { return }
        var insert = db.insert(into: "ledger_entries").columns(
            "id", "user_id", "kind", "reference", "delta", "balance_after", "description", "money_amount",
            "money_currency", "idempotency_key", "created_at")
        for (entry, idempotencyKey) in entries {
            insert = insert.values(
                entry.id, entry.userID, entry.kind.rawValue, entry.reference, entry.delta, entry.balanceAfter,
                entry.description, entry.money?.amount, entry.money?.currency, idempotencyKey,
                entry.createdAt.epochMillis)
        }
        try await insert.run()
    }

    public func history(userID: String, limit: Int) async throws -> [LedgerEntry] {
        try await backend.read { db in
            try await db.raw(
                """
                SELECT id, user_id, kind, reference, delta, balance_after, description, money_amount,
                    money_currency, created_at
                FROM ledger_entries WHERE user_id = \(bind: userID)
                ORDER BY created_at DESC, id DESC LIMIT \(literal: limit)
                """
            ).all().map { row in
                let amount = try row.decode(column: "money_amount", as: Int?.self)
                let currency = try row.decode(column: "money_currency", as: String?.self)
                return LedgerEntry(
                    id: try row.decode(column: "id", as: String.self),
                    userID: try row.decode(column: "user_id", as: String.self),
                    kind: LedgerKind(rawValue: try row.decode(column: "kind", as: String.self)) ?? .grant,
                    reference: try row.decode(column: "reference", as: String.self),
                    delta: try row.decode(column: "delta", as: Int.self),
                    balanceAfter: try row.decode(column: "balance_after", as: Int.self),
                    description: try row.decode(column: "description", as: String.self),
                    money: amount.flatMap { amount in currency.map { Money(amount: amount, currency: $0) } },
                    createdAt: Date(epochMillis: try row.decode(column: "created_at", as: Int64.self)))
            }
        }
    }

    /// Read in one transaction so the facts are a consistent snapshot while the store is busy.
    public func ledgerFacts() async throws -> LedgerFacts {
        let snapshot = backend.dialect.snapshotTransactionStart
        return try await backend.transaction { db in
            if let snapshot { try await db.raw(SQLQueryString(snapshot)).run() }
            let accounts = try await db.raw(
                """
                SELECT u.id, u.username, u.coins,
                    CAST(COALESCE((SELECT SUM(l.delta) FROM ledger_entries l WHERE l.user_id = u.id), 0) AS BIGINT) AS total
                FROM users u ORDER BY u.username_key
                """
            ).all().map {
                LedgerFacts.Account(
                    userID: try $0.decode(column: "id", as: String.self),
                    username: try $0.decode(column: "username", as: String.self),
                    cachedBalance: try $0.decode(column: "coins", as: Int.self),
                    ledgerSum: try $0.decode(column: "total", as: Int.self))
            }
            let purchases = try await Self.movements(
                db,
                """
                SELECT p.id, -p.coins AS expected, COUNT(l.id) AS n, CAST(COALESCE(SUM(l.delta), 0) AS BIGINT) AS total
                FROM purchases p LEFT JOIN ledger_entries l ON l.kind = 'purchase' AND l.reference = p.id
                GROUP BY p.id, p.coins ORDER BY p.id
                """)
            let topUps = try await Self.movements(
                db,
                """
                SELECT t.id, t.coins AS expected, COUNT(l.id) AS n, CAST(COALESCE(SUM(l.delta), 0) AS BIGINT) AS total
                FROM top_ups t LEFT JOIN ledger_entries l ON l.kind = 'top-up' AND l.reference = t.id
                WHERE t.status = 'captured' GROUP BY t.id, t.coins ORDER BY t.id
                """)
            let orphans = try await db.raw(
                """
                SELECT l.id FROM ledger_entries l
                WHERE (l.kind = 'purchase' AND NOT EXISTS (SELECT 1 FROM purchases p WHERE p.id = l.reference))
                   OR (l.kind = 'top-up' AND NOT EXISTS (
                        SELECT 1 FROM top_ups t WHERE t.id = l.reference AND t.status = 'captured'))
                   OR (l.kind = 'refund' AND NOT EXISTS (
                        SELECT 1 FROM top_up_refunds r WHERE r.id = l.reference OR r.id || '.reversed' = l.reference))
                   OR (l.kind = 'purchase-refund' AND NOT EXISTS (SELECT 1 FROM purchases p WHERE p.id = l.reference))
                ORDER BY l.id
                """
            ).all().map { try $0.decode(column: "id", as: String.self) }
            let unpaid = try await db.raw(
                """
                SELECT o.user_id, o.track_id FROM owned_tracks o
                WHERE NOT EXISTS (SELECT 1 FROM purchases p WHERE p.id = o.purchase_id AND p.user_id = o.user_id)
                """
            ).all().map {
                "\(try $0.decode(column: "track_id", as: String.self)) of user \(try $0.decode(column: "user_id", as: String.self))"
            }
            let entryCount =
                try await db.raw("SELECT COUNT(*) AS n FROM ledger_entries").first()?.decode(
                    column: "n", as: Int.self)
                ?? 0
            var facts = LedgerFacts(
                accounts: accounts, purchases: purchases, topUps: topUps, orphanEntryIDs: orphans,
                unpaidOwnership: unpaid, entryCount: entryCount)
            facts.refunds = try await Self.movements(
                db,
                """
                SELECT r.id, CASE WHEN r.status = 'failed' THEN 0 ELSE -r.coins END AS expected, COUNT(l.id) AS n,
                    CAST(COALESCE(SUM(l.delta), 0) AS BIGINT) AS total
                FROM top_up_refunds r LEFT JOIN ledger_entries l ON l.kind = 'refund'
                    AND (l.reference = r.id OR l.reference = r.id || '.reversed')
                GROUP BY r.id, r.status, r.coins ORDER BY r.id
                """)
            // Each refunded purchase: one entry giving its coins back; and no such entry without one.
            facts.refunds += try await Self.movements(
                db,
                """
                SELECT p.id, CASE WHEN p.refunded_at IS NULL THEN 0 ELSE p.coins END AS expected, COUNT(l.id) AS n,
                    CAST(COALESCE(SUM(l.delta), 0) AS BIGINT) AS total
                FROM purchases p JOIN ledger_entries l ON l.kind = 'purchase-refund' AND l.reference = p.id
                GROUP BY p.id, p.refunded_at, p.coins
                UNION ALL
                SELECT p.id, p.coins AS expected, 0 AS n, 0 AS total FROM purchases p
                WHERE p.refunded_at IS NOT NULL AND NOT EXISTS (
                    SELECT 1 FROM ledger_entries l WHERE l.kind = 'purchase-refund' AND l.reference = p.id)
                ORDER BY 1
                """)
            facts.payments = try await Self.payments(db)
            try await SQLSellerStore.facts(db, into: &facts)
            return facts
        }
    }

    /// Each captured top-up with what was paid and the refunds that were not refused.
    static func payments(_ db: any SQLDatabase) async throws -> [LedgerFacts.Payment] {
        try await db.raw(
            """
            SELECT t.id, t.provider_reference, t.amount, t.currency, t.paid_amount, t.paid_currency, t.coins,
                t.refunded_coins, t.refunded_amount,
                CAST(COALESCE(SUM(r.coins), 0) AS BIGINT) AS refund_coins,
                CAST(COALESCE(SUM(r.amount), 0) AS BIGINT) AS refund_amount
            FROM top_ups t LEFT JOIN top_up_refunds r ON r.top_up_id = t.id AND r.status <> 'failed'
            WHERE t.status = 'captured'
            GROUP BY t.id, t.provider_reference, t.amount, t.currency, t.paid_amount, t.paid_currency, t.coins,
                t.refunded_coins, t.refunded_amount
            ORDER BY t.id
            """
        ).all().map { row in
            let paidAmount = try row.decode(column: "paid_amount", as: Int?.self)
            let paidCurrency = try row.decode(column: "paid_currency", as: String?.self)
            return LedgerFacts.Payment(
                topUpID: try row.decode(column: "id", as: String.self),
                providerReference: try row.decode(column: "provider_reference", as: String.self),
                price: Money(
                    amount: try row.decode(column: "amount", as: Int.self),
                    currency: try row.decode(column: "currency", as: String.self)),
                paid: paidAmount.flatMap { amount in paidCurrency.map { Money(amount: amount, currency: $0) } },
                coins: try row.decode(column: "coins", as: Int.self),
                refundedCoins: try row.decode(column: "refunded_coins", as: Int.self),
                refundedAmount: try row.decode(column: "refunded_amount", as: Int.self),
                refundRowsCoins: try row.decode(column: "refund_coins", as: Int.self),
                refundRowsAmount: try row.decode(column: "refund_amount", as: Int.self))
        }
    }

    static func movements(_ db: any SQLDatabase, _ sql: String) async throws -> [LedgerFacts.Movement] {
        try await db.raw(SQLQueryString(sql)).all().map {
            LedgerFacts.Movement(
                id: try $0.decode(column: "id", as: String.self),
                expectedDelta: try $0.decode(column: "expected", as: Int.self),
                entryCount: try $0.decode(column: "n", as: Int.self),
                entrySum: try $0.decode(column: "total", as: Int.self))
        }
    }
}
