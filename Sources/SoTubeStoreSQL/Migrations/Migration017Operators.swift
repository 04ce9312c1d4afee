/// The operator's console: roles and locks on accounts, a password confirmation time on sessions,
/// the append-only audit log, gift-code batches with expiry, and the sales aggregates the dashboard
/// reads.
///
/// The aggregates are kept by the database itself: triggers on `ledger_entries`, `purchases`,
/// `owned_tracks` and `users` add each new row to its UTC day's totals in the same transaction, so
/// every writer (purchases, top-ups, codes, grants, the benchmark's bulk loads, a later refund) is
/// counted without remembering to, and the dashboard never scans the ledger. On PostgreSQL they are
/// deferred constraint triggers: a day's row is updated at commit, so concurrent buyers hold its
/// lock for the moment of the update only. `sotube migrate-to` leaves these two tables out: the
/// triggers rebuild them from the copied rows.
enum Migration017Operators {
    static let aggregateTables: Set<String> = ["sales_daily", "sales_items"]

    static let migration = Migration(version: 17, name: "operators") { dialect in
        var statements = [
            "ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'buyer'",
            "ALTER TABLE users ADD COLUMN locked_at \(dialect.bigint)",
            "ALTER TABLE sessions ADD COLUMN confirmed_at \(dialect.bigint)",
            """
            CREATE TABLE audit_log (
                id TEXT PRIMARY KEY,
                created_at BIGINT NOT NULL,
                actor_id TEXT,
                actor TEXT NOT NULL,
                action TEXT NOT NULL,
                target TEXT NOT NULL,
                before_state TEXT,
                after_state TEXT,
                reason TEXT)
            """,
            "CREATE INDEX audit_log_time ON audit_log (created_at, id)",
            """
            CREATE TABLE gift_code_batches (
                id TEXT PRIMARY KEY,
                label TEXT NOT NULL,
                coins BIGINT NOT NULL CHECK (coins > 0),
                code_count BIGINT NOT NULL,
                expires_at BIGINT,
                created_by TEXT NOT NULL,
                created_at BIGINT NOT NULL)
            """,
            "ALTER TABLE gift_codes ADD COLUMN batch_id TEXT",
            "ALTER TABLE gift_codes ADD COLUMN expires_at \(dialect.bigint)",
            "CREATE INDEX gift_codes_batch ON gift_codes (batch_id)",
            """
            CREATE TABLE sales_daily (
                day BIGINT NOT NULL,
                metric TEXT NOT NULL,
                currency TEXT NOT NULL,
                amount BIGINT NOT NULL,
                entries BIGINT NOT NULL,
                PRIMARY KEY (day, metric, currency))
            """,
            """
            CREATE TABLE sales_items (
                day BIGINT NOT NULL,
                item_kind TEXT NOT NULL,
                item_id TEXT NOT NULL,
                coins BIGINT NOT NULL,
                sales BIGINT NOT NULL,
                PRIMARY KEY (day, item_kind, item_id))
            """,
        ]
        // What the database holds already, summed once; the triggers below add what comes after.
        statements += [
            """
            INSERT INTO sales_daily (day, metric, currency, amount, entries)
            SELECT created_at / 86400000, 'ledger:' || kind, '', SUM(delta), COUNT(*) FROM ledger_entries
            GROUP BY created_at / 86400000, kind
            """,
            """
            INSERT INTO sales_daily (day, metric, currency, amount, entries)
            SELECT created_at / 86400000, 'money', money_currency, SUM(money_amount), COUNT(*) FROM ledger_entries
            WHERE money_amount IS NOT NULL AND money_currency IS NOT NULL
            GROUP BY created_at / 86400000, money_currency
            """,
            """
            INSERT INTO sales_daily (day, metric, currency, amount, entries)
            SELECT created_at / 86400000, 'purchase:' || kind, '', SUM(coins), COUNT(*) FROM purchases
            GROUP BY created_at / 86400000, kind
            """,
            """
            INSERT INTO sales_daily (day, metric, currency, amount, entries)
            SELECT created_at / 86400000, 'users', '', COUNT(*), COUNT(*) FROM users GROUP BY created_at / 86400000
            """,
            """
            INSERT INTO sales_items (day, item_kind, item_id, coins, sales)
            SELECT created_at / 86400000, 'album', album_id, SUM(coins), COUNT(*) FROM purchases
            WHERE kind = 'album' AND album_id IS NOT NULL GROUP BY created_at / 86400000, album_id
            """,
            """
            INSERT INTO sales_items (day, item_kind, item_id, coins, sales)
            SELECT p.created_at / 86400000, 'track', o.track_id, SUM(p.coins), COUNT(*)
            FROM owned_tracks o JOIN purchases p ON p.id = o.purchase_id
            WHERE p.kind = 'track' GROUP BY p.created_at / 86400000, o.track_id
            """,
        ]
        // The rows each new row adds: (table, condition, day, metric/kind, currency/id, amount, count).
        let daily = "INSERT INTO sales_daily (day, metric, currency, amount, entries)"
        let dailyUpsert = """
            ON CONFLICT (day, metric, currency) DO UPDATE SET amount = sales_daily.amount + excluded.amount,
                entries = sales_daily.entries + excluded.entries
            """
        let items = "INSERT INTO sales_items (day, item_kind, item_id, coins, sales)"
        let itemsUpsert = """
            ON CONFLICT (day, item_kind, item_id) DO UPDATE SET coins = sales_items.coins + excluded.coins,
                sales = sales_items.sales + excluded.sales
            """
        let day = "NEW.created_at / 86400000"
        let ledger = [
            "\(daily) SELECT \(day), 'ledger:' || NEW.kind, '', NEW.delta, 1 WHERE true \(dailyUpsert)",
            """
            \(daily) SELECT \(day), 'money', NEW.money_currency, NEW.money_amount, 1
            WHERE NEW.money_amount IS NOT NULL AND NEW.money_currency IS NOT NULL \(dailyUpsert)
            """,
        ]
        let purchase = [
            "\(daily) SELECT \(day), 'purchase:' || NEW.kind, '', NEW.coins, 1 WHERE true \(dailyUpsert)",
            """
            \(items) SELECT \(day), 'album', NEW.album_id, NEW.coins, 1
            WHERE NEW.kind = 'album' AND NEW.album_id IS NOT NULL \(itemsUpsert)
            """,
        ]
        let owned = [
            """
            \(items) SELECT p.created_at / 86400000, 'track', NEW.track_id, p.coins, 1 FROM purchases p
            WHERE p.id = NEW.purchase_id AND p.kind = 'track' \(itemsUpsert)
            """
        ]
        let signUp = ["\(daily) SELECT \(day), 'users', '', 1, 1 WHERE true \(dailyUpsert)"]
        let triggers = [
            ("ledger_entries", ledger), ("purchases", purchase), ("owned_tracks", owned), ("users", signUp),
        ]
        let appendOnly = "the audit log is append-only"
        switch dialect {
        case .sqlite:
            for (table, inserts) in triggers {
                statements.append(
                    """
                    CREATE TRIGGER \(table)_sales AFTER INSERT ON \(table)
                    BEGIN \(inserts.map { $0 + ";" }.joined(separator: "\n")) END
                    """)
            }
            statements.append(
                "CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, '\(appendOnly)'); END"
            )
            statements.append(
                "CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN SELECT RAISE(ABORT, '\(appendOnly)'); END"
            )
        case .postgres:
            for (table, inserts) in triggers {
                statements.append(
                    """
                    CREATE FUNCTION \(table)_sales() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                    \(inserts.map { $0 + ";" }.joined(separator: "\n"))
                    RETURN NULL;
                    END $$
                    """)
                statements.append(
                    """
                    CREATE CONSTRAINT TRIGGER \(table)_sales AFTER INSERT ON \(table)
                    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION \(table)_sales()
                    """)
            }
            statements.append(
                """
                CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN RAISE EXCEPTION '\(appendOnly)'; END $$
                """)
            statements.append(
                """
                CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
                FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()
                """)
        }
        return statements
    }
}
