import Foundation
import SQLKit
import SoTubeCore

/// A seller's sales as its statements show them, and the facts `sotube ledger verify` checks.
extension SQLSellerStore {
    /// The account's sales from `from` (inclusive) to `to` (exclusive), newest first, at most `limit`.
    public func sales(accountID: String, from: Int64 = .min, to: Int64 = .max, limit: Int = 1000) async throws
        -> [SellerSale]
    {
        try await backend.read { db in try await Self.sales(db, accountID: accountID, from: from, to: to, limit: limit)
        }
    }

    static func sales(_ db: any SQLDatabase, accountID: String, from: Int64, to: Int64, limit: Int) async throws
        -> [SellerSale]
    {
        try await db.raw(
            """
            SELECT e.reference, e.created_at, e.artist_id, ar.name AS artist_name, p.kind, p.title, e.gross, e.delta,
                e.pre_order
            FROM earnings e LEFT JOIN purchases p ON p.id = e.reference
                LEFT JOIN artists ar ON ar.id = e.artist_id
            WHERE e.account = \(bind: accountID) AND e.kind = 'sale'
                AND e.created_at >= \(bind: from) AND e.created_at < \(bind: to)
            ORDER BY e.created_at DESC, e.id DESC LIMIT \(bind: limit)
            """
        ).all().map { row in
            let at = try row.decode(column: "created_at", as: Int64.self)
            let gross = try row.decode(column: "gross", as: Int.self)
            let net = try row.decode(column: "delta", as: Int.self)
            return SellerSale(
                purchaseID: try row.decode(column: "reference", as: String.self), at: Date(epochMillis: at),
                artistID: try row.decode(column: "artist_id", as: String?.self) ?? "",
                artistName: try row.decode(column: "artist_name", as: String?.self) ?? "",
                kind: PurchaseKind(rawValue: try row.decode(column: "kind", as: String?.self) ?? "") ?? .track,
                title: try row.decode(column: "title", as: String?.self) ?? "", gross: gross, commission: gross - net,
                net: net, preOrder: try row.decode(column: "pre_order", as: Int.self) != 0)
        }
    }

    /// All-time sums of the account's sales.
    public func totals(accountID: String) async throws -> SalesTotals {
        try await backend.read { db in
            guard
                let row = try await db.raw(
                    """
                    SELECT COUNT(*) AS n, CAST(COALESCE(SUM(gross), 0) AS BIGINT) AS gross,
                        CAST(COALESCE(SUM(delta), 0) AS BIGINT) AS net
                    FROM earnings WHERE account = \(bind: accountID) AND kind = 'sale'
                    """
                ).first()
            else { return SalesTotals() }
            let gross = try row.decode(column: "gross", as: Int.self)
            let net = try row.decode(column: "net", as: Int.self)
            return SalesTotals(
                sales: try row.decode(column: "n", as: Int.self), gross: gross, commission: gross - net, net: net)
        }
    }

    /// The account's month: every sale and payout in it, and the balance before and after.
    public func statement(accountID: String, month: StatementMonth) async throws -> SellerStatement {
        try await backend.read { db in
            let from = month.startMillis
            let to = month.endMillis
            func balance(before millis: Int64) async throws -> Int {
                try await db.raw(
                    """
                    SELECT CAST(COALESCE(SUM(delta), 0) AS BIGINT) AS total FROM earnings
                    WHERE account = \(bind: accountID) AND created_at < \(bind: millis)
                    """
                ).first()?.decode(column: "total", as: Int.self) ?? 0
            }
            return SellerStatement(
                month: month,
                lines: try await Self.sales(db, accountID: accountID, from: from, to: to, limit: 100_000).reversed(),
                payouts: try await Self.payouts(db, accountID: accountID, from: from, to: to).reversed(),
                openingBalance: try await balance(before: from), closingBalance: try await balance(before: to))
        }
    }

    /// Each seller's cached balance against its entries, each split sale against its purchase, each
    /// payout against its entry (`LedgerReport`).
    static func facts(_ db: any SQLDatabase, into facts: inout LedgerFacts) async throws {
        facts.sellerAccounts = try await db.raw(
            """
            SELECT b.account, COALESCE(u.username, b.account) AS username, b.balance,
                (SELECT CAST(COALESCE(SUM(e.delta), 0) AS BIGINT) FROM earnings e WHERE e.account = b.account) AS total
            FROM earning_balances b LEFT JOIN users u ON u.id = b.account ORDER BY b.account
            """
        ).all().map {
            LedgerFacts.Account(
                userID: try $0.decode(column: "account", as: String.self),
                username: try $0.decode(column: "username", as: String.self),
                cachedBalance: try $0.decode(column: "balance", as: Int.self),
                ledgerSum: try $0.decode(column: "total", as: Int.self))
        }
        facts.sellerSales = try await SQLCommerceStore.movements(
            db,
            """
            SELECT e.reference AS id,
                COALESCE(MAX(CASE WHEN p.refunded_at IS NULL THEN p.coins ELSE 0 END), -1) AS expected,
                COUNT(*) AS n, CAST(SUM(e.delta) AS BIGINT) AS total
            FROM earnings e LEFT JOIN purchases p ON p.id = e.reference
            WHERE e.kind IN ('sale', 'commission', 'reversal', 'commission-reversal')
            GROUP BY e.reference ORDER BY e.reference
            """)
        facts.payouts = try await SQLCommerceStore.movements(
            db,
            """
            SELECT p.id, -p.coins AS expected, COUNT(e.id) AS n, CAST(COALESCE(SUM(e.delta), 0) AS BIGINT) AS total
            FROM payouts p LEFT JOIN earnings e ON e.kind = 'payout' AND e.reference = p.id
            GROUP BY p.id, p.coins ORDER BY p.id
            """)
    }
}
