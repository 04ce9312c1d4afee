/// Artists and labels selling in the store (issue 31): which accounts speak for which catalog
/// artists, the store's commission and payout coin value, what each artist's sales earned
/// (`earnings`: the artist's share and the store's commission of every sale, written in the purchase's
/// transaction) with a cached balance per account, the payouts that reduce it, invitations, and the
/// prices an artist sets: name-your-price (the price is the minimum) and a date before which an album
/// is sold as a pre-order; drafts of releases and their uploads (resumable, chunk by chunk), fans
/// following artists, and discount codes (with the code each purchase used).
enum Migration019ArtistsAndLabels {
    static let migration = Migration(version: 19, name: "artists and labels") { dialect in
        [
            """
            CREATE TABLE store_settings (
                key TEXT PRIMARY KEY,
                value TEXT NOT NULL)
            """,
            "ALTER TABLE users ADD COLUMN label_name TEXT",
            """
            CREATE TABLE artist_accounts (
                artist_id TEXT PRIMARY KEY REFERENCES artists(id),
                user_id TEXT NOT NULL REFERENCES users(id),
                commission_bp \(dialect.bigint) CHECK (commission_bp BETWEEN 0 AND 10000),
                created_at BIGINT NOT NULL)
            """,
            "CREATE INDEX artist_accounts_user ON artist_accounts (user_id)",
            """
            CREATE TABLE earning_balances (
                account TEXT PRIMARY KEY,
                balance BIGINT NOT NULL CHECK (balance >= 0))
            """,
            """
            CREATE TABLE earnings (
                id TEXT PRIMARY KEY,
                account TEXT NOT NULL,
                kind TEXT NOT NULL,
                reference TEXT NOT NULL,
                artist_id TEXT,
                gross BIGINT NOT NULL,
                delta BIGINT NOT NULL,
                balance_after BIGINT NOT NULL CHECK (balance_after >= 0),
                pre_order BIGINT NOT NULL DEFAULT 0,
                created_at BIGINT NOT NULL,
                UNIQUE (account, kind, reference))
            """,
            "CREATE INDEX earnings_account ON earnings (account, created_at)",
            "CREATE INDEX earnings_reference ON earnings (reference)",
            """
            CREATE TABLE payouts (
                id TEXT PRIMARY KEY,
                account TEXT NOT NULL REFERENCES users(id),
                coins BIGINT NOT NULL CHECK (coins > 0),
                amount BIGINT NOT NULL CHECK (amount >= 0),
                currency TEXT NOT NULL,
                paid_on TEXT NOT NULL,
                reference TEXT NOT NULL,
                created_by TEXT,
                created_at BIGINT NOT NULL)
            """,
            """
            CREATE TABLE invites (
                token_hash TEXT PRIMARY KEY,
                email TEXT NOT NULL,
                role TEXT NOT NULL,
                label_name TEXT,
                artist_names TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                expires_at BIGINT NOT NULL,
                accepted_by TEXT)
            """,
            """
            CREATE TABLE release_drafts (
                id TEXT PRIMARY KEY,
                account TEXT NOT NULL REFERENCES users(id),
                artist_id TEXT NOT NULL REFERENCES artists(id),
                body TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL)
            """,
            "CREATE INDEX release_drafts_account ON release_drafts (account, updated_at)",
            """
            CREATE TABLE uploads (
                id TEXT PRIMARY KEY,
                account TEXT NOT NULL REFERENCES users(id),
                draft_id TEXT REFERENCES release_drafts(id) ON DELETE SET NULL,
                kind TEXT NOT NULL,
                file_name TEXT NOT NULL,
                size BIGINT NOT NULL CHECK (size > 0),
                received BIGINT NOT NULL DEFAULT 0,
                path TEXT NOT NULL,
                tags TEXT,
                problem TEXT,
                created_at BIGINT NOT NULL)
            """,
            "CREATE INDEX uploads_draft ON uploads (draft_id)",
            """
            CREATE TABLE follows (
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                artist_id TEXT NOT NULL REFERENCES artists(id),
                created_at BIGINT NOT NULL,
                PRIMARY KEY (user_id, artist_id))
            """,
            "CREATE INDEX follows_artist ON follows (artist_id)",
            """
            CREATE TABLE discount_codes (
                code TEXT PRIMARY KEY,
                account TEXT NOT NULL REFERENCES users(id),
                album_id TEXT REFERENCES albums(id),
                percent BIGINT NOT NULL CHECK (percent BETWEEN 1 AND 100),
                expires_at \(dialect.bigint),
                max_uses \(dialect.bigint),
                uses BIGINT NOT NULL DEFAULT 0,
                created_at BIGINT NOT NULL)
            """,
            "ALTER TABLE purchases ADD COLUMN discount_code TEXT",
            "ALTER TABLE purchases ADD COLUMN refunded_at \(dialect.bigint)",
            "ALTER TABLE mail_queue ADD COLUMN list_unsubscribe TEXT",
            "ALTER TABLE tracks ADD COLUMN name_your_price BIGINT NOT NULL DEFAULT 0",
            "ALTER TABLE albums ADD COLUMN name_your_price BIGINT NOT NULL DEFAULT 0",
            "ALTER TABLE albums ADD COLUMN available_at \(dialect.bigint)",
        ]
    }
}
