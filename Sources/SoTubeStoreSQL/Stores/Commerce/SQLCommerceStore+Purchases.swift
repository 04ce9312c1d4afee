import Foundation
import SQLKit
import SoTubeCore

/// Purchases: one transaction each — idempotency check, plan, conditional debit, purchase row,
/// ownership rows and ledger entry. SQLite batches songs at their list price (`PurchaseBatcher`);
/// PostgreSQL plans and writes each such song with two prepared statements (`purchaseInOneStatement`).
extension SQLCommerceStore {
    public func purchase(_ command: PurchaseCommand) async throws -> PurchaseOutcome {
        // The batches charge list prices; a buyer's own offer (name your price) goes alone.
        if let batcher, command.offeredCoins == nil, command.discountCode == nil {
            return try await batcher.submit(command)
        }
        let dialect = backend.dialect
        var attempt = 0
        while true {
            attempt += 1
            do {
                if let postgres = backend as? PostgresBackend, let trackID = Self.buysInOneStatement(command) {
                    return try await postgres.withConnection(writes: true) { connection, logger in
                        try await connection.sql(queryLogLevel: nil, logger: logger).inTransaction { db in
                            try await Self.purchaseInOneStatement(connection, db, logger: logger, command, trackID)
                        }
                    }
                }
                return try await backend.transaction { db in try await Self.purchase(db, command) }
            } catch {
                // On PostgreSQL a concurrent transaction may have taken the same idempotency key or song
                // between our check and our insert. Its rows are committed now: run again and answer from
                // them (the stored outcome, 409, 422 or a smaller album charge).
                guard dialect.uniqueViolation(error) != nil, attempt < 3 else { throw error }
            }
        }
    }

    public func purchases(userID: String) async throws -> [Purchase] {
        try await backend.read { db in
            let rows = try await db.raw(
                """
                SELECT \(unsafeRaw: Self.purchaseColumns) FROM purchases
                WHERE user_id = \(bind: userID) ORDER BY created_at DESC, id DESC
                """
            ).all()
            let owned = try await db.raw(
                """
                SELECT o.purchase_id, o.track_id FROM owned_tracks o LEFT JOIN tracks t ON t.id = o.track_id
                WHERE o.user_id = \(bind: userID) ORDER BY t.disc_number, t.track_number, o.track_id
                """
            ).all()
            var tracksByPurchase: [String: [String]] = [:]
            for row in owned {
                tracksByPurchase[try row.decode(column: "purchase_id", as: String.self), default: []]
                    .append(try row.decode(column: "track_id", as: String.self))
            }
            return try rows.map { row in
                var purchase = try Self.decodePurchase(row)
                purchase.trackIDs = tracksByPurchase[purchase.id] ?? []
                return purchase
            }
        }
    }

    // MARK: steps

    struct PurchasePlan {
        var kind: PurchaseKind
        var albumID: String?
        var title: String
        var trackIDs: [String]
        var charge: Int
        /// The price before the buyer's offer (the minimum with name-your-price).
        var listPrice = 0
        var nameYourPrice = false
    }

    /// The charge with a seller's discount code: the code (counted once, in this transaction) takes
    /// its percentage off the list price; a name-your-price buyer's offer must reach the lower minimum.
    static func discounted(_ db: any SQLDatabase, _ plan: PurchasePlan, code: String, _ command: PurchaseCommand)
        async throws -> Int
    {
        let single: String? = plan.kind == .track ? plan.trackIDs.first : nil
        guard let albumID = plan.albumID,
            let artistID = try await SQLSellerStore.artistID(
                db, trackID: single, albumID: single == nil ? albumID : nil)
        else { throw DomainError.invalid(field: "discountCode", reason: "There is no such code for this release.") }
        let price = try await SQLSellerStore.redeem(
            db, code: code, artistID: artistID, albumID: albumID, price: plan.listPrice, now: command.now)
        return try SellerRules.charge(price: price, nameYourPrice: plan.nameYourPrice, offer: command.offeredCoins)
    }

