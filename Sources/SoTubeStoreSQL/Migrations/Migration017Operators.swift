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
    static let aggregateTables: Set<String> = ["sales_daily", "sales_items", "sales_items_monthly"]

    /// The month index (`year * 12 + month - 1`, UTC) of epoch milliseconds `millis`, in SQL.
    static func month(_ millis: String, _ dialect: StoreDialect) -> String {
        switch dialect {
        case .sqlite:
            return "(CAST(strftime('%Y', \(millis) / 1000, 'unixepoch') AS INTEGER) * 12 "
                + "+ CAST(strftime('%m', \(millis) / 1000, 'unixepoch') AS INTEGER) - 1)"
        case .postgres:
            let time = "(to_timestamp(\(millis) / 1000.0) AT TIME ZONE 'UTC')"
            return "(CAST(EXTRACT(YEAR FROM \(time)) AS BIGINT) * 12 + CAST(EXTRACT(MONTH FROM \(time)) AS BIGINT) - 1)"
        }
    }

    /// The sales already made, summed per day and per month (each statement's rows are distinct, so
    /// PostgreSQL's upsert never meets one key twice; the second source of artist rows adds to the first).
    static func itemBackfill(_ select: String, from source: String, where condition: String, _ dialect: StoreDialect)
        -> [String]
    {
        let rows = "(SELECT \(select) FROM \(source) WHERE \(condition)) x WHERE true"
        let month = month("x.m", dialect)
        return [
            """
            INSERT INTO sales_items (day, item_kind, item_id, coins, sales)
            SELECT x.m / 86400000, x.k, x.i, SUM(x.c), COUNT(*) FROM \(rows) GROUP BY x.m / 86400000, x.k, x.i
            ON CONFLICT (day, item_kind, item_id) DO UPDATE SET coins = sales_items.coins + excluded.coins,
                sales = sales_items.sales + excluded.sales
            """,
            """
            INSERT INTO sales_items_monthly (month, item_kind, item_id, coins, sales)
            SELECT \(month), x.k, x.i, SUM(x.c), COUNT(*) FROM \(rows) GROUP BY \(month), x.k, x.i
            ON CONFLICT (month, item_kind, item_id) DO UPDATE SET coins = sales_items_monthly.coins + excluded.coins,
                sales = sales_items_monthly.sales + excluded.sales
            """,
        ]
    }

    /// Adds one sale of an item (a song bought alone, an album, an artist's song or album) to its day's
    /// and its month's rows: `select` gives (kind, id, coins, millis) columns named k, i, c, m from
    /// `source` (nil: the trigger's NEW row alone) where `condition` holds.
    static func itemUpserts(_ select: String, from source: String?, where condition: String, _ dialect: StoreDialect)
        -> [String]
    {
        let from = source.map { " FROM \($0)" } ?? ""
        return [
            """
            INSERT INTO sales_items (day, item_kind, item_id, coins, sales)
            SELECT x.m / 86400000, x.k, x.i, x.c, 1 FROM (SELECT \(select)\(from) WHERE \(condition)) x WHERE true
            ON CONFLICT (day, item_kind, item_id) DO UPDATE SET coins = sales_items.coins + excluded.coins,
                sales = sales_items.sales + excluded.sales
            """,
            """
            INSERT INTO sales_items_monthly (month, item_kind, item_id, coins, sales)
            SELECT \(month("x.m", dialect)), x.k, x.i, x.c, 1 FROM (SELECT \(select)\(from) WHERE \(condition)) x WHERE true
            ON CONFLICT (month, item_kind, item_id) DO UPDATE SET coins = sales_items_monthly.coins + excluded.coins,
                sales = sales_items_monthly.sales + excluded.sales
            """,
        ]
    }

    static let migration = Migration(version: 17, name: "operators") { dialect in
        var statements = [
            "ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'buyer'",
            "ALTER TABLE users ADD COLUMN locked_at \(dialect.bigint)",
            "ALTER TABLE users ADD COLUMN erased_at \(dialect.bigint)",
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
            "CREATE INDEX sales_items_top ON sales_items (day, item_kind, coins)",
            "CREATE INDEX sales_items_item ON sales_items (item_kind, item_id, day)",
            """
            CREATE TABLE sales_items_monthly (
                month BIGINT NOT NULL,
                item_kind TEXT NOT NULL,
                item_id TEXT NOT NULL,
                coins BIGINT NOT NULL,
                sales BIGINT NOT NULL,
                PRIMARY KEY (month, item_kind, item_id))
            """,
            "CREATE INDEX sales_items_monthly_top ON sales_items_monthly (month, item_kind, coins)",
            "CREATE INDEX sales_items_monthly_item ON sales_items_monthly (item_kind, item_id, month)",
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
        ]
        // Items sold before, one row per sale, summed by the upserts (a bulk step: it runs once).
        let soldBefore = [
            (
                "'album' AS k, p.album_id AS i, p.coins AS c, p.created_at AS m", "purchases p",
                "p.kind = 'album' AND p.album_id IS NOT NULL"
            ),
            (
                "'artist' AS k, al.artist_id AS i, p.coins AS c, p.created_at AS m",
                "purchases p JOIN albums al ON al.id = p.album_id", "p.kind = 'album'"
            ),
            (
                "'track' AS k, o.track_id AS i, p.coins AS c, p.created_at AS m",
                "owned_tracks o JOIN purchases p ON p.id = o.purchase_id", "p.kind = 'track'"
            ),
            (
                "'artist' AS k, t.artist_id AS i, p.coins AS c, p.created_at AS m",
                "owned_tracks o JOIN purchases p ON p.id = o.purchase_id JOIN tracks t ON t.id = o.track_id",
                "p.kind = 'track'"
            ),
        ]
        for (select, source, condition) in soldBefore {
            statements += itemBackfill(select, from: source, where: condition, dialect)
        }
        // The rows each new row adds: (table, condition, day, metric/kind, currency/id, amount, count).
        let daily = "INSERT INTO sales_daily (day, metric, currency, amount, entries)"
        let dailyUpsert = """
            ON CONFLICT (day, metric, currency) DO UPDATE SET amount = sales_daily.amount + excluded.amount,
                entries = sales_daily.entries + excluded.entries
            """
        let day = "NEW.created_at / 86400000"
        let ledger = [
            "\(daily) SELECT \(day), 'ledger:' || NEW.kind, '', NEW.delta, 1 WHERE true \(dailyUpsert)",
            """
            \(daily) SELECT \(day), 'money', NEW.money_currency, NEW.money_amount, 1
            WHERE NEW.money_amount IS NOT NULL AND NEW.money_currency IS NOT NULL \(dailyUpsert)
            """,
        ]
        let purchase =
            ["\(daily) SELECT \(day), 'purchase:' || NEW.kind, '', NEW.coins, 1 WHERE true \(dailyUpsert)"]
            + itemUpserts(
                "'album' AS k, NEW.album_id AS i, NEW.coins AS c, NEW.created_at AS m", from: nil,
                where: "NEW.kind = 'album' AND NEW.album_id IS NOT NULL", dialect)
            + itemUpserts(
                "'artist' AS k, al.artist_id AS i, NEW.coins AS c, NEW.created_at AS m", from: "albums al",
                where: "NEW.kind = 'album' AND al.id = NEW.album_id", dialect)
        let owned =
            itemUpserts(
                "'track' AS k, NEW.track_id AS i, p.coins AS c, p.created_at AS m", from: "purchases p",
                where: "p.id = NEW.purchase_id AND p.kind = 'track'", dialect)
            + itemUpserts(
                "'artist' AS k, t.artist_id AS i, p.coins AS c, p.created_at AS m",
                from: "purchases p JOIN tracks t ON t.id = NEW.track_id",
                where: "p.id = NEW.purchase_id AND p.kind = 'track'", dialect)
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
