import Logging
import NIOCore
import SQLKit
import SQLiteKit
import SQLiteNIO

/// SQLKit's database over an SQLite connection: statements serialized and their binds encoded as
/// SQLiteKit does, rows as `SQLiteDirectRow`s. A conformer runs one statement (`run`).
protocol SQLiteStatementDatabase: SQLDatabase {
    /// Runs `sql` with `binds`, handing each row to `onRow`; the future is not tied to the calling task.
    func run(_ sql: String, _ binds: [SQLiteData], _ onRow: @escaping @Sendable (any SQLRow) -> Void)
        -> EventLoopFuture<Void>
    func run(_ sql: String, _ binds: [SQLiteData], _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws
}

extension SQLiteStatementDatabase {
    var dialect: any SQLDialect { SQLiteDialect() }
    var queryLogLevel: Logger.Level? { nil }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void)
        -> EventLoopFuture<Void>
    {
        let (sql, binds): (String, [SQLiteData])
        do {
            (sql, binds) = try statement(query)
        } catch {
            return eventLoop.makeFailedFuture(error)
        }
        return run(sql, binds, onRow)
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        let (sql, binds) = try statement(query)
        try await run(sql, binds, onRow)
    }

    private func statement(_ query: any SQLExpression) throws -> (String, [SQLiteData]) {
        let (sql, binds) = serialize(query)
        let encoder = SQLiteDataEncoder()
        return (sql, try binds.map { try encoder.encode($0) })
    }
}

/// An SQLite connection as SQLKit's database, as `SQLiteConnection.sql(queryLogLevel: nil)` gives it (the
/// same statements, binds and futures), whose rows are `SQLiteDirectRow`s.
struct SQLiteDirectDatabase: SQLiteStatementDatabase {
    let connection: SQLiteConnection

    var logger: Logger { connection.logger }
    var eventLoop: any EventLoop { connection.eventLoop }

    func run(_ sql: String, _ binds: [SQLiteData], _ onRow: @escaping @Sendable (any SQLRow) -> Void)
        -> EventLoopFuture<Void>
    {
        connection.query(sql, binds, logger: connection.logger) { onRow(SQLiteDirectRow(row: $0)) }
    }

    func run(_ sql: String, _ binds: [SQLiteData], _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        try await connection.query(sql, binds) { onRow(SQLiteDirectRow(row: $0)) }
    }
}
