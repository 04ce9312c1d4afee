import Foundation
import SQLKit
import SoTubeCore

/// The rows a purchase writes once it is decided and its buyer debited: the purchase, its songs in
/// `owned_tracks`, its ledger entry and, for an artist an account sells, the split of its coins
/// (`SQLSellerStore.splitSales`). Single purchases and SQLite's batches both write through here.
extension SQLCommerceStore {
    /// Inserts the rows of `planned` purchases, one multi-row insert per table. The caller has
    /// already debited every buyer in the same transaction (`purchase.balanceAfter` is the balance
    /// after that debit).
    static func insertPurchases(_ db: any SQLDatabase, _ planned: [(command: PurchaseCommand, purchase: Purchase)])
        async throws
    {
        guard !planned.isEmpty else { return }
        var purchases = db.insert(into: "purchases").columns(
            "id", "user_id", "kind", "album_id", "title", "coins", "balance_after", "idempotency_key",
            "request_fingerprint", "created_at", "discount_code")
        var owned = db.insert(into: "owned_tracks").columns("user_id", "track_id", "purchase_id", "created_at")
        var ownedRows = 0
        for (command, purchase) in planned {
            let now = command.now.epochMillis
            purchases = purchases.values(
                purchase.id, purchase.userID, purchase.kind.rawValue, purchase.albumID, purchase.title, purchase.coins,
                purchase.balanceAfter, command.idempotencyKey, command.fingerprint, now, purchase.discountCode)
            for trackID in purchase.trackIDs {
                owned = owned.values(purchase.userID, trackID, purchase.id, now)
                ownedRows += 1
            }
        }
        try await purchases.run()
        if ownedRows > 0 { try await owned.run() }
        try await insertLedger(db, planned.map { (ledgerEntry($0.purchase, $0.command), $0.command.idempotencyKey) })
        try await SQLSellerStore.splitSales(db, planned.map(\.purchase))
    }

    /// A purchase's ledger entry: its coins taken, described by what was bought.
    static func ledgerEntry(_ purchase: Purchase, _ command: PurchaseCommand) -> LedgerEntry {
        LedgerEntry(
            id: command.ledgerEntryID, userID: purchase.userID, kind: .purchase, reference: purchase.id,
            delta: -purchase.coins, balanceAfter: purchase.balanceAfter,
            description: purchase.kind == .album ? "Album “\(purchase.title)”" : "Song “\(purchase.title)”",
            createdAt: command.now)
    }
}
