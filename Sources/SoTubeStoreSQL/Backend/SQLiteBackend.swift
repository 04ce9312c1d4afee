import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import SQLKit
import SQLiteKit
import SQLiteNIO

/// SQLite in WAL mode: one writer connection behind a lock (transactions), a few reader
/// connections used in turn.
public final class SQLiteBackend: SQLBackend, @unchecked Sendable {
    public let dialect = StoreDialect.sqlite
    private let writer: SQLiteConnection
    private let readers: [SQLiteConnection]
    private let writeLock = AsyncMutex()
    private let counter = ManagedCounter()

    private init(writer: SQLiteConnection, readers: [SQLiteConnection]) {
        self.writer = writer
        self.readers = readers
    }

    package static func open(path: String, readers readerCount: Int = 3, logger: Logger) async throws
        -> SQLiteBackend
    {
        let writer = try await openConnection(path: path, logger: logger)
        var readers: [SQLiteConnection] = []
        for _ in 0..<readerCount {
            readers.append(try await openConnection(path: path, logger: logger))
        }
        return SQLiteBackend(writer: writer, readers: readers)
    }

    private static func openConnection(path: String, logger: Logger) async throws -> SQLiteConnection {
        let connection = try await SQLiteConnection.open(
            storage: .file(path: path), threadPool: .singleton, logger: logger,
            on: MultiThreadedEventLoopGroup.singleton.any()
        ).get()
        let db = connection.sql(queryLogLevel: nil)
        for pragma in [
            "PRAGMA journal_mode = WAL", "PRAGMA synchronous = NORMAL", "PRAGMA busy_timeout = 10000",
            "PRAGMA foreign_keys = ON",
            // Measured with 64 buyers (scripts/bench-purchases.sh, perf): statement journals went to
            // temporary files, pages were read again from the kernel through a 2 MB cache, and every
            // 1,000 pages of WAL the committing purchase copied them back with an fsync.
            "PRAGMA temp_store = MEMORY", "PRAGMA cache_size = -16000", "PRAGMA wal_autocheckpoint = 4000",
        ] {
            try await db.raw(SQLQueryString(pragma)).run()
        }
        return connection
    }

    public func read<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R)
        async throws -> R
    {
        let reader = readers[counter.next() % readers.count]
        return try await body(reader.sql(queryLogLevel: nil))
    }

    public func transaction<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R)
        async throws -> R
    {
        let db = writer.sql(queryLogLevel: nil)
        return try await writeLock.withLock {
            try await db.inTransaction(begin: "BEGIN IMMEDIATE", body)
        }
    }

    public func shutdown() async {
        for connection in readers + [writer] {
            try? await connection.close().get()
        }
    }
}

/// A thread-safe round-robin counter.
final class ManagedCounter: @unchecked Sendable {
    private let lock = NIOLock()
    private var value = 0
    func next() -> Int {
        lock.withLock {
            value &+= 1
            return value & Int.max
        }
    }
}
