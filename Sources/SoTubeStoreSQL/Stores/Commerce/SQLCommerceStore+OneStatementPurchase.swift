import Foundation
import SQLKit
import SoTubeCore

/// PostgreSQL: a song bought at its list price in two round trips instead of nine. One query plans
/// it (as `purchase(_:_:)` does, plus the song's seller), then one statement writes it: the
/// conditional debit, the purchase, the ownership row, the ledger entry and the seller's split, as
/// data-modifying CTEs that all read the debit. A statement is its own transaction, so the rows are
/// written together or not at all, and the dashboard's deferred triggers run at its end. When the
/// debit matches no row (too few coins), nothing else is written.
///
/// Measured on a cluster (two servers, one PostgreSQL): each statement costs the database a parse and
/// a plan and the server a PostgresNIO round trip; BEGIN, COMMIT and the separate inserts were most of
/// a purchase's CPU. Albums, offers and discount codes keep the transaction of `purchase(_:_:)`.
extension SQLCommerceStore {
    /// Whether `command` is bought by `purchaseInOneStatement`.
    static func buysInOneStatement(_ command: PurchaseCommand, on dialect: StoreDialect) -> String? {
        guard dialect == .postgres, command.offeredCoins == nil, command.discountCode == nil,
            case .track(let trackID) = command.target
        else { return nil }
        return trackID
    }

    static func purchaseInOneStatement(_ db: any SQLDatabase, _ command: PurchaseCommand, trackID: String)
        async throws -> PurchaseOutcome
    {
        let user = command.userID
        guard
            let row = try await db.raw(
                """
                SELECT (SELECT p.id FROM purchases p
                        WHERE p.user_id = \(bind: user) AND p.idempotency_key = \(bind: command.idempotencyKey)
                    ) AS prior_id,
                    t.id, t.title, t.price, t.album_id, t.ready, t.withdrawn_at, t.name_your_price,
                    (SELECT COUNT(*) FROM owned_tracks o WHERE o.user_id = \(bind: user) AND o.track_id = t.id) AS owned,
                    aa.artist_id AS seller_artist, aa.user_id AS seller, aa.commission_bp, al.available_at
                FROM (SELECT 1 AS one) AS one_row LEFT JOIN tracks t ON t.id = \(bind: trackID)
                    LEFT JOIN artist_accounts aa ON aa.artist_id = t.artist_id
                    LEFT JOIN albums al ON al.id = t.album_id
                """
            ).first()
        else { throw DomainError.notFound(what: "The song") }
        if try row.decode(column: "prior_id", as: String?.self) != nil {
            return try await replay(db, command)
        }
        let plan = try trackPlan(row, trackID: trackID, offer: nil)
        try SaleRules.confirm(charge: plan.charge, expectedPrice: command.expectedPrice)
        var purchase = Purchase(
            id: command.purchaseID, userID: user, kind: .track, trackIDs: plan.trackIDs, albumID: plan.albumID,
            title: plan.title, coins: plan.charge, balanceAfter: 0, createdAt: command.now)
        let (entry, now) = (ledgerEntry(purchase, command), command.now.epochMillis)
        var statement: SQLQueryString = """
            WITH debit AS (
                UPDATE users SET coins = coins - \(bind: plan.charge)
                WHERE id = \(bind: user) AND coins >= \(bind: plan.charge) RETURNING coins),
            bought AS (
                INSERT INTO purchases (id, user_id, kind, album_id, title, coins, balance_after, idempotency_key,
                    request_fingerprint, created_at, discount_code)
                SELECT \(bind: purchase.id), \(bind: user), \(bind: PurchaseKind.track.rawValue), \(bind: plan.albumID),
                    \(bind: plan.title), \(bind: plan.charge), coins, \(bind: command.idempotencyKey),
                    \(bind: command.fingerprint), \(bind: now), NULL
                FROM debit RETURNING id),
            owned AS (
                INSERT INTO owned_tracks (user_id, track_id, purchase_id, created_at)
                SELECT \(bind: user), \(bind: trackID), id, \(bind: now) FROM bought),
            ledger AS (
                INSERT INTO ledger_entries (id, user_id, kind, reference, delta, balance_after, description,
                    idempotency_key, created_at)
                SELECT \(bind: entry.id), \(bind: user), \(bind: entry.kind.rawValue), \(bind: purchase.id),
                    \(bind: entry.delta), coins, \(bind: entry.description), \(bind: command.idempotencyKey), \(bind: now)
                FROM debit)
            """
        if let split = try await sellerSplit(db, row, purchase: purchase) {
            statement += split
        }
        statement += " SELECT coins FROM debit"
        guard let balance = try await db.raw(statement).first()?.decode(column: "coins", as: Int.self) else {
            throw try await refusal(db, userID: user, charge: plan.charge)
        }
        purchase.balanceAfter = balance
        return PurchaseOutcome(purchase: purchase, balance: balance, replayed: false)
    }

    /// The CTEs that credit the song's seller with their share and record the split (as
    /// `SQLSellerStore.splitSales` does), or nil when no account sells the song's artist.
    static func sellerSplit(_ db: any SQLDatabase, _ row: any SQLRow, purchase: Purchase) async throws
        -> SQLQueryString?
    {
        guard let seller = try row.decode(column: "seller", as: String?.self),
            let artistID = try row.decode(column: "seller_artist", as: String?.self)
        else { return nil }
        let override = try row.decode(column: "commission_bp", as: Int?.self)
        let points: Int
        if let override {
            points = override
        } else {
            points = try await SQLSellerStore.settings(db).commissionBasisPoints
        }
        let split = RevenueSplit(gross: purchase.coins, commissionBasisPoints: points)
        let now = purchase.createdAt.epochMillis
        let preOrder = try row.decode(column: "available_at", as: Int64?.self).map { now < $0 } == true ? 1 : 0
        return """
            , credited AS (
                INSERT INTO earning_balances (account, balance) SELECT \(bind: seller), \(bind: split.share) FROM debit
                ON CONFLICT (account) DO UPDATE SET balance = earning_balances.balance + excluded.balance
                RETURNING balance),
            earned AS (
                INSERT INTO earnings (id, account, kind, reference, artist_id, gross, delta, balance_after, pre_order,
                    created_at)
                SELECT \(bind: purchase.id + ".share"), \(bind: seller), 'sale', \(bind: purchase.id), \(bind: artistID),
                    \(bind: split.gross), \(bind: split.share), balance, \(bind: preOrder), \(bind: now) FROM credited
                UNION ALL
                SELECT \(bind: purchase.id + ".commission"), \(bind: SQLSellerStore.storeAccount), 'commission',
                    \(bind: purchase.id), \(bind: artistID), \(bind: split.gross), \(bind: split.commission), 0,
                    \(bind: preOrder), \(bind: now) FROM credited)
            """
    }

    /// Why a conditional debit matched no row: 402 with the coins missing, or 404 for a user gone.
    static func refusal(_ db: any SQLDatabase, userID: String, charge: Int) async throws -> DomainError {
        guard
            let current = try await db.raw("SELECT coins FROM users WHERE id = \(bind: userID)").first()?
                .decode(column: "coins", as: Int.self)
        else { return DomainError.notFound(what: "The user") }
        return DomainError.insufficientCoins(missing: charge - current)
    }
}
