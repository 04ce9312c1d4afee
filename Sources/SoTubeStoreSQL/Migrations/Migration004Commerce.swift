/// Coins and purchases: the ledger (the only way a balance changes), purchases, top-ups, gift codes
/// and the operator's coin packs (seeded with three defaults). Ownership rows go to `owned_tracks`.
enum Migration004Commerce {
    static let migration = Migration(version: 4, name: "commerce") { _ in
        [
            """
            CREATE TABLE coin_packs (
                id TEXT PRIMARY KEY,
                coins BIGINT NOT NULL CHECK (coins > 0),
                amount BIGINT NOT NULL CHECK (amount > 0),
                currency TEXT NOT NULL,
                position BIGINT NOT NULL DEFAULT 0,
                updated_at BIGINT NOT NULL)
            """,
            "INSERT INTO coin_packs VALUES ('small', 100, 99, 'USD', 1, 0)",
            "INSERT INTO coin_packs VALUES ('medium', 550, 499, 'USD', 2, 0)",
            "INSERT INTO coin_packs VALUES ('large', 1200, 999, 'USD', 3, 0)",
            """
            CREATE TABLE ledger_entries (
                id TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                kind TEXT NOT NULL,
                reference TEXT NOT NULL,
                delta BIGINT NOT NULL,
                balance_after BIGINT NOT NULL CHECK (balance_after >= 0),
                description TEXT NOT NULL,
                money_amount BIGINT,
                money_currency TEXT,
                idempotency_key TEXT,
                created_at BIGINT NOT NULL,
                UNIQUE (kind, reference),
                UNIQUE (user_id, idempotency_key))
            """,
            "CREATE INDEX ledger_entries_user ON ledger_entries (user_id, created_at)",
            """
            CREATE TABLE purchases (
                id TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                kind TEXT NOT NULL,
                album_id TEXT,
                title TEXT NOT NULL,
                coins BIGINT NOT NULL CHECK (coins >= 0),
                balance_after BIGINT NOT NULL,
                idempotency_key TEXT NOT NULL,
                request_fingerprint TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                UNIQUE (user_id, idempotency_key))
            """,
            "CREATE INDEX purchases_user ON purchases (user_id, created_at)",
            "CREATE INDEX owned_tracks_purchase ON owned_tracks (purchase_id)",
            """
            CREATE TABLE top_ups (
                id TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                pack_id TEXT NOT NULL,
                coins BIGINT NOT NULL CHECK (coins > 0),
                amount BIGINT NOT NULL,
                currency TEXT NOT NULL,
                status TEXT NOT NULL,
                provider TEXT NOT NULL,
                provider_reference TEXT NOT NULL UNIQUE,
                created_at BIGINT NOT NULL,
                captured_at BIGINT)
            """,
            "CREATE INDEX top_ups_user ON top_ups (user_id, created_at)",
            """
            CREATE TABLE gift_codes (
                code TEXT PRIMARY KEY,
                coins BIGINT NOT NULL CHECK (coins > 0),
                created_at BIGINT NOT NULL,
                redeemed_by TEXT REFERENCES users(id) ON DELETE SET NULL,
                redeemed_at BIGINT)
            """,
        ]
    }
}
