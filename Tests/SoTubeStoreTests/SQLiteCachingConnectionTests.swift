import Foundation
import SQLKit
import SoTubeTestFixtures
import Testing

@testable import SoTubeStoreSQL

/// SQLite connections that keep their prepared statements (`SQLiteCachingConnection`): a shape is
/// prepared once and gives each use its own binds' rows, is not prepared again by a new bind, never
/// holds an old snapshot or a lock, and a failing statement leaves the connection working.
@Suite struct SQLiteCachingConnectionTests {
    /// A connection to a new file holding `songs (id, title, explicit)` with 50 rows, closed after `body`.
    private func withSongs(_ body: (SQLiteCachingDatabase) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sotube-caching-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let connection = try await SQLiteCachingConnection.open(
            path: folder.appendingPathComponent("t.sqlite").path, logger: TestEngine.logger)
        let db = SQLiteCachingDatabase(connection: connection)
        do {
            try await db.raw("CREATE TABLE songs (id INTEGER PRIMARY KEY, title TEXT NOT NULL, explicit INTEGER)").run()
            try await db.raw("CREATE INDEX songs_title ON songs (title)").run()
            for id in 1...50 {
                try await db.raw(
                    "INSERT INTO songs (id, title, explicit) VALUES (\(bind: id), \(bind: "song \(id % 10)"), \(bind: id % 2))"
                ).run()
            }
            try await body(db)
        } catch {
            await connection.close()
            throw error
        }
        await connection.close()
    }

    /// The search's shape: an equality on a column its index does not serve (the rowid range leads), whose
    /// plan SQLite marks as depending on the bound value.
    private static func titles(_ db: SQLiteCachingDatabase, explicit: Int, from: Int) async throws -> [Int] {
        try await db.raw(
            """
            SELECT id FROM songs WHERE explicit = \(bind: explicit) AND id >= \(bind: from) AND id < 40
            ORDER BY id LIMIT 5
            """
        ).all().map { try $0.decode(column: "id", as: Int.self) }
    }

    @Test func aShapeIsPreparedOnceAndEachUseReadsItsOwnBinds() async throws {
        try await withSongs { db in
            let before = db.connection.preparedCount
            #expect(try await Self.titles(db, explicit: 1, from: 10) == [11, 13, 15, 17, 19])
            // Its first bind (1, where the statement held NULL) expired the new statement once: SQLite's plan
            // looked at the equality's value, and a value going to or from 0 or 1 may change it.
            let first = db.connection.repreparedCount
            #expect(try await Self.titles(db, explicit: 0, from: 30) == [30, 32, 34, 36, 38])
            #expect(try await Self.titles(db, explicit: 1, from: 2) == [3, 5, 7, 9, 11])
            #expect(try await Self.titles(db, explicit: 0, from: 39) == [])
            #expect(db.connection.preparedCount == before + 1)
            // New binds after that: the kept statement is not compiled again at its next step (cleared
            // bindings would expire it each time).
            #expect(db.connection.repreparedCount == first)
            let text = try await db.raw("SELECT title FROM songs WHERE id = \(bind: 7)").first()
            #expect(try text?.decode(column: "title", as: String.self) == "song 7")
        }
    }

    @Test func theLeastRecentlyUsedGoPastTheLimit() async throws {
        try await withSongs { db in
            for shape in 0..<(SQLiteCachingConnection.limit + 6) {
                let row = try await db.raw("SELECT \(literal: shape) AS shape, count(*) AS n FROM songs").first()
                #expect(try row?.decode(column: "shape", as: Int.self) == shape)
            }
            #expect(db.connection.keptCount == SQLiteCachingConnection.limit)
            // The first shapes were dropped and are prepared again; the latest are kept.
            let prepared = db.connection.preparedCount
            _ = try await db.raw(
                "SELECT \(literal: SQLiteCachingConnection.limit + 5) AS shape, count(*) AS n FROM songs"
            )
            .all()
            #expect(db.connection.preparedCount == prepared)
            _ = try await db.raw("SELECT \(literal: 0) AS shape, count(*) AS n FROM songs").all()
            #expect(db.connection.preparedCount == prepared + 1)
        }
    }

    @Test func aFailingStatementLeavesTheConnectionWorking() async throws {
        try await withSongs { db in
            await #expect(throws: SQLiteCallError.self) { try await db.raw("SELECT x FROM nowhere").all() }
            let duplicate = await #expect(throws: SQLiteCallError.self) {
                try await db.raw("INSERT INTO songs (id, title) VALUES (\(bind: 3), \(bind: "again"))").run()
            }
            #expect(StoreDialect.sqlite.uniqueViolation(try #require(duplicate)) != nil)
            let missing = await #expect(throws: SQLiteCallError.self) {
                try await db.raw("INSERT INTO songs (id, title) VALUES (\(bind: 99), NULL)").run()
            }
            #expect(StoreDialect.sqlite.uniqueViolation(try #require(missing)) == nil)
            // Too few values for the statement's parameters: refused, not run with the last use's.
            await #expect(throws: SQLiteCallError.self) {
                try await db.raw(SQLQueryString("SELECT id FROM songs WHERE id = ?1 AND explicit = ?2")).all()
            }
            #expect(try await Self.titles(db, explicit: 1, from: 10) == [11, 13, 15, 17, 19])
            let count = try await db.raw("SELECT count(*) AS n FROM songs").first()?.decode(column: "n", as: Int.self)
            #expect(count == 50)
        }
    }

    /// Reads of one shape at once on one connection each get their own statement and their own rows.
    @Test func oneShapeAtOnceOnOneConnection() async throws {
        try await withSongs { db in
            try await withThrowingTaskGroup(of: (Int, [Int]).self) { group in
                for from in 0..<40 {
                    group.addTask { (from, try await Self.titles(db, explicit: from % 2, from: from)) }
                }
                for try await (from, ids) in group {
                    let expected = Array((max(from, 1)..<40).filter { $0 % 2 == from % 2 }.prefix(5))
                    #expect(ids == expected, "from \(from)")
                }
            }
            #expect(db.connection.keptCount >= 1)
        }
    }

    /// Through the store's backend: a kept read statement sees what was committed after its last use,
    /// and keeps no read transaction open (a full checkpoint is not held back by the readers).
    @Test func keptStatementsSeeNewWritesAndHoldNoSnapshot() async throws {
        try await TestEngine.sqlite.freshDatabase().use { database in
            let backend = try #require(database.backend as? SQLiteBackend)
            try await backend.transaction { try await $0.raw("CREATE TABLE t (x INTEGER)").run() }
            let count: @Sendable () async throws -> Int = {
                try await backend.read { try await $0.raw("SELECT count(*) AS n FROM t").first() }?
                    .decode(column: "n", as: Int.self) ?? -1
            }
            for written in 1...6 {
                try await backend.transaction { try await $0.raw("INSERT INTO t (x) VALUES (\(bind: written))").run() }
                // Each of the three readers in turn has the statement kept from an earlier read.
                #expect(try await count() == written)
            }
            let row = try await backend.read { try await $0.raw("PRAGMA wal_checkpoint(TRUNCATE)").first() }
            #expect(try row?.decode(column: "busy", as: Int.self) == 0)
        }
    }
}
