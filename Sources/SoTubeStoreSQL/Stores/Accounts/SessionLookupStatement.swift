import PostgresNIO

/// PostgreSQL's prepared statement for `SQLAccountStore.sessionWithUser`: a live session and its
/// account (not locked), or no row.
struct SessionLookupStatement: PostgresPreparedStatement {
    static let columns = """
        s.token_hash, s.created_at AS session_created_at, s.expires_at, s.remember, s.confirmed_at,
            u.id, u.username, u.email, u.display_name, u.coins, u.created_at, u.password_hash, u.role,
            u.locked_at, u.frozen_at, u.language
        """
    static let name = "sotube_session_lookup_v1"
    static let sql = """
        SELECT \(columns) FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.token_hash = $1::text AND s.expires_at > $2::bigint AND u.locked_at IS NULL
        """

    var tokenHash: String
    var now: Int64

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 2)
        bindings.append(tokenHash)
        bindings.append(now)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}
