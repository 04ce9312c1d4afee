/// Two-step sign-in (SPEC A8): one row per user who enrolled, and their unused recovery codes.
///
/// `sealed_secret` is the TOTP secret under the server key (AES-GCM, base64) as app-password secrets
/// are; `enabled_at` is null while an enrolment waits for its first code; `last_used_step` is the
/// TOTP step of the last accepted code (replays of it or older ones are refused). Recovery codes are
/// stored as SHA-256 and deleted when used.
enum Migration011TwoFactor {
    static let migration = Migration(version: 11, name: "two-factor") { _ in
        [
            """
            CREATE TABLE two_factor (
                user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
                sealed_secret TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                enabled_at BIGINT,
                last_used_step BIGINT)
            """,
            """
            CREATE TABLE two_factor_recovery_codes (
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                code_hash TEXT NOT NULL,
                PRIMARY KEY (user_id, code_hash))
            """,
        ]
    }
}
