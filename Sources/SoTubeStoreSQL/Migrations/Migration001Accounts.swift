enum Migration001Accounts {
    static let migration = Migration(version: 1, name: "accounts") { _ in
        [
            """
            CREATE TABLE users (
                id TEXT PRIMARY KEY,
                username TEXT NOT NULL,
                username_key TEXT NOT NULL UNIQUE,
                email TEXT NOT NULL,
                email_key TEXT NOT NULL UNIQUE,
                display_name TEXT NOT NULL,
                password_hash TEXT NOT NULL,
                coins BIGINT NOT NULL DEFAULT 0 CHECK (coins >= 0),
                created_at BIGINT NOT NULL)
            """,
            """
            CREATE TABLE sessions (
                token_hash TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                created_at BIGINT NOT NULL,
                expires_at BIGINT NOT NULL,
                remember BIGINT NOT NULL)
            """,
            "CREATE INDEX sessions_user ON sessions (user_id)",
            """
            CREATE TABLE password_resets (
                token_hash TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                expires_at BIGINT NOT NULL,
                used_at BIGINT)
            """,
        ]
    }
}