    static func purchase(_ db: any SQLDatabase, _ command: PurchaseCommand) async throws
        -> PurchaseOutcome
    {
        var plan: PurchasePlan
        switch command.target {
        case .track(let trackID):
            // One query answers "key used before?", "which song, what price?" and "owned already?".
            let row = try await db.raw(
                """
                SELECT (SELECT p.id FROM purchases p
                        WHERE p.user_id = \(bind: command.userID) AND p.idempotency_key = \(bind: command.idempotencyKey)
                    ) AS prior_id,
                    t.id, t.title, t.price, t.album_id, t.ready, t.withdrawn_at, t.name_your_price,
                    (SELECT COUNT(*) FROM owned_tracks o
                        WHERE o.user_id = \(bind: command.userID) AND o.track_id = t.id) AS owned
                FROM (SELECT 1 AS one) AS one_row LEFT JOIN tracks t ON t.id = \(bind: trackID)
                """
            ).first()
            guard let row else { throw DomainError.notFound(what: "The song") }
            if try row.decode(column: "prior_id", as: String?.self) != nil {
                return try await replay(db, command)
            }
            plan = try trackPlan(row, trackID: trackID, offer: command.discountCode == nil ? command.offeredCoins : nil)
        case .album(let albumID):
            if try await priorPurchase(db, userID: command.userID, key: command.idempotencyKey) != nil {
                return try await replay(db, command)
            }
            plan = try await albumPlan(
                db, userID: command.userID, albumID: albumID,
                offer: command.discountCode == nil ? command.offeredCoins : nil)
        }
        if let code = command.discountCode {
            plan.charge = try await discounted(db, plan, code: code, command)
        }
        try SaleRules.confirm(charge: plan.charge, expectedPrice: command.expectedPrice)
        guard
            let balance = try await db.raw(
                """
                UPDATE users SET coins = coins - \(bind: plan.charge)
                WHERE id = \(bind: command.userID) AND coins >= \(bind: plan.charge) RETURNING coins
                """
            ).first()?.decode(column: "coins", as: Int.self)
        else { throw try await refusal(db, userID: command.userID, charge: plan.charge) }
        var purchase = Purchase(
            id: command.purchaseID, userID: command.userID, kind: plan.kind, trackIDs: plan.trackIDs,
            albumID: plan.albumID, title: plan.title, coins: plan.charge, balanceAfter: balance,
            createdAt: command.now)
        purchase.discountCode = command.discountCode
        try await insertPurchases(db, [(command, purchase)])
        return PurchaseOutcome(purchase: purchase, balance: balance, replayed: false)
    }

    /// The stored answer for a reused key, or 422 when the key came with another request.
    static func replay(_ db: any SQLDatabase, _ command: PurchaseCommand) async throws
        -> PurchaseOutcome
    {
        guard
            let (prior, fingerprint) = try await priorPurchase(
                db, userID: command.userID, key: command.idempotencyKey)
        else { throw DomainError.notFound(what: "The earlier purchase") }
        guard fingerprint == command.fingerprint else { throw DomainError.idempotencyMismatch }
        return PurchaseOutcome(purchase: prior, balance: prior.balanceAfter, replayed: true)
    }

    /// One song: 404 when unknown, else `SaleRules.song` (409 when owned, withdrawn or being prepared).
    static func trackPlan(_ row: any SQLRow, trackID: String, offer: Int?) throws -> PurchasePlan {
        guard try row.decode(column: "id", as: String?.self) != nil else {
            throw DomainError.notFound(what: "The song")
        }
        let sale = try SaleRules.song(
            SaleSong(
                id: trackID, price: try row.decode(column: "price", as: Int.self),
                owned: try row.decode(column: "owned", as: Int.self) != 0,
                ready: try row.decode(column: "ready", as: Int.self) != 0,
                withdrawn: try row.decode(column: "withdrawn_at", as: Int?.self) != nil))
        let charge = try SellerRules.charge(
            price: sale.charge, nameYourPrice: try row.decode(column: "name_your_price", as: Int.self) != 0,
            offer: offer)
        return PurchasePlan(
            kind: .track, albumID: try row.decode(column: "album_id", as: String.self),
            title: try row.decode(column: "title", as: String.self), trackIDs: sale.trackIDs, charge: charge,
            listPrice: sale.charge, nameYourPrice: try row.decode(column: "name_your_price", as: Int.self) != 0)
    }

