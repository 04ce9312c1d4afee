/// PostgreSQL: the rows the dashboard's sums are made of wait in `sales_pending`, and are added to the
/// sums by `SalesPending.fold` (issue 35), instead of each purchase updating the day's rows itself.
///
/// Migration 17's deferred triggers ran eleven PL/pgSQL statements at each purchase's commit, six of
/// them upserts of rows every purchase updates (the day's `ledger:purchase` and `purchase:track`, the
/// artist's day and month). In the cluster's purchase benchmark that was 37 % of PostgreSQL's CPU, a
/// third of a millisecond a purchase. Now a purchase's three rows each add one row to an unindexed
/// table, with what its sums will need (`ledger`, `purchase`, `owned`), and each fold turns thousands
/// of them into one upsert per day and item. The song's artist and the purchase's coins of an owned
/// song are looked up when folded: `sotube migrate-to` copies `owned_tracks` before `purchases`.
///
/// SQLite keeps migration 17's triggers: one process writes, and they cost it little.
enum Migration028SalesPending {
    static let migration = Migration(version: 28, name: "sales pending") { dialect in
        guard dialect == .postgres else { return [] }
        var statements = [
            """
            CREATE TABLE sales_pending (
                source TEXT NOT NULL,
                kind TEXT,
                amount BIGINT,
                money_amount BIGINT,
                money_currency TEXT,
                album_id TEXT,
                purchase_id TEXT,
                track_id TEXT,
                created_at BIGINT)
            """
        ]
        let added = [
            (
                "ledger_entries",
                """
                INSERT INTO sales_pending (source, kind, amount, money_amount, money_currency, created_at)
                VALUES ('ledger', NEW.kind, NEW.delta, NEW.money_amount, NEW.money_currency, NEW.created_at)
                """
            ),
            (
                "purchases",
                """
                INSERT INTO sales_pending (source, kind, amount, album_id, created_at)
                VALUES ('purchase', NEW.kind, NEW.coins, NEW.album_id, NEW.created_at)
                """
            ),
            (
                "owned_tracks",
                "INSERT INTO sales_pending (source, purchase_id, track_id) VALUES ('owned', NEW.purchase_id, NEW.track_id)"
            ),
        ]
        for (table, insert) in added {
            statements += [
                "DROP TRIGGER \(table)_sales ON \(table)",
                "DROP FUNCTION \(table)_sales()",
                """
                CREATE FUNCTION \(table)_pending() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                \(insert);
                RETURN NULL;
                END $$
                """,
                """
                CREATE TRIGGER \(table)_pending AFTER INSERT ON \(table)
                FOR EACH ROW EXECUTE FUNCTION \(table)_pending()
                """,
            ]
        }
        return statements
    }
}
