import Foundation
import Logging
import PostgresKit
import PostgresNIO
import SQLKit
import SoTubeCore

/// PostgreSQL: a song bought at its list price in four round trips instead of eight (BEGIN, one read,
/// one write, COMMIT; with the session lookup before it, five against nine). The read plans it (as
/// `purchase(_:_:)` does, plus the song's seller); the write is one statement: the conditional debit,
/// the purchase, the ownership row, the ledger entry and the seller's split, as data-modifying CTEs
/// that all read the debit. When the debit matches no row (too few coins), nothing else is written.
///
/// Both are prepared statements (`PurchasePlanStatement`, `PurchaseWriteStatement`): PostgresNIO
/// prepares each once per connection, so PostgreSQL parses and plans them once, not per purchase.
/// The transaction stays explicit: the dashboard's deferred triggers run at COMMIT, and an error there
/// (a deadlock on a day's row) must fail the purchase. Without it the statement would commit at the
/// protocol's Sync, after PostgresNIO has already answered the query as done.
/// Albums, offers and discount codes keep `purchase(_:_:)`.
extension SQLCommerceStore {
    /// The song `command` buys when `purchaseInOneStatement` can buy it, else nil.
    static func buysInOneStatement(_ command: PurchaseCommand) -> String? {
        guard command.offeredCoins == nil, command.discountCode == nil, case .track(let trackID) = command.target
        else { return nil }
        return trackID
    }

    /// The purchase on `connection`, inside the transaction `db` (the same connection) began.
    static func purchaseInOneStatement(
        _ connection: PostgresConnection, _ db: any SQLDatabase, logger: Logger, _ command: PurchaseCommand,
        _ trackID: String
    ) async throws -> PurchaseOutcome {
        let user = command.userID
        let plan = PurchasePlanStatement(userID: user, idempotencyKey: command.idempotencyKey, trackID: trackID)
        guard let row = try await connection.execute(plan, logger: logger).first(where: { _ in true })?.sql()
        else { throw DomainError.notFound(what: "The song") }
        if try row.decode(column: "prior_id", as: String?.self) != nil {
            return try await replay(db, command)
        }
        let sale = try trackPlan(row, trackID: trackID, offer: nil)
        try SaleRules.confirm(charge: sale.charge, expectedPrice: command.expectedPrice)
        var purchase = Purchase(
            id: command.purchaseID, userID: user, kind: .track, trackIDs: sale.trackIDs, albumID: sale.albumID,
            title: sale.title, coins: sale.charge, balanceAfter: 0, createdAt: command.now)
        let write = PurchaseWriteStatement(
            command: command, purchase: purchase, trackID: trackID, entry: ledgerEntry(purchase, command),
            seller: try await sellerSplit(db, row, purchase: purchase))
        guard let balance = try await connection.execute(write, logger: logger).first(where: { _ in true }) else {
            throw try await refusal(db, userID: user, charge: sale.charge)
        }
        purchase.balanceAfter = balance
        return PurchaseOutcome(purchase: purchase, balance: balance, replayed: false)
    }

    /// What the song's seller is credited (as `SQLSellerStore.splitSales` splits it), or nil when no
    /// account sells the song's artist.
    static func sellerSplit(_ db: any SQLDatabase, _ row: any SQLRow, purchase: Purchase) async throws
        -> PurchaseWriteStatement.Seller?
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
        return PurchaseWriteStatement.Seller(
            account: seller, artistID: artistID,
            split: RevenueSplit(gross: purchase.coins, commissionBasisPoints: points),
            preOrder: SQLSellerStore.isPreOrder(
                purchase, availableAt: try row.decode(column: "available_at", as: Int64?.self)))
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
