/// How to reach the database: a SQLite file path or a `postgres://` URL, with the PostgreSQL pool
/// size and transport security.
public struct DatabaseSettings: Sendable, Equatable {
    public var location: String
    /// PostgreSQL connections per process (SQLite uses one writer and a few readers).
    public var poolSize: Int
    public var tls: DatabaseTLS

    public init(location: String, poolSize: Int = 16, tls: DatabaseTLS = .disable) {
        self.location = location
        self.poolSize = poolSize
        self.tls = tls
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
