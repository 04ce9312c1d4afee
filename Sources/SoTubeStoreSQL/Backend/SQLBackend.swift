import Logging
import NIOCore
import SQLKit

/// One way to reach a SQL database. Store code is written once against this protocol;
/// everything that differs between engines lives in `StoreDialect`.
public protocol SQLBackend: Sendable {
    var dialect: StoreDialect { get }
    /// Runs `body` with a database handle suitable for reads.
    func read<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R
    /// Runs `body` inside one transaction: committed when it returns, rolled back when it throws.
    func transaction<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R)
        async throws -> R
    /// The rows of one read-only statement (PostgreSQL decodes them past PostgresKit's generic
    /// decoding: `PostgresDirectRow`). `planOnce`: the statement's best plan does not depend on its
    /// binds' values, so PostgreSQL may prepare it and plan it once for all of them.
    func rows(of query: SQLQueryString, planOnce: Bool) async throws -> [any SQLRow]
    /// Closes every connection.
    func shutdown() async
}

extension SQLBackend {
    public func rows(of query: SQLQueryString, planOnce: Bool) async throws -> [any SQLRow] {
        try await read { try await $0.raw(query).all() }
    }
}

/// Opens a backend from a location: a file path for SQLite, a `postgres://` URL for PostgreSQL.
public enum SQLBackends {
    package static func open(_ settings: DatabaseSettings, logger: Logger) async throws -> any SQLBackend {
        if settings.isPostgres {
            return try await PostgresBackend.connect(
                url: settings.location, poolSize: settings.poolSize, tls: settings.tls,
                statementTimeoutMs: settings.statementTimeoutMs, foldsSales: settings.foldsSales, logger: logger)
        }
        return try await SQLiteBackend.open(path: settings.location, logger: logger)
    }
}

extension SQLDatabase {
    /// Runs `body` between `begin` and COMMIT on this one connection; ROLLBACK when it throws.
    ///
    /// The ROLLBACK is sent whether or not the task was cancelled. SQLiteNIO runs a statement awaited
    /// in a cancelled task through `NIOThreadPool.runIfActive`, which skips it: a task cancelled after
    /// BEGIN (a media job's lease renewal, cancelled when its job ended) saw its next statement skipped,
    /// then its ROLLBACK, and SQLite's one writer connection stayed inside the open transaction; every
    /// later write in the process failed ("cannot start a transaction within a transaction") and a
    /// `sotube worker` stopped for good. The future-based statement below is not tied to the task.
    func inTransaction<R: Sendable>(
        begin: SQLQueryString = "BEGIN", _ body: @Sendable (any SQLDatabase) async throws -> R
    ) async throws -> R {
        try await raw(begin).run()
        do {
            let result = try await body(self)
            try await raw("COMMIT").run()
            return result
        } catch {
            let rollback: EventLoopFuture<Void> = raw("ROLLBACK").run()
            try? await rollback.get()
            throw error
        }
    }
}
