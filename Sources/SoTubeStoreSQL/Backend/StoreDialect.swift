import PostgresNIO
import SQLiteNIO

/// Everything that differs between the SQL engines, in one place.
public enum StoreDialect: String, Sendable {
    case sqlite
    case postgres

    /// The table constraint or column a unique violation names, or nil when `error` is not one.
    /// (SQLite: "UNIQUE constraint failed: users.username_key"; PostgreSQL: SQLSTATE 23505.)
    public func uniqueViolation(_ error: any Error) -> String? {
        switch self {
        case .sqlite:
            if let error = error as? SQLiteCallError { return error.isUniqueViolation ? error.message : nil }
            guard let error = error as? SQLiteError,
                [.constraint, .constraintUniqueFailed, .constraintPrimaryKeyFailed].contains(error.reason)
            else { return nil }
            guard error.message.contains("UNIQUE") || error.message.contains("PRIMARY KEY") else { return nil }
            return error.message
        case .postgres:
            guard let error = error as? PSQLError, error.serverInfo?[.sqlState] == "23505" else { return nil }
            let constraint = error.serverInfo?[.constraintName] ?? ""
            let detail = error.serverInfo?[.detail] ?? ""
            return "\(constraint) \(detail)"
        }
    }

    /// Whether `error` means another transaction got there first and the same work may succeed when
    /// tried again: a unique violation, or (PostgreSQL) this transaction chosen to end a deadlock
    /// (40P01) or refused as not serialisable (40001).
    public func isWriteConflict(_ error: any Error) -> Bool {
        if uniqueViolation(error) != nil { return true }
        guard self == .postgres, let error = error as? PSQLError else { return false }
        let state = error.serverInfo?[.sqlState]
        return state == "40P01" || state == "40001"
    }

    /// The type for a 64-bit integer column.
    public var bigint: String { "BIGINT" }

    /// The first statement of a transaction that must read one consistent snapshot (PostgreSQL's
    /// default READ COMMITTED gives each statement its own; SQLite's single writer already holds one).
    /// Statements that make the transaction they run in the only one migrating (PostgreSQL: a
    /// transaction-scoped advisory lock, so a second server starting at the same time waits, then
    /// finds the migrations done; the wait and the migration are not cut short by the statement
    /// timeout). SQLite's single writer serialises transactions already.
    public var migrationLock: [String] {
        switch self {
        case .sqlite: return []
        case .postgres: return ["SET LOCAL statement_timeout = 0", "SELECT pg_advisory_xact_lock(7347147331)"]
        }
    }

    public var snapshotTransactionStart: String? {
        switch self {
        case .sqlite: return nil
        case .postgres: return "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ"
        }
    }
}

public enum StoreError: Error, CustomStringConvertible {
    case configuration(String)
    case newerSchema(databaseVersion: Int, knownVersion: Int)
    case corrupt(String)

    public var description: String {
        switch self {
        case .configuration(let message): return message
        case .newerSchema(let databaseVersion, let knownVersion):
            return
                "The database is at schema version \(databaseVersion), newer than this build knows (\(knownVersion)). Refusing to start: upgrade sotube."
        case .corrupt(let message): return message
        }
    }
}
