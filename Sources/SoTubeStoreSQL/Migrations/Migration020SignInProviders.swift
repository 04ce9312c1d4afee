/// Sign-in through an OpenID provider or a trusted proxy (issue 34): each account's identities there,
/// found by (issuer, subject), and the short-lived single-use grants a sign-in passes through (a log-in's
/// state at the provider, a link ticket, a native app's code), kept in the database so that any server
/// behind the same load balancer can finish what another began.
enum Migration020SignInProviders {
    static let migration = Migration(version: 20, name: "sign-in providers") { _ in
        [
            """
            CREATE TABLE user_identities (
                issuer TEXT NOT NULL,
                subject TEXT NOT NULL,
                user_id TEXT NOT NULL REFERENCES users(id),
                email TEXT,
                created_at BIGINT NOT NULL,
                PRIMARY KEY (issuer, subject))
            """,
            "CREATE INDEX user_identities_user ON user_identities (user_id)",
            """
            CREATE TABLE sign_in_grants (
                grant_hash TEXT PRIMARY KEY,
                purpose TEXT NOT NULL,
                payload TEXT NOT NULL,
                expires_at BIGINT NOT NULL,
                used_at BIGINT)
            """,
            "CREATE INDEX sign_in_grants_expiry ON sign_in_grants (expires_at)",
        ]
    }
}
