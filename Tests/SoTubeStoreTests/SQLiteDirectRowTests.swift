import Foundation
import SQLKit
import SQLiteKit
import SoTubeTestFixtures
import Testing

@testable import SoTubeStoreSQL

/// SQLite rows read past SQLiteKit's generic decoding (`SQLiteDirectRow`): every column decodes as
/// SQLiteKit decodes it, or fails where it fails, for the common types and the others; NULLs, a missing
/// column and statements in a transaction included.
@Suite struct SQLiteDirectRowTests {
    static let query: SQLQueryString = """
        SELECT 'Björk' AS s, 7 AS i, 9000000000 AS i8, -3 AS neg, 1.25 AS d, 2.0 AS whole, 1 AS one, 0 AS zero,
            2 AS two, NULL AS n, x'00ff' AS bl, '12' AS numeric_text, '' AS empty,
            \(bind: "bound") AS bs, \(bind: 42) AS bi, \(bind: Int64(-5)) AS b64, \(bind: 0.5) AS bd,
            \(bind: true) AS bb, \(bind: Date(timeIntervalSince1970: 1_700_000_000)) AS bdate
        """
    static let columns = [
        "s", "i", "i8", "neg", "d", "whole", "one", "zero", "two", "n", "bl", "numeric_text", "empty", "bs", "bi",
        "b64", "bd", "bb", "bdate",
    ]

    /// The store's rows (read by a `SQLiteCachingConnection`) and SQLiteNIO's rows of the same statement
    /// (a connection of SQLiteNIO's own, `withOwnConnection`) decode as SQLiteKit decodes SQLiteNIO's.
    @Test func directRowsDecodeAsSQLiteKitDoes() async throws {
        try await TestEngine.sqlite.freshDatabase().use { db in
            let backend = try #require(db.backend as? SQLiteBackend)
            let rows = try await db.backend.read { try await $0.raw(Self.query).all() }
            let nioRows = try await backend.withOwnConnection { try await $0.raw(Self.query).all() }
            let cached = try #require(rows.first as? SQLiteDirectRow)
            let nio = try #require(nioRows.first as? SQLiteDirectRow)
            guard case .cached = cached.source, case .nio(let nioRow) = nio.source else {
                Issue.record("the store's rows were not read by its own connections")
                return
            }
            let kit = nioRow.sql()
            for direct in [cached, nio] { try Self.decodesAsKit(direct, kit) }
        }
    }

    /// `direct` decodes every column as SQLiteKit's `kit` row does.
    static func decodesAsKit(_ direct: SQLiteDirectRow, _ kit: any SQLRow) throws {
        #expect(direct.allColumns == kit.allColumns)
        for column in Self.columns {
            Self.same(String.self, column, direct, kit)
            Self.same(Int.self, column, direct, kit)
            Self.same(Int64.self, column, direct, kit)
            Self.same(Double.self, column, direct, kit)
            Self.same(Bool.self, column, direct, kit)
            Self.same(String?.self, column, direct, kit)
            Self.same(Int?.self, column, direct, kit)
            Self.same(Int64?.self, column, direct, kit)
            Self.same(Double?.self, column, direct, kit)
            Self.same(Bool?.self, column, direct, kit)
            // Types of their own go through SQLiteKit's decoder.
            Self.same(Float.self, column, direct, kit)
            Self.same(Date.self, column, direct, kit)
            Self.same(Data.self, column, direct, kit)
            #expect(try direct.decodeNil(column: column) == kit.decodeNil(column: column))
        }
        #expect(try direct.decode(column: "s", as: String.self) == "Björk")
        #expect(try direct.decode(column: "i8", as: Int64.self) == 9_000_000_000)
        #expect(try direct.decode(column: "n", as: Int?.self) == nil)
        #expect(try direct.decode(column: "bb", as: Bool.self))
        // A NULL where a value is wanted, a missing column: errors, not a crash.
        #expect(throws: (any Error).self) { try direct.decode(column: "n", as: String.self) }
        #expect(throws: (any Error).self) { try direct.decode(column: "nothing", as: String.self) }
        #expect(!direct.contains(column: "nothing") && direct.contains(column: "s"))
        #expect(try direct.decodeNil(column: "nothing") == kit.decodeNil(column: "nothing"))
    }

    /// The writer's transactions and the searches' rows (`SQLBackend.rows`) go the same way.
    @Test func transactionsAndSearchRowsAreDirectToo() async throws {
        try await TestEngine.sqlite.freshDatabase().use { db in
            let written = try await db.backend.transaction { tx in
                try await tx.raw("CREATE TABLE t (x TEXT)").run()
                try await tx.raw("INSERT INTO t (x) VALUES (\(bind: "one")), (\(bind: "two"))").run()
                return try await tx.raw("SELECT x FROM t ORDER BY x").all()
            }
            #expect(written.allSatisfy { $0 is SQLiteDirectRow })
            #expect(try written.map { try $0.decode(column: "x", as: String.self) } == ["one", "two"])
            let read = try await db.backend.rows(of: "SELECT count(*) AS n FROM t", planOnce: true)
            #expect(read.first is SQLiteDirectRow)
            #expect(try read.first?.decode(column: "n", as: Int.self) == 2)
            // A failing statement fails the transaction and leaves nothing behind.
            await #expect(throws: (any Error).self) {
                try await db.backend.transaction { tx in
                    try await tx.raw("INSERT INTO t (x) VALUES (\(bind: "three"))").run()
                    try await tx.raw("INSERT INTO nowhere (x) VALUES (1)").run()
                }
            }
            #expect(
                try await db.backend.rows(of: "SELECT count(*) AS n FROM t", planOnce: false).first?.decode(
                    column: "n", as: Int.self) == 2)
        }
    }

    /// Both decode `column` as `T` to the same value, or both fail.
    static func same<T: Decodable & Equatable>(
        _ type: T.Type, _ column: String, _ direct: any SQLRow, _ kit: any SQLRow,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let mine = Result { try direct.decode(column: column, as: T.self) }
        let theirs = Result { try kit.decode(column: column, as: T.self) }
        switch (mine, theirs) {
        case (.success(let a), .success(let b)):
            #expect(a == b, "\(column) as \(T.self)", sourceLocation: sourceLocation)
        case (.failure, .failure): break
        default: Issue.record("\(column) as \(T.self): \(mine) against \(theirs)", sourceLocation: sourceLocation)
        }
    }
}
