/// Throttle counts (logins, sign-ups, reset requests) in the database, so every server process
/// sees the same counts; and an index for the sweep of old password resets.
enum Migration006Throttles {
    static let migration = Migration(version: 6, name: "throttles") { dialect in
        [
            """
            CREATE TABLE throttles (
                key TEXT PRIMARY KEY,
                attempts BIGINT NOT NULL,
                window_start BIGINT NOT NULL,
                blocked_until BIGINT,
                window_seconds BIGINT NOT NULL)
            """,
            "CREATE INDEX password_resets_user ON password_resets (user_id)",
        ]
    }
}
