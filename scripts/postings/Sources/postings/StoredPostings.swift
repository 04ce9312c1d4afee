import CSQLite

/// The candidate index in a SQLite file, read as a store would read it: through SQLite, with the server's
/// 16 MB cache. Each list is stored in runs of `runLength` ordinals (one `PostingBlocks` each, a row keyed
/// by the list and its last ordinal), each bitmap in chunks of `chunkSongs` songs (a row keyed by the list
/// and its chunk). A run is about 3 KB and a chunk 3,584 bytes, and the tables have rowids: SQLite keeps a
/// row of up to about 4 KB on its page there, where a table WITHOUT ROWID moves what passes about 1 KB to
/// overflow pages.
final class StoredPostings {
    static let runLength = 2048
    static let chunkSongs = 28672
    private var db: OpaquePointer?
    private var nextRun: OpaquePointer?
    private var chunk: OpaquePointer?

    init(path: String) throws {
        guard sqlite3_open(path, &db) == SQLITE_OK else { throw StoreError.sqlite(path) }
        try execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -16000")
        try execute(
            """
            CREATE TABLE IF NOT EXISTS runs (list TEXT, last INTEGER, data BLOB, UNIQUE (list, last));
            CREATE TABLE IF NOT EXISTS chunks (list TEXT, chunk INTEGER, data BLOB, UNIQUE (list, chunk))
            """)
        nextRun = try prepare("SELECT data FROM runs WHERE list = ?1 AND last >= ?2 ORDER BY last LIMIT 1")
        chunk = try prepare("SELECT data FROM chunks WHERE list = ?1 AND chunk = ?2")
    }

    deinit {
        sqlite3_finalize(nextRun)
        sqlite3_finalize(chunk)
        sqlite3_close(db)
    }

    /// Writes `ordinals` as `list` (runs, or chunks of a bitmap when it is dense and `bitmaps`), once.
    func write(_ list: String, _ ordinals: [Int], songs: Int, bitmaps: Bool) throws {
        let asBitmap = bitmaps && Posting.isDense(ordinals.count, songs: songs)
        let insert = try prepare(
            asBitmap
                ? "INSERT OR IGNORE INTO chunks VALUES (?1, ?2, ?3)" : "INSERT OR IGNORE INTO runs VALUES (?1, ?2, ?3)")
        defer { sqlite3_finalize(insert) }
        try execute("BEGIN")
        if asBitmap {
            let words = Bitmap(ordinals, songs: songs).words
            let perChunk = Self.chunkSongs / 64
            for start in stride(from: 0, to: words.count, by: perChunk) {
                let bytes = words[start..<min(start + perChunk, words.count)].flatMap {
                    withUnsafeBytes(of: $0.littleEndian, Array.init)
                }
                try put(insert, list, start / perChunk, bytes)
            }
        } else {
            for start in stride(from: 0, to: ordinals.count, by: Self.runLength) {
                let run = Array(ordinals[start..<min(start + Self.runLength, ordinals.count)])
                try put(insert, list, run[run.count - 1], PostingBlocks(run).serialized)
            }
        }
        try execute("COMMIT")
    }

    /// The run of `list` holding the first ordinal at or after `target`.
    func run(_ list: String, reaching target: Int) -> PostingBlocks? {
        read(nextRun, list, target) { PostingBlocks(serialized: $0) }
    }

    /// Chunk `index` of `list`'s bitmap.
    func chunk(_ list: String, _ index: Int) -> [UInt64]? {
        read(chunk, list, index) { bytes in
            (0..<(bytes.count / 8)).map {
                UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self))
            }
        }
    }

    private func read<T>(_ statement: OpaquePointer?, _ list: String, _ key: Int, _ body: (UnsafeRawBufferPointer) -> T)
        -> T?
    {
        defer { sqlite3_reset(statement) }
        sqlite3_bind_text(statement, 1, list, -1, transient)
        sqlite3_bind_int64(statement, 2, Int64(key))
        guard sqlite3_step(statement) == SQLITE_ROW, let blob = sqlite3_column_blob(statement, 0) else { return nil }
        return body(UnsafeRawBufferPointer(start: blob, count: Int(sqlite3_column_bytes(statement, 0))))
    }

    private func put(_ statement: OpaquePointer?, _ list: String, _ key: Int, _ bytes: [UInt8]) throws {
        defer { sqlite3_reset(statement) }
        sqlite3_bind_text(statement, 1, list, -1, transient)
        sqlite3_bind_int64(statement, 2, Int64(key))
        _ = bytes.withUnsafeBytes { sqlite3_bind_blob(statement, 3, $0.baseAddress, Int32($0.count), transient) }
        guard sqlite3_step(statement) == SQLITE_DONE else { throw StoreError.sqlite(list) }
    }

    private func prepare(_ sql: String) throws -> OpaquePointer? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else { throw StoreError.sqlite(sql) }
        return statement
    }

    private func execute(_ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw StoreError.sqlite(sql) }
    }

    private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    enum StoreError: Error { case sqlite(String) }
}

/// A stored list read forward a run at a time.
struct StoredCursor: OrdinalCursor {
    let store: StoredPostings
    let list: String
    let length: Int
    private var run: PostingCursor?
    private var runLast = -1

    init(_ store: StoredPostings, list: String, length: Int) {
        (self.store, self.list, self.length) = (store, list, length)
    }

    mutating func seek(_ target: Int) -> Int? {
        if run == nil || runLast < target {
            guard let next = store.run(list, reaching: target), let last = next.lasts.last else { return nil }
            (run, runLast) = (PostingCursor(next), last)
        }
        return run?.seek(target)
    }
}

/// A stored bitmap, read a chunk at a time.
struct StoredBits: OrdinalSet {
    let store: StoredPostings
    let list: String
    private var index = -1
    private var words: [UInt64] = []

    init(_ store: StoredPostings, list: String) { (self.store, self.list) = (store, list) }

    mutating func contains(_ ordinal: Int) -> Bool {
        let wanted = ordinal / StoredPostings.chunkSongs
        if wanted != index {
            words = store.chunk(list, wanted) ?? []
            index = wanted
        }
        let word = (ordinal % StoredPostings.chunkSongs) >> 6
        return word < words.count && words[word] & (1 << UInt64(ordinal & 63)) != 0
    }
}
