import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import SQLiteNIO
import VaporCSQLite

/// An SQLite connection that keeps its prepared statements (`SQLiteBackend`'s readers and writer).
/// SQLiteNIO prepares each statement afresh and finalizes it after its rows, and does not expose its
/// connection's handle: at 10M songs SQLite's parser and code generator (`sqlite3_prepare_v3`) took
/// 6.6–8.6 % of the server's CPU in searches, which ask the same few shapes of statement with new binds
/// each time. Here a statement is prepared once per connection and shape (its SQL text), reset after
/// its rows, and kept among the `limit` last used.
///
/// The handle is opened as SQLiteNIO opens its own (full mutex, the same flags), and each statement
/// runs on the same thread pool. A statement is taken out of the cache while it runs, so two statements
/// of one shape at once on one connection each have their own.
final class SQLiteCachingConnection: @unchecked Sendable {
    /// The connection; nil once closed (under `state`'s lock).
    private let state: NIOLockedValueBox<State>
    private let threadPool: NIOThreadPool
    let eventLoop: any EventLoop
    let logger: Logger

    /// Statements kept per connection.
    static let limit = 64

    /// SQLite's pointers, used under SQLite's connection mutex (the handle) or by one thread at a time
    /// (a statement, taken out of `kept` while it runs).
    private struct State: @unchecked Sendable {
        var handle: OpaquePointer?
        /// Kept statements by their SQL, each with when it was last used.
        var kept: [String: (statement: OpaquePointer, used: UInt64)] = [:]
        var uses: UInt64 = 0
        /// How many statements were prepared (for tests).
        var prepared = 0
    }

    private init(handle: OpaquePointer, threadPool: NIOThreadPool, eventLoop: any EventLoop, logger: Logger) {
        self.state = NIOLockedValueBox(State(handle: handle))
        self.threadPool = threadPool
        self.eventLoop = eventLoop
        self.logger = logger
    }

    /// Opens `path`, creating it when missing, as SQLiteNIO does.
    static func open(path: String, logger: Logger) async throws -> SQLiteCachingConnection {
        let pool = NIOThreadPool.singleton
        let opened = try await pool.runIfActive { () throws -> Pointer in
            var handle: OpaquePointer?
            let flags =
                SQLITE_OPEN_CREATE | SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX | SQLITE_OPEN_URI
                | SQLITE_OPEN_EXRESCODE
            let opened = sqlite_nio_sqlite3_open_v2(path, &handle, flags, nil)
            guard opened == SQLITE_OK, let handle else {
                let message = handle.flatMap { sqlite_nio_sqlite3_errmsg($0) }.map { String(cString: $0) }
                sqlite_nio_sqlite3_close_v2(handle)
                throw SQLiteCallError(code: opened, message: message ?? "could not open \(path)")
            }
            return Pointer(raw: handle)
        }
        return SQLiteCachingConnection(
            handle: opened.raw, threadPool: pool, eventLoop: MultiThreadedEventLoopGroup.singleton.any(), logger: logger
        )
    }

    /// How many statements this connection prepared so far.
    var preparedCount: Int { state.withLockedValue { $0.prepared } }
    /// How many it keeps now.
    var keptCount: Int { state.withLockedValue { $0.kept.count } }
    /// How many times SQLite prepared the kept statements again at a step (a schema change, or a bind
    /// that expired the plan).
    var repreparedCount: Int {
        state.withLockedValue { state in
            state.kept.values.reduce(0) {
                $0 + Int(sqlite_nio_sqlite3_stmt_status($1.statement, SQLITE_STMTSTATUS_REPREPARE, 0))
            }
        }
    }

    /// Runs `sql` with `binds` on the thread pool, handing each row to `onRow` there.
    func query(_ sql: String, _ binds: [SQLiteData], _ onRow: @escaping @Sendable (SQLiteCells) -> Void)
        async throws
    {
        try await threadPool.runIfActive { try self.run(sql, binds, onRow) }
    }

