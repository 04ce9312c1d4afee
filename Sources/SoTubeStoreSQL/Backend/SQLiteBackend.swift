import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import SQLKit
import SQLiteKit
import SQLiteNIO
import SoTubeCore

/// SQLite in WAL mode: one writer connection behind a lock (transactions), a few reader
/// connections (each read given the least busy), and one more that copies the WAL back into the
/// database in the background (`checkpointing`), so a committing transaction never does it while
/// every other writer waits. The writer and the readers keep their prepared statements
/// (`SQLiteCachingConnection`).
public final class SQLiteBackend: SQLBackend, @unchecked Sendable {
    public let dialect = StoreDialect.sqlite
    private let writer: SQLiteCachingConnection
    private let readers: [SQLiteCachingConnection]
    private let checkpointer: SQLiteConnection
    private let writeLock = Turns(limit: 1)  // SQLite has one writer at a time
    private let counter = ManagedCounter()
    /// How many `read`s each reader is serving now (`read` picks an idle one).
    private let serving: NIOLockedValueBox<[Int]>
    private let checkpoints: Task<Void, Never>
    /// Told after each transaction; holds at most one untold write.
    private let wrote: AsyncStream<Void>.Continuation
    private let closed = NIOLockedValueBox(false)
    /// The songs' word-start bitmaps, which every connection's `sotube_word_start` reads.
    package let wordStarts: WordStartBitmaps
    /// Their number for `sotube_word_start` (`WordStartFunction`); nil: SQLite refused the function.
    package let wordStartNumber: Int?
    private let path: String
    private let logger: Logger
    static let checkpointInterval = Duration.milliseconds(100)

    private init(
        writer: SQLiteCachingConnection, readers: [SQLiteCachingConnection], checkpointer: SQLiteConnection,
        wordStarts: WordStartBitmaps, wordStartNumber: Int?, path: String, logger: Logger
    ) {
        self.wordStarts = wordStarts
        self.wordStartNumber = wordStartNumber
        self.path = path
        self.logger = logger
        self.writer = writer
        self.readers = readers
        self.serving = NIOLockedValueBox(Array(repeating: 0, count: readers.count))
        self.checkpointer = checkpointer
        let (writes, wrote) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        self.wrote = wrote
        self.checkpoints = Self.checkpointing(checkpointer, after: writes)
    }

    package static func open(path: String, readers readerCount: Int = 3, logger: Logger) async throws
        -> SQLiteBackend
    {
        // Before any connection opens: the functions are given to each as it does.
        guard TitlePairsFunction.installed else { throw TitlePairsFunction.Unavailable() }
        let wordStarts = WordStartBitmaps()
        let number = WordStartFunction.register(wordStarts)
        do {
            let writer = try await openCaching(path: path, logger: logger)
            var readers: [SQLiteCachingConnection] = []
            for _ in 0..<readerCount {
                readers.append(try await openCaching(path: path, logger: logger))
            }
            return SQLiteBackend(
                writer: writer, readers: readers, checkpointer: try await openConnection(path: path, logger: logger),
                wordStarts: wordStarts, wordStartNumber: number, path: path, logger: logger)
        } catch {
            if let number { WordStartFunction.unregister(number) }
            throw error
        }
    }

    /// Runs `body` on a connection opened for it and closed after: a long scan (`WordStartBitmaps`'s
    /// making) then holds no reader from the searches, nor fills a reader's page cache with its rows.
    package func withOwnConnection<R: Sendable>(_ body: @Sendable (any SQLDatabase) async throws -> R)
        async throws -> R
    {
        let connection = try await Self.openConnection(path: path, logger: logger)
        do {
            let result = try await body(SQLiteDirectDatabase(connection: connection))
            try? await connection.close().get()
            return result
        } catch {
            try? await connection.close().get()
            throw error
        }
    }

    /// A PASSIVE checkpoint `checkpointInterval` after a write, and every `checkpointInterval` while
    /// writes go on: it copies what no reader still needs and waits for nobody; writers go on
    /// appending meanwhile. A store with nothing to copy is not woken (an idle server ran one every
    /// 100 ms, each a hop to the thread pool and back: about 100 futex calls a second).
    private static func checkpointing(
        _ connection: SQLiteConnection, after writes: AsyncStream<Void>
    ) -> Task<Void, Never> {
        let db = connection.sql(queryLogLevel: nil)
        return Task.detached {
            for await _ in writes {
                try? await Task.sleep(for: checkpointInterval)
                if Task.isCancelled { return }
                _ = try? await db.raw("PRAGMA wal_checkpoint(PASSIVE)").all()
            }
        }
    }

