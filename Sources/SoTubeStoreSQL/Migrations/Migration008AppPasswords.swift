/// App passwords for music players (`/rest`), and per-user play counts that players' scrobbles
/// feed (the Subsonic `playCount`, "frequent" and "recent" lists).
///
/// `secret_hash` is the SHA-256 of the secret (lookups for `apiKey` and `p`); `sealed_secret` is the
/// secret under the server key (AES-GCM, hex), which token auth (`t = md5(secret + s)`) needs.
enum Migration008AppPasswords {
    static let migration = Migration(version: 8, name: "app passwords") { _ in
        [
            """
            CREATE TABLE app_passwords (
                id TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                label TEXT NOT NULL,
                secret_hash TEXT NOT NULL UNIQUE,
                sealed_secret TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                last_used_at BIGINT)
            """,
            "CREATE INDEX app_passwords_user ON app_passwords (user_id, created_at)",
            """
            CREATE TABLE play_counts (
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                track_id TEXT NOT NULL REFERENCES tracks(id) ON DELETE CASCADE,
                play_count BIGINT NOT NULL,
                last_played_at BIGINT NOT NULL,
                PRIMARY KEY (user_id, track_id))
            """,
        ]
    }
}