    /// The album's songs not yet owned and still on sale, at the price `SaleRules.album` gives (the one
    /// the album page shows): 404 when unknown, 409 when nothing is left to sell.
    static func albumPlan(_ db: any SQLDatabase, userID user: String, albumID: String, offer: Int?) async throws
        -> PurchasePlan
    {
        guard
            let album = try await db.raw(
                "SELECT title, price, name_your_price FROM albums WHERE id = \(bind: albumID)"
            )
            .first()
        else { throw DomainError.notFound(what: "The album") }
        let songs = try await db.raw(
            """
            SELECT t.id, t.price, t.ready, t.withdrawn_at,
                (SELECT COUNT(*) FROM owned_tracks o WHERE o.user_id = \(bind: user) AND o.track_id = t.id) AS owned
            FROM tracks t WHERE t.album_id = \(bind: albumID) ORDER BY t.disc_number, t.track_number, t.id
            """
        ).all().map {
            SaleSong(
                id: try $0.decode(column: "id", as: String.self), price: try $0.decode(column: "price", as: Int.self),
                owned: try $0.decode(column: "owned", as: Int.self) > 0,
                ready: try $0.decode(column: "ready", as: Int.self) != 0,
                withdrawn: try $0.decode(column: "withdrawn_at", as: Int?.self) != nil)
        }
        let sale = try SaleRules.album(songs, operatorPrice: try album.decode(column: "price", as: Int?.self))
        let charge = try SellerRules.charge(
            price: sale.charge, nameYourPrice: try album.decode(column: "name_your_price", as: Int.self) != 0,
            offer: offer)
        return PurchasePlan(
            kind: .album, albumID: albumID, title: try album.decode(column: "title", as: String.self),
            trackIDs: sale.trackIDs, charge: charge, listPrice: sale.charge,
            nameYourPrice: try album.decode(column: "name_your_price", as: Int.self) != 0)
    }

    static let purchaseColumns =
        "id, user_id, kind, album_id, title, coins, balance_after, request_fingerprint, created_at, discount_code"

    /// The purchase made earlier with this key, and the fingerprint of the request that made it.
    static func priorPurchase(_ db: any SQLDatabase, userID: String, key: String) async throws
        -> (Purchase, String)?
    {
        guard
            let row = try await db.raw(
                """
                SELECT \(unsafeRaw: purchaseColumns) FROM purchases
                WHERE user_id = \(bind: userID) AND idempotency_key = \(bind: key)
                """
            ).first()
        else { return nil }
        var purchase = try decodePurchase(row)
        purchase.trackIDs = try await db.raw(
            """
            SELECT o.track_id FROM owned_tracks o LEFT JOIN tracks t ON t.id = o.track_id
            WHERE o.purchase_id = \(bind: purchase.id) ORDER BY t.disc_number, t.track_number, o.track_id
            """
        ).all().map { try $0.decode(column: "track_id", as: String.self) }
        return (purchase, try row.decode(column: "request_fingerprint", as: String.self))
    }

    /// A stored purchase; a kind that is neither "track" nor "album" is a damaged store
    /// (`StoreError.corrupt`), never read as a song.
    static func decodePurchase(_ row: any SQLRow) throws -> Purchase {
        let id = try row.decode(column: "id", as: String.self)
        let storedKind = try row.decode(column: "kind", as: String.self)
        guard let kind = PurchaseKind(rawValue: storedKind) else {
            throw StoreError.corrupt("purchase \(id) has an unknown kind '\(storedKind)'")
        }
        var purchase = Purchase(
            id: id, userID: try row.decode(column: "user_id", as: String.self), kind: kind, trackIDs: [],
            albumID: try row.decode(column: "album_id", as: String?.self),
            title: try row.decode(column: "title", as: String.self),
            coins: try row.decode(column: "coins", as: Int.self),
            balanceAfter: try row.decode(column: "balance_after", as: Int.self),
            createdAt: Date(epochMillis: try row.decode(column: "created_at", as: Int64.self)))
        purchase.discountCode = try row.decode(column: "discount_code", as: String?.self)
        return purchase
    }
}