    /// The same, as a future: not tied to the calling task, so it runs even when that task was cancelled.
    func query(_ sql: String, _ binds: [SQLiteData], _ onRow: @escaping @Sendable (SQLiteCells) -> Void)
        -> EventLoopFuture<Void>
    {
        threadPool.runIfActive(eventLoop: eventLoop) { try self.run(sql, binds, onRow) }
    }

    /// Finalizes the kept statements and closes the connection; a statement still running is finalized
    /// when it ends (`sqlite3_close_v2` waits for it).
    func close() async {
        let (handle, kept) = state.withLockedValue { state in
            defer {
                state.handle = nil
                state.kept = [:]
            }
            return (state.handle.map(Pointer.init), state.kept.values.map { Pointer(raw: $0.statement) })
        }
        guard let handle else { return }
        try? await threadPool.runIfActive {
            for statement in kept { sqlite_nio_sqlite3_finalize(statement.raw) }
            sqlite_nio_sqlite3_close_v2(handle.raw)
        }
    }

    private func run(_ sql: String, _ binds: [SQLiteData], _ onRow: (SQLiteCells) -> Void) throws {
        let (handle, statement) = try take(sql)
        // Reset, not cleared: `sqlite3_clear_bindings` expires a statement whose plan looked at a bound
        // value (an equality its index does not use, whose value 0 or 1 would change the plan's
        // estimate), and the next step prepared it again: 3.5 % of the CPU of a search. Each use binds
        // every parameter, so no value of the last use is read.
        defer {
            sqlite_nio_sqlite3_reset(statement)
            give(sql, statement)
        }
        guard sqlite_nio_sqlite3_bind_parameter_count(statement) == binds.count else {
            throw SQLiteCallError(code: SQLITE_RANGE, message: "\(binds.count) values for the statement's parameters")
        }
        for (index, value) in binds.enumerated() {
            try check(Self.bind(value, at: Int32(index + 1), of: statement), handle)
        }
        let count = sqlite_nio_sqlite3_column_count(statement)
        var names: [String] = []
        names.reserveCapacity(Int(count))
        for column in 0..<count {
            names.append(sqlite_nio_sqlite3_column_name(statement, column).map { String(cString: $0) } ?? "")
        }
        let columns = SQLiteCells.Columns(names)
        while true {
            let stepped = sqlite_nio_sqlite3_step(statement)
            guard stepped == SQLITE_ROW else {
                guard stepped == SQLITE_DONE else { throw error(stepped, handle) }
                return
            }
            var values: [SQLiteData] = []
            values.reserveCapacity(Int(count))
            for column in 0..<count { values.append(try Self.value(at: column, of: statement)) }
            onRow(SQLiteCells(columns: columns, values: values))
        }
    }

