import PostgresNIO
import SoTubeCore

/// PostgreSQL's prepared statements for `SQLCommerceStore.purchaseInOneStatement`. Every parameter is
/// cast in the SQL, so a NULL bound first (a song no account sells) never leaves a type to guess.

/// "Key used before?", "which song, what price?", "owned already?" and "sold by which account?" in one
/// row (the song's columns NULL when there is no such song).
struct PurchasePlanStatement: PostgresPreparedStatement {
    static let name = "sotube_purchase_plan_v1"
    static let sql = """
        SELECT (SELECT p.id FROM purchases p WHERE p.user_id = $1::text AND p.idempotency_key = $2::text) AS prior_id,
            t.id, t.title, t.price, t.album_id, t.ready, t.withdrawn_at, t.name_your_price,
            (SELECT COUNT(*) FROM owned_tracks o WHERE o.user_id = $1::text AND o.track_id = t.id) AS owned,
            aa.artist_id AS seller_artist, aa.user_id AS seller, aa.commission_bp, al.available_at
        FROM (SELECT 1 AS one) AS one_row LEFT JOIN tracks t ON t.id = $3::text
            LEFT JOIN artist_accounts aa ON aa.artist_id = t.artist_id
            LEFT JOIN albums al ON al.id = t.album_id
        """

    var userID: String
    var idempotencyKey: String
    var trackID: String

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 3)
        bindings.append(userID)
        bindings.append(idempotencyKey)
        bindings.append(trackID)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}

/// The purchase's writes, each a CTE reading the conditional debit: no row (too few coins) writes
/// nothing. The seller's CTEs write only when `seller` is given. Answers the balance after the debit.
///
/// Each insert selects from the one before it, so the rows go in as `purchase(_:_:)` writes them:
/// the purchase, its song, its ledger entry, the seller's balance. The dashboard's deferred triggers
/// fire in that order at COMMIT and take the day's shared rows in the order every other purchase
/// takes them. Left to PostgreSQL, the CTEs ran in another order, and song purchases deadlocked with
/// album purchases on those rows (the cluster soak: a deadlock a second, then no free connection).
struct PurchaseWriteStatement: PostgresPreparedStatement {
    static let name = "sotube_purchase_write_v2"
    static let sql = """
        WITH debit AS (
            UPDATE users SET coins = coins - $1::bigint WHERE id = $2::text AND coins >= $1::bigint RETURNING coins),
        bought AS (
            INSERT INTO purchases (id, user_id, kind, album_id, title, coins, balance_after, idempotency_key,
                request_fingerprint, created_at, discount_code)
            SELECT $3::text, $2::text, $4::text, $5::text, $6::text, $1::bigint, coins, $7::text, $8::text, $9::bigint, NULL
            FROM debit RETURNING id),
        owned AS (
            INSERT INTO owned_tracks (user_id, track_id, purchase_id, created_at)
            SELECT $2::text, $10::text, id, $9::bigint FROM bought RETURNING purchase_id),
        ledger AS (
            INSERT INTO ledger_entries (id, user_id, kind, reference, delta, balance_after, description,
                idempotency_key, created_at)
            SELECT $11::text, $2::text, $12::text, $3::text, $13::bigint, debit.coins, $14::text, $7::text, $9::bigint
            FROM owned, debit RETURNING id),
        credited AS (
            INSERT INTO earning_balances (account, balance)
            SELECT $15::text, $16::bigint FROM ledger WHERE $15::text IS NOT NULL
            ON CONFLICT (account) DO UPDATE SET balance = earning_balances.balance + excluded.balance
            RETURNING balance),
        earned AS (
            INSERT INTO earnings (id, account, kind, reference, artist_id, gross, delta, balance_after, pre_order,
                created_at)
            SELECT $3::text || '.share', $15::text, 'sale', $3::text, $17::text, $18::bigint, $16::bigint, balance,
                $19::bigint, $9::bigint
            FROM credited
            UNION ALL
            SELECT $3::text || '.commission', $20::text, 'commission', $3::text, $17::text, $18::bigint, $21::bigint, 0,
                $19::bigint, $9::bigint
            FROM credited)
        SELECT coins FROM debit
        """

    /// The account that sells the song's artist, and its part of the sale.
    struct Seller: Sendable {
        var account: String
        var artistID: String
        var split: RevenueSplit
        var preOrder: Bool
    }

    var command: PurchaseCommand
    var purchase: Purchase
    var trackID: String
    var entry: LedgerEntry
    var seller: Seller?

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 21)
        bindings.append(purchase.coins)  // $1
        bindings.append(purchase.userID)
        bindings.append(purchase.id)
        bindings.append(purchase.kind.rawValue)
        bindings.append(purchase.albumID)  // $5
        bindings.append(purchase.title)
        bindings.append(command.idempotencyKey)
        bindings.append(command.fingerprint)
        bindings.append(command.now.epochMillis)
        bindings.append(trackID)  // $10
        bindings.append(entry.id)
        bindings.append(entry.kind.rawValue)
        bindings.append(entry.delta)
        bindings.append(entry.description)
        bindings.append(seller?.account)  // $15
        bindings.append(seller?.split.share ?? 0)
        bindings.append(seller?.artistID)
        bindings.append(seller?.split.gross ?? 0)
        bindings.append(seller?.preOrder == true ? 1 : 0)
        bindings.append(SQLSellerStore.storeAccount)  // $20
        bindings.append(seller?.split.commission ?? 0)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Int { try row.decode(Int.self) }
}
