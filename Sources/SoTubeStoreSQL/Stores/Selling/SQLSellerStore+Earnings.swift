import Foundation
import SQLKit
import SoTubeCore

/// What sales earned: every purchase of a song or album whose artist an account sells is split, in the
/// purchase's own transaction, into two `earnings` rows — the seller's share (kind `sale`, account the
/// seller's user id, which raises its balance) and the store's commission (kind `commission`, account
/// `store`; the store keeps no running balance, so its `balance_after` is 0). Payouts (kind `payout`)
/// take coins off a seller's balance.
extension SQLSellerStore {
    static let storeAccount = "store"

    /// Splits the purchases just written (`SQLCommerceStore.insertPurchases`) whose artist is sold by an
    /// account. One query per kind finds the sellers; purchases of unsold artists write nothing.
    static func splitSales(_ db: any SQLDatabase, _ purchases: [Purchase]) async throws {
        let songs = purchases.filter { $0.kind == .track }.compactMap(\.trackIDs.first)
        let albums = purchases.filter { $0.kind == .album }.compactMap(\.albumID)
        var sellers: [String: (artistID: String, userID: String, override: Int?, availableAt: Int64?)] = [:]
        func collect(_ rows: [any SQLRow], _ kind: String) throws {
            for row in rows {
                sellers["\(kind):\(try row.decode(column: "item", as: String.self))"] = (
                    try row.decode(column: "artist_id", as: String.self),
                    try row.decode(column: "user_id", as: String.self),
                    try row.decode(column: "commission_bp", as: Int?.self),
                    try row.decode(column: "available_at", as: Int64?.self)
                )
            }
        }
        if !songs.isEmpty {
            try collect(
                try await db.raw(
                    """
                    SELECT t.id AS item, aa.artist_id, aa.user_id, aa.commission_bp, al.available_at
                    FROM tracks t JOIN artist_accounts aa ON aa.artist_id = t.artist_id
                        JOIN albums al ON al.id = t.album_id
                    WHERE t.id IN (\(binds: songs))
                    """
                ).all(), "track")
        }
        if !albums.isEmpty {
            try collect(
                try await db.raw(
                    """
                    SELECT al.id AS item, aa.artist_id, aa.user_id, aa.commission_bp, al.available_at
                    FROM albums al JOIN artist_accounts aa ON aa.artist_id = al.artist_id WHERE al.id IN (\(binds: albums))
                    """
                ).all(), "album")
        }
        guard !sellers.isEmpty else { return }
        let settings = try await Self.settings(db)
        // The batch's splits in order; then one balance change per seller and one insert for all rows
        // (SQLite's group commit hands a whole batch here), each entry's balance_after counted up
        // from the balance before the batch.
        var splits: [(purchase: Purchase, artistID: String, seller: String, split: RevenueSplit, preOrder: Int)] = []
        var totals: [String: Int] = [:]
        for purchase in purchases {
            let item = purchase.kind == .track ? purchase.trackIDs.first : purchase.albumID
            guard let item, let seller = sellers["\(purchase.kind.rawValue):\(item)"] else { continue }
            let split = RevenueSplit(
                gross: purchase.coins, commissionBasisPoints: seller.override ?? settings.commissionBasisPoints)
            let preOrder = isPreOrder(purchase, availableAt: seller.availableAt) ? 1 : 0
            splits.append((purchase, seller.artistID, seller.userID, split, preOrder))
            totals[seller.userID, default: 0] += split.share
        }
        var running: [String: Int] = [:]
        for (account, total) in totals.sorted(by: { $0.key < $1.key }) {
            running[account] = try await credit(db, account: account, coins: total) - total
        }
        var rows = db.insert(into: "earnings").columns(
            "id", "account", "kind", "reference", "artist_id", "gross", "delta", "balance_after", "pre_order",
            "created_at")
        for entry in splits {
            let balance = (running[entry.seller] ?? 0) + entry.split.share
            running[entry.seller] = balance
            let (purchase, split, now) = (entry.purchase, entry.split, entry.purchase.createdAt.epochMillis)
            rows = rows.values(
                "\(purchase.id).share", entry.seller, "sale", purchase.id, entry.artistID, split.gross, split.share,
                balance, entry.preOrder, now
            ).values(
                "\(purchase.id).commission", storeAccount, "commission", purchase.id, entry.artistID, split.gross,
                split.commission, 0, entry.preOrder, now)
        }
        if !splits.isEmpty { try await rows.run() }
    }

