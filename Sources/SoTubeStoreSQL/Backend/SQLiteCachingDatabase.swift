import Logging
import NIOCore
import SQLKit
import SQLiteNIO

/// A `SQLiteCachingConnection` as SQLKit's database: the same statements and binds as `SQLiteDirectDatabase`,
/// each shape prepared once on its connection.
struct SQLiteCachingDatabase: SQLiteStatementDatabase {
    let connection: SQLiteCachingConnection

    var logger: Logger { connection.logger }
    var eventLoop: any EventLoop { connection.eventLoop }

    func run(_ sql: String, _ binds: [SQLiteData], _ onRow: @escaping @Sendable (any SQLRow) -> Void)
        -> EventLoopFuture<Void>
    {
        connection.query(sql, binds) { onRow(SQLiteDirectRow(cells: $0)) }
    }

    func run(_ sql: String, _ binds: [SQLiteData], _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        try await connection.query(sql, binds) { onRow(SQLiteDirectRow(cells: $0)) }
    }
}
