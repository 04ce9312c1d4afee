import Foundation
import PostgresNIO
import SoTubeCore

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

    /// The row decoded cell by cell in `columns`' order with PostgresNIO's own decoders: through
    /// SQLKit's `SQLRow` (a `Decoder` and a search by name per column) it was 3.8 % of a purchase's
    /// server CPU on the cluster (issue 35). The same fields as `SQLAccountStore.sessionAndUser`.
    func decodeRow(_ row: PostgresRow) throws -> (session: Session, user: User) {
        var cells = row.makeIterator()
        func next<T: PostgresDecodable>(_: T.Type) throws -> T {
            guard let cell = cells.next() else { throw ShortRow() }
            return try cell.decode(T.self)
        }
        let tokenHash = try next(String.self)
        let sessionCreatedAt = try next(Int64.self)
        let expiresAt = try next(Int64.self)
        let remember = try next(Int.self)
        let confirmedAt = try next(Int64?.self)
        let id = try next(String.self)
        let username = try next(String.self)
        let email = try next(String.self)
        let displayName = try next(String.self)
        let coins = try next(Int.self)
        let createdAt = try next(Int64.self)
        _ = try next(String.self)  // password_hash: the SQLite path reads it with the rest of the credentials
        // An unknown role (a newer build's) gets the least: buying.
        let role = UserRole(rawValue: try next(String.self)) ?? .buyer
        let lockedAt = try next(Int64?.self)
        let frozenAt = try next(Int64?.self)
        let language = try next(String?.self)
        let user = User(
            id: id, username: username, email: email, displayName: displayName, coins: coins,
            createdAt: Date(epochMillis: createdAt), role: role, lockedAt: lockedAt.map(Date.init(epochMillis:)),
            frozenAt: frozenAt.map(Date.init(epochMillis:)), language: language)
        let session = Session(
            tokenHash: tokenHash, userID: id, createdAt: Date(epochMillis: sessionCreatedAt),
            expiresAt: Date(epochMillis: expiresAt), remember: remember != 0,
            confirmedAt: confirmedAt.map(Date.init(epochMillis:)))
        return (session, user)
    }

    /// The statement returned fewer columns than `columns` names.
    struct ShortRow: Error {}
}
