import Foundation
import SQLKit
import SoTubeCore

/// What refunding one purchase did: the coins given back, and the seller's share taken back.
public struct PurchaseRefund: Sendable, Equatable {
    public var purchaseID: String
    public var userID: String
    public var title: String
    public var coins: Int
    public var balance: Int
    /// The seller's share and the store's commission reversed (0 for an artist no account sells).
    public var sellerShare: Int
    public var commission: Int
}

/// An operator refunds a purchase (`sotube purchases refund`): in one transaction the buyer gets the
/// coins back (a `purchase-refund` ledger entry), the songs are no longer owned, and when an account
/// sells the artist its share and the store's commission are reversed (`reversal` and
/// `commission-reversal` earnings). A seller already paid more than the balance left cannot be
/// reversed: 409, nothing changes.
extension SQLCommerceStore {
    public func refundPurchase(id: String, ledgerEntryID: String, now: Date, audit: AuditEntry) async throws
        -> PurchaseRefund
    {
        try await backend.transaction { db in
            guard
                let row = try await db.raw(
                    "SELECT user_id, title, coins, refunded_at FROM purchases WHERE id = \(bind: id)"
                ).first()
            else { throw DomainError.notFound(what: "The purchase") }
            guard try row.decode(column: "refunded_at", as: Int64?.self) == nil else {
                throw DomainError.conflict(field: "purchase", reason: "This purchase was refunded already.")
            }
            let user = try row.decode(column: "user_id", as: String.self)
            let title = try row.decode(column: "title", as: String.self)
            let coins = try row.decode(column: "coins", as: Int.self)
            let (share, commission) = try await SQLSellerStore.reverseSplit(db, purchaseID: id, now: now)
            guard
                let balance = try await db.raw(
                    "UPDATE users SET coins = coins + \(bind: coins) WHERE id = \(bind: user) RETURNING coins"
                ).first()?.decode(column: "coins", as: Int.self)
            else { throw DomainError.notFound(what: "The buyer") }
            try await Self.insertLedger(
                db,
                [
                    (
                        LedgerEntry(
                            id: ledgerEntryID, userID: user, kind: .purchaseRefund, reference: id, delta: coins,
                            balanceAfter: balance, description: "Refund of “\(title)”", createdAt: now), nil
                    )
                ])
            try await db.raw("DELETE FROM owned_tracks WHERE purchase_id = \(bind: id)").run()
            try await db.raw("UPDATE purchases SET refunded_at = \(bind: now.epochMillis) WHERE id = \(bind: id)").run()
            try await SQLAuditLog.insert(audit, into: db)
            return PurchaseRefund(
                purchaseID: id, userID: user, title: title, coins: coins, balance: balance, sellerShare: share,
                commission: commission)
        }
    }
}

extension SQLSellerStore {
    /// Takes a refunded purchase's split back: the seller's share off its balance (409 when the balance
    /// is smaller: it was paid out) and the store's commission, as two entries. (0, 0) when unsplit.
    static func reverseSplit(_ db: any SQLDatabase, purchaseID: String, now: Date) async throws -> (Int, Int) {
        var share: (account: String, artist: String?, gross: Int, delta: Int)?
        var commission: (artist: String?, gross: Int, delta: Int)?
        for row in try await db.raw(
            """
            SELECT account, kind, artist_id, gross, delta FROM earnings
            WHERE reference = \(bind: purchaseID) AND kind IN ('sale', 'commission')
            """
        ).all() {
            let artist = try row.decode(column: "artist_id", as: String?.self)
            let gross = try row.decode(column: "gross", as: Int.self)
            let delta = try row.decode(column: "delta", as: Int.self)
            if try row.decode(column: "kind", as: String.self) == "sale" {
                share = (try row.decode(column: "account", as: String.self), artist, gross, delta)
            } else {
                commission = (artist, gross, delta)
            }
        }
        guard let share else { return (0, 0) }
        let balance = try await credit(db, account: share.account, coins: -share.delta)
        let millis = now.epochMillis
        try await db.insert(into: "earnings")
            .columns(
                "id", "account", "kind", "reference", "artist_id", "gross", "delta", "balance_after", "pre_order",
                "created_at"
            )
            .values(
                "\(purchaseID).reversal", share.account, "reversal", purchaseID, share.artist, share.gross,
                -share.delta,
                balance, 0, millis
            )
            .values(
                "\(purchaseID).commission-reversal", storeAccount, "commission-reversal", purchaseID,
                commission?.artist, commission?.gross ?? share.gross, -(commission?.delta ?? 0), 0, 0, millis
            ).run()
        return (share.delta, commission?.delta ?? 0)
    }
}
