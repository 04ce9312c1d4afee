/// The client address of each user's last successful sign-in: that address keeps its own log-in
/// allowance when strangers have reached the account's ceiling over all addresses
/// (`ThrottlePolicy.loginKeys`).
enum Migration015SignIns {
    static let migration = Migration(version: 15, name: "sign-ins") { _ in
        [
            """
            CREATE TABLE sign_ins (
                user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
                address TEXT NOT NULL,
                signed_in_at BIGINT NOT NULL)
            """
        ]
    }
}
