import SQLKit

/// Every owned song names a purchase of its owner's: `owned_tracks (user_id, purchase_id)`
/// references `purchases (user_id, id)` (before, only `sotube ledger verify` looked, as "owned
/// unpaid"). SQLite cannot add a foreign key to a table, so `owned_tracks` is built again with it;
/// PostgreSQL adds the constraint. A database holding owned songs without their purchase is
/// refused with the rows named, and nothing changes: taking songs away from people is the
/// operator's decision, not a migration's. The statements are written out here: this migration
/// must keep meaning what it meant.
enum Migration016OwnershipPurchases {
    static let migration = Migration(version: 16, name: "ownership references purchases", check: unpaid) {
        dialect in
        // The parent key of the foreign key (`id` alone is the primary key already).
        let parentKey: String
        switch dialect {
        case .sqlite: parentKey = "CREATE UNIQUE INDEX purchases_user_id ON purchases (user_id, id)"
        case .postgres: parentKey = "ALTER TABLE purchases ADD CONSTRAINT purchases_user_id UNIQUE (user_id, id)"
        }
        let reference = "FOREIGN KEY (user_id, purchase_id) REFERENCES purchases (user_id, id) ON DELETE CASCADE"
        switch dialect {
        case .sqlite:
            // Nothing refers to owned_tracks, so it can be dropped with foreign keys on; the copy
            // is created after purchases, the order `sotube migrate-to` copies tables in.
            return [
                parentKey,
                """
                CREATE TABLE owned_tracks_new (
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    track_id TEXT NOT NULL REFERENCES tracks(id),
                    purchase_id TEXT NOT NULL,
                    created_at BIGINT NOT NULL,
                    PRIMARY KEY (user_id, track_id),
                    \(reference))
                """,
                """
                INSERT INTO owned_tracks_new (user_id, track_id, purchase_id, created_at)
                SELECT user_id, track_id, purchase_id, created_at FROM owned_tracks
                """,
                "DROP TABLE owned_tracks",
                "ALTER TABLE owned_tracks_new RENAME TO owned_tracks",
                "CREATE INDEX owned_tracks_track ON owned_tracks (track_id)",
                "CREATE INDEX owned_tracks_purchase ON owned_tracks (purchase_id)",
            ]
        case .postgres:
            return [parentKey, "ALTER TABLE owned_tracks ADD CONSTRAINT owned_tracks_purchase_fk \(reference)"]
        }
    }

    /// Refuses a database with owned songs whose purchase is missing or another user's (the rows
    /// `ledger verify` reports as owned unpaid), naming the first of them.
    @Sendable static func unpaid(_ db: any SQLDatabase) async throws {
        let orphans: SQLQueryString = """
            FROM owned_tracks o
            WHERE NOT EXISTS (SELECT 1 FROM purchases p WHERE p.id = o.purchase_id AND p.user_id = o.user_id)
            """
        let count =
            try await db.raw("SELECT COUNT(*) AS n " + orphans).first()?.decode(column: "n", as: Int.self) ?? 0
        guard count > 0 else { return }
        let named = try await db.raw(
            "SELECT o.user_id, o.track_id, o.purchase_id " + orphans + " ORDER BY o.user_id, o.track_id LIMIT 5"
        ).all().map {
            "song \(try $0.decode(column: "track_id", as: String.self)) of user "
                + "\(try $0.decode(column: "user_id", as: String.self)) "
                + "(purchase \(try $0.decode(column: "purchase_id", as: String.self)))"
        }
        throw StoreError.corrupt(
            """
            Migration 16 (ownership references purchases) stopped; nothing was changed. \(count) owned \
            song\(count == 1 ? "" : "s") name no purchase of their owner's: \(named.joined(separator: ", "))\
            \(count > named.count ? ", …" : ""). `sotube ledger verify` with the previous sotube reports them as \
            owned unpaid. Record their purchases, or remove them (DELETE FROM owned_tracks WHERE NOT EXISTS \
            (SELECT 1 FROM purchases p WHERE p.id = owned_tracks.purchase_id AND p.user_id = owned_tracks.user_id)), \
            then start sotube again.
            """)
    }
}
