import SQLKit

/// PostgreSQL's waiting sales rows (`Migration028SalesPending`) added to the dashboard's sums: before
/// each read of the sums (`SQLSalesFigures`), and by each server about a second after it has written
/// (`PostgresBackend.foldingSales`), so the table stays small. SQLite's triggers add to the sums at
/// once and leave nothing to fold.
enum SalesPending {
    /// One statement: the rows taken out, summed per day and item as migration 17's triggers summed
    /// them one at a time. Sorted, so two folds at once take the sums' rows in the same order; a
    /// second fold waits for the first's rows and then finds them gone, so each is added once.
    static let fold: SQLQueryString = """
        WITH moved AS (DELETE FROM sales_pending RETURNING *),
        items AS MATERIALIZED (
            SELECT 'album' AS k, mv.album_id AS i, mv.amount AS c, mv.created_at AS m FROM moved mv
            WHERE mv.source = 'purchase' AND mv.kind = 'album' AND mv.album_id IS NOT NULL
            UNION ALL
            SELECT 'artist', al.artist_id, mv.amount, mv.created_at FROM moved mv JOIN albums al ON al.id = mv.album_id
            WHERE mv.source = 'purchase' AND mv.kind = 'album'
            UNION ALL
            SELECT 'track', mv.track_id, p.coins, p.created_at FROM moved mv JOIN purchases p ON p.id = mv.purchase_id
            WHERE mv.source = 'owned' AND p.kind = 'track'
            UNION ALL
            SELECT 'artist', t.artist_id, p.coins, p.created_at
            FROM moved mv JOIN purchases p ON p.id = mv.purchase_id JOIN tracks t ON t.id = mv.track_id
            WHERE mv.source = 'owned' AND p.kind = 'track'),
        daily AS (
            SELECT mv.created_at / 86400000 AS day, 'ledger:' || mv.kind AS metric, '' AS currency, mv.amount
            FROM moved mv WHERE mv.source = 'ledger'
            UNION ALL
            SELECT mv.created_at / 86400000, 'money', mv.money_currency, mv.money_amount FROM moved mv
            WHERE mv.source = 'ledger' AND mv.money_amount IS NOT NULL AND mv.money_currency IS NOT NULL
            UNION ALL
            SELECT mv.created_at / 86400000, 'purchase:' || mv.kind, '', mv.amount FROM moved mv
            WHERE mv.source = 'purchase'),
        added_daily AS (
            INSERT INTO sales_daily (day, metric, currency, amount, entries)
            SELECT day, metric, currency, SUM(amount), COUNT(*) FROM daily
            GROUP BY day, metric, currency ORDER BY day, metric, currency
            ON CONFLICT (day, metric, currency) DO UPDATE SET amount = sales_daily.amount + excluded.amount,
                entries = sales_daily.entries + excluded.entries),
        added_items AS (
            INSERT INTO sales_items (day, item_kind, item_id, coins, sales)
            SELECT m / 86400000, k, i, SUM(c), COUNT(*) FROM items
            GROUP BY m / 86400000, k, i ORDER BY m / 86400000, k, i
            ON CONFLICT (day, item_kind, item_id) DO UPDATE SET coins = sales_items.coins + excluded.coins,
                sales = sales_items.sales + excluded.sales),
        added_months AS (
            INSERT INTO sales_items_monthly (month, item_kind, item_id, coins, sales)
            SELECT \(unsafeRaw: month), k, i, SUM(c), COUNT(*) FROM items
            GROUP BY \(unsafeRaw: month), k, i ORDER BY \(unsafeRaw: month), k, i
            ON CONFLICT (month, item_kind, item_id) DO UPDATE SET coins = sales_items_monthly.coins + excluded.coins,
                sales = sales_items_monthly.sales + excluded.sales)
        SELECT COUNT(*) AS folded FROM moved
        """

    private static let month = Migration017Operators.month("m", .postgres)

    /// Folds what waits, in `backend`'s own transaction (nothing waits on SQLite).
    static func fold(_ backend: any SQLBackend) async throws {
        guard backend.dialect == .postgres else { return }
        _ = try await backend.transaction { db in try await fold(db) }
    }

    /// Folds what waits on `db`, inside the caller's transaction; answers how many rows that was.
    @discardableResult
    static func fold(_ db: any SQLDatabase) async throws -> Int {
        try await db.raw(fold).first()?.decode(column: "folded", as: Int.self) ?? 0
    }
}