    /// Every connection's settings.
    private static let pragmas = [
        "PRAGMA journal_mode = WAL", "PRAGMA synchronous = NORMAL", "PRAGMA busy_timeout = 10000",
        "PRAGMA foreign_keys = ON",
        // Measured with 64 buyers (scripts/bench-purchases.sh, perf): statement journals went to
        // temporary files, pages were read again from the kernel through a 2 MB cache, and every
        // 1,000 pages of WAL the committing purchase copied them back with an fsync. Checkpoints
        // now run in the background (`checkpointing`); a commit does one only when the WAL
        // reaches 64 MB (16,000 pages) all the same, which bounds it if they fall behind.
        "PRAGMA temp_store = MEMORY", "PRAGMA cache_size = -16000", "PRAGMA wal_autocheckpoint = 16000",
    ]

    /// A connection that keeps its prepared statements (`SQLiteCachingConnection`), with every connection's
    /// settings.
    private static func openCaching(path: String, logger: Logger) async throws -> SQLiteCachingConnection {
        let reader = try await SQLiteCachingConnection.open(path: path, logger: logger)
        do {
            for pragma in pragmas { try await reader.query(pragma, []) { _ in } }
        } catch {
            await reader.close()
            throw error
        }
        return reader
    }

    private static func openConnection(path: String, logger: Logger) async throws -> SQLiteConnection {
        let connection = try await SQLiteConnection.open(
            storage: .file(path: path), threadPool: .singleton, logger: logger,
            on: MultiThreadedEventLoopGroup.singleton.any()
        ).get()
        let db = connection.sql(queryLogLevel: nil)
        for pragma in pragmas {
            do {
                // Future-based, as `inTransaction`'s ROLLBACK: a statement awaited in a cancelled task
                // (a making of the word-start bitmaps stopped as the database closes) is skipped.
                let set: EventLoopFuture<Void> = db.raw(SQLQueryString(pragma)).run()
                try await set.get()
            } catch {
                try? await connection.close().get()
                throw error
            }
        }
        return connection
    }

    public func read<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R)
        async throws -> R
    {
        let index = pickReader()
        defer { serving.withLockedValue { $0[index] -= 1 } }
        return try await body(SQLiteCachingDatabase(connection: readers[index]))
    }

    /// The reader for the next `read`: the one serving the fewest, in turn among equals (`leastBusy`).
    private func pickReader() -> Int {
        let start = counter.next() % readers.count
        return serving.withLockedValue { serving in
            let chosen = Self.leastBusy(serving, from: start)
            serving[chosen] += 1
            return chosen
        }
    }

    /// Of readers serving `serving` reads each, the one serving the fewest, the first from `start` in turn
    /// among equals. A connection runs one statement at a time (SQLite's connection mutex): taken in turn
    /// alone, a search's next statement could land on a reader still walking another's and wait for it,
    /// with another reader free. At 10M songs the benchmark's 3,000 searches took 0.984 and 0.981 of the
    /// time they took with readers in turn (each query's ratio, geometric mean; two runs, one file, asked
    /// in turn).
    static func leastBusy(_ serving: [Int], from start: Int) -> Int {
        var chosen = start
        for step in 1..<max(serving.count, 1) where serving[chosen] > 0 {
            let index = (start + step) % serving.count
            if serving[index] < serving[chosen] { chosen = index }
        }
        return chosen
    }

    public func transaction<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R)
        async throws -> R
    {
        let db = SQLiteCachingDatabase(connection: writer)
        defer { wrote.yield() }
        return try await writeLock.take {
            try await db.inTransaction(begin: "BEGIN IMMEDIATE", body)
        }
    }

    /// Closes every connection once: a second call (a server stopping after its database was shut
    /// down) does nothing. SQLiteNIO's second close passes the null handle the first left to
    /// `sqlite3_update_hook`, which only debug builds (SQLite's API armour) survive.
    public func shutdown() async {
        let first = closed.withLockedValue { closed in
            defer { closed = true }
            return !closed
        }
        guard first else { return }
        await wordStarts.stop()
        if let wordStartNumber { WordStartFunction.unregister(wordStartNumber) }
        wrote.finish()
        checkpoints.cancel()
        await checkpoints.value
        try? await checkpointer.close().get()
        for connection in readers + [writer] { await connection.close() }
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
