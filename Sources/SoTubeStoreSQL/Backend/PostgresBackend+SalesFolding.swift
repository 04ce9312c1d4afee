import Logging
import PostgresNIO
import SQLKit

extension PostgresBackend {
    /// A connection lent to a body, as `leased` lends one.
    typealias Lender = @Sendable (@escaping @Sendable (PostgresConnection) async throws -> Int) async throws -> Int

    /// Folds the sales rows the writes left (`SalesPending`) `foldDelay` after a write, at most once
    /// per `foldDelay` while writes go on; a store nobody writes to is not woken. The fold's own
    /// transaction is not a write that asks for another.
    static func foldingSales(after writes: AsyncStream<Void>, logger: Logger, lend: Lender) async {
        for await _ in writes {
            try? await Task.sleep(for: foldDelay)
            if Task.isCancelled { return }
            do {
                _ = try await lend { connection in
                    try await connection.sql(queryLogLevel: nil, logger: logger).inTransaction { db in
                        try await SalesPending.fold(db)
                    }
                }
            } catch {
                // The next write asks again; the dashboard folds before it reads.
                logger.warning("sales rows not folded: \(String(reflecting: error))")
            }
        }
    }
}
