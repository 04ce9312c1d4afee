/// How to reach the database: a SQLite file path or a `postgres://` URL, with the PostgreSQL pool
/// size, transport security and statement timeout.
public struct DatabaseSettings: Sendable, Equatable {
    public var location: String
    /// PostgreSQL connections per process (SQLite uses one writer and a few readers).
    public var poolSize: Int
    public var tls: DatabaseTLS
    /// PostgreSQL cancels a statement that runs longer (milliseconds; 0: never), so a stuck query
    /// frees its connection instead of holding the pool. Migrations wait for each other without it.
    public var statementTimeoutMs: Int
    /// PostgreSQL: this process folds the sales rows its writes leave (`SalesPending`) about a second
    /// after them, with a connection of its own. A server does; a command that writes and exits, or a
    /// test, leaves them to the next fold (the dashboard folds before it reads).
    public var foldsSales: Bool

    public init(
        location: String, poolSize: Int = 16, tls: DatabaseTLS = .disable, statementTimeoutMs: Int = 30_000,
        foldsSales: Bool = false
    ) {
        self.location = location
        self.poolSize = poolSize
        self.tls = tls
        self.statementTimeoutMs = statementTimeoutMs
        self.foldsSales = foldsSales
    }

    public var isPostgres: Bool { location.hasPrefix("postgres://") || location.hasPrefix("postgresql://") }
}

/// PostgreSQL transport security.
public enum DatabaseTLS: String, Sendable, CaseIterable {
    /// Plain TCP (loopback or a trusted private network).
    case disable
    /// Encrypted; the server's certificate is not checked.
    case require
    /// Encrypted; the certificate must be valid for the host (system trust store).
    case verifyFull = "verify-full"
}