    /// Bought before the album's release date (epoch milliseconds): a pre-order, as the statement says
    /// for good.
    static func isPreOrder(_ purchase: Purchase, availableAt: Int64?) -> Bool {
        availableAt.map { purchase.createdAt.epochMillis < $0 } == true
    }

    /// Adds `coins` (negative: takes, never below 0) to the account's balance and answers the new one;
    /// nil-free: a take larger than the balance throws conflict.
    static func credit(_ db: any SQLDatabase, account: String, coins: Int) async throws -> Int {
        if coins >= 0 {
            guard
                let balance = try await db.raw(
                    """
                    INSERT INTO earning_balances (account, balance) VALUES (\(bind: account), \(bind: coins))
                    ON CONFLICT (account) DO UPDATE SET balance = earning_balances.balance + excluded.balance
                    RETURNING balance
                    """
                ).first()?.decode(column: "balance", as: Int.self)
            else { throw StoreError.corrupt("no balance row for \(account)") }
            return balance
        }
        guard
            let balance = try await db.raw(
                """
                UPDATE earning_balances SET balance = balance + \(bind: coins)
                WHERE account = \(bind: account) AND balance >= \(bind: -coins) RETURNING balance
                """
            ).first()?.decode(column: "balance", as: Int.self)
        else {
            let current = try await Self.balance(db, account: account)
            throw DomainError.conflict(field: "coins", reason: "The balance is only \(current) coins.")
        }
        return balance
    }

    // MARK: payouts

    /// Records a payout: the payout row, its `payout` entry and the audit entry, in one transaction.
    /// 409 when the balance is smaller than the payout.
    public func recordPayout(_ payout: Payout, audit: AuditEntry) async throws -> Int {
        try await backend.transaction { db in
            let balance = try await Self.credit(db, account: payout.accountID, coins: -payout.coins)
            let now = payout.createdAt.epochMillis
            try await db.insert(into: "payouts")
                .columns(
                    "id", "account", "coins", "amount", "currency", "paid_on", "reference", "created_by", "created_at"
                )
                .values(
                    payout.id, payout.accountID, payout.coins, payout.money.amount, payout.money.currency,
                    payout.paidOn.description, payout.reference, payout.createdBy, now
                ).run()
            try await db.insert(into: "earnings")
                .columns(
                    "id", "account", "kind", "reference", "artist_id", "gross", "delta", "balance_after", "created_at"
                )
                .values(
                    "\(payout.id).payout", payout.accountID, "payout", payout.id, String?.none, 0, -payout.coins,
                    balance, now
                ).run()
            try await SQLAuditLog.insert(audit, into: db)
            return balance
        }
    }

    public func payouts(accountID: String, from: Int64 = .min, to: Int64 = .max) async throws -> [Payout] {
        try await backend.read { db in try await Self.payouts(db, accountID: accountID, from: from, to: to) }
    }

    static func payouts(_ db: any SQLDatabase, accountID: String, from: Int64, to: Int64) async throws -> [Payout] {
        try await db.raw(
            """
            SELECT id, account, coins, amount, currency, paid_on, reference, created_by, created_at FROM payouts
            WHERE account = \(bind: accountID) AND created_at >= \(bind: from) AND created_at < \(bind: to)
            ORDER BY created_at DESC, id DESC
            """
        ).all().map { row in
            Payout(
                id: try row.decode(column: "id", as: String.self), accountID: accountID,
                coins: try row.decode(column: "coins", as: Int.self),
                money: Money(
                    amount: try row.decode(column: "amount", as: Int.self),
                    currency: try row.decode(column: "currency", as: String.self)),
                paidOn: CivilDay(iso: try row.decode(column: "paid_on", as: String.self))
                    ?? CivilDay(daysSinceEpoch: 0),
                reference: try row.decode(column: "reference", as: String.self),
                createdBy: try row.decode(column: "created_by", as: String?.self),
                createdAt: Date(epochMillis: try row.decode(column: "created_at", as: Int64.self)))
        }
    }
}