    /// A kept statement for `sql`, or one prepared now; and the connection's handle.
    private func take(_ sql: String) throws -> (OpaquePointer, OpaquePointer) {
        let (handle, kept) = state.withLockedValue { state -> (OpaquePointer?, OpaquePointer?) in
            guard let handle = state.handle else { return (nil, nil) }
            guard let kept = state.kept.removeValue(forKey: sql) else {
                state.prepared += 1
                return (handle, nil)
            }
            return (handle, kept.statement)
        }
        guard let handle else { throw SQLiteCallError(code: SQLITE_MISUSE, message: "The connection is closed") }
        if let kept { return (handle, kept) }
        var statement: OpaquePointer?
        let prepared = sqlite_nio_sqlite3_prepare_v3(
            handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard prepared == SQLITE_OK, let statement else {
            sqlite_nio_sqlite3_finalize(statement)
            throw error(prepared, handle)
        }
        return (handle, statement)
    }

    /// Keeps `statement` (reset) for the next use of `sql`, dropping the least recently used past `limit`;
    /// finalizes it when the connection closed meanwhile or one is kept already.
    private func give(_ sql: String, _ statement: OpaquePointer) {
        let dropped = state.withLockedValue { state -> OpaquePointer? in
            guard state.handle != nil, state.kept[sql] == nil else { return statement }
            state.uses &+= 1
            state.kept[sql] = (statement, state.uses)
            guard state.kept.count > Self.limit,
                let oldest = state.kept.min(by: { $0.value.used < $1.value.used })
            else { return nil }
            state.kept[oldest.key] = nil
            return oldest.value.statement
        }
        if let dropped { sqlite_nio_sqlite3_finalize(dropped) }
    }

    private func check(_ code: Int32, _ handle: OpaquePointer) throws {
        guard code == SQLITE_OK else { throw error(code, handle) }
    }

    private func error(_ code: Int32, _ handle: OpaquePointer) -> SQLiteCallError {
        SQLiteCallError(code: code, message: sqlite_nio_sqlite3_errmsg(handle).map { String(cString: $0) } ?? "")
    }

    /// Binds as SQLiteNIO binds (text and blobs copied).
    private static func bind(_ value: SQLiteData, at index: Int32, of statement: OpaquePointer) -> Int32 {
        switch value {
        case .blob(let bytes):
            return bytes.withUnsafeReadableBytes {
                sqlite_nio_sqlite3_bind_blob64(statement, index, $0.baseAddress, UInt64($0.count), transient)
            }
        case .float(let double): return sqlite_nio_sqlite3_bind_double(statement, index, double)
        case .integer(let integer): return sqlite_nio_sqlite3_bind_int64(statement, index, Int64(integer))
        case .null: return sqlite_nio_sqlite3_bind_null(statement, index)
        case .text(let text):
            return sqlite_nio_sqlite3_bind_text64(
                statement, index, text, UInt64(text.utf8.count), transient, UInt8(SQLITE_UTF8))
        }
    }

    /// A column's value as SQLiteNIO reads it.
    private static func value(at column: Int32, of statement: OpaquePointer) throws -> SQLiteData {
        switch sqlite_nio_sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return .integer(Int(sqlite_nio_sqlite3_column_int64(statement, column)))
        case SQLITE_FLOAT: return .float(sqlite_nio_sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            guard let text = sqlite_nio_sqlite3_column_text(statement, column) else {
                throw SQLiteCallError(code: SQLITE_ERROR, message: "Unexpected nil column text")
            }
            return .text(String(cString: text))
        case SQLITE_BLOB:
            let length = Int(sqlite_nio_sqlite3_column_bytes(statement, column))
            var buffer = ByteBufferAllocator().buffer(capacity: length)
            if let bytes = sqlite_nio_sqlite3_column_blob(statement, column) {
                buffer.writeBytes(UnsafeRawBufferPointer(start: bytes, count: length))
            }
            return .blob(buffer)
        default: return .null
        }
    }

    /// A pointer handed between threads.
    private struct Pointer: @unchecked Sendable {
        let raw: OpaquePointer
    }

    /// SQLite copies the bound text or blob (`SQLITE_TRANSIENT`).
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

/// A row read by `SQLiteCachingConnection`: its statement's column names (shared by its rows) and its values.
struct SQLiteCells: Sendable {
    final class Columns: Sendable {
        let names: [String]
        /// The first column of each name.
        let places: [String: Int]

        init(_ names: [String]) {
            self.names = names
            self.places = Dictionary(
                names.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { a, _ in a })
        }
    }

    let columns: Columns
    let values: [SQLiteData]

    func column(_ name: String) -> SQLiteData? { columns.places[name].map { values[$0] } }
}

/// An error SQLite gave a `SQLiteCachingConnection`: its extended result code and message.
struct SQLiteCallError: Error, CustomStringConvertible {
    var code: Int32
    var message: String
    var description: String { "SQLite error \(code): \(message)" }

    /// A UNIQUE or PRIMARY KEY constraint failed (SQLITE_CONSTRAINT_UNIQUE, _PRIMARYKEY: macros Swift
    /// does not import).
    var isUniqueViolation: Bool {
        code == SQLITE_CONSTRAINT | (8 << 8) || code == SQLITE_CONSTRAINT | (6 << 8)
    }
}
