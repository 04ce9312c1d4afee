import Foundation
import SQLKit
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// PostgreSQL rows read past PostgresKit's generic decoding (`PostgresDirectRow`): every column and
/// type decodes as PostgresKit decodes it, NULLs included; other types, a missing column and binds
/// of other types still work.
@Suite struct PostgresDirectRowTests {
    static let query: SQLQueryString = """
        SELECT CAST('Björk' AS TEXT) AS s, CAST(7 AS SMALLINT) AS i2, CAST(-3 AS INTEGER) AS i4,
            CAST(9000000000 AS BIGINT) AS i8, CAST(1.25 AS DOUBLE PRECISION) AS d, TRUE AS b,
            CAST(NULL AS TEXT) AS ns, CAST(NULL AS BIGINT) AS ni, CAST(2.5 AS NUMERIC) AS num,
            \(bind: "bound") AS bs, \(bind: 42) AS bi, \(bind: Int64(-5)) AS b64, \(bind: 0.5) AS bd,
            \(bind: false) AS bb
        """

    @Test(.enabled(if: TestEngine.postgresURL != nil)) func directRowsDecodeAsPostgresKitDoes() async throws {
        try await TestEngine.postgres.freshDatabase().use { db in
            try #require(db.backend is PostgresBackend)
            let direct = try #require(try await db.backend.rows(of: Self.query).first)
            let kit = try #require(try await db.backend.read { try await $0.raw(Self.query).all() }.first)
            #expect(direct.allColumns == kit.allColumns)
            #expect(try direct.decode(column: "s", as: String.self) == "Björk")
            for column in ["i2", "i4", "i8", "bi", "b64"] {
                #expect(try direct.decode(column: column, as: Int.self) == kit.decode(column: column, as: Int.self))
                #expect(try direct.decode(column: column, as: Int64.self) == kit.decode(column: column, as: Int64.self))
                #expect(try direct.decode(column: column, as: Int?.self) == kit.decode(column: column, as: Int?.self))
            }
            #expect(try direct.decode(column: "i8", as: Int64.self) == 9_000_000_000)
            for column in ["d", "bd"] {
                #expect(
                    try direct.decode(column: column, as: Double.self) == kit.decode(column: column, as: Double.self))
            }
            for column in ["b", "bb"] {
                #expect(try direct.decode(column: column, as: Bool.self) == kit.decode(column: column, as: Bool.self))
                #expect(try direct.decode(column: column, as: Bool?.self) == kit.decode(column: column, as: Bool?.self))
            }
            #expect(try direct.decode(column: "bs", as: String?.self) == "bound")
            #expect(try direct.decode(column: "ns", as: String?.self) == nil)
            #expect(try direct.decode(column: "ni", as: Int64?.self) == nil)
            #expect(try direct.decodeNil(column: "ns") && !direct.decodeNil(column: "s"))
            // A type of its own goes through PostgresKit.
            #expect(try direct.decode(column: "num", as: Decimal.self) == kit.decode(column: "num", as: Decimal.self))
            // A NULL where a value is wanted, a missing column: errors, not a crash.
            #expect(throws: (any Error).self) { try direct.decode(column: "ns", as: String.self) }
            #expect(throws: (any Error).self) { try direct.decode(column: "nothing", as: String.self) }
            #expect(!direct.contains(column: "nothing"))
            #expect(throws: (any Error).self) { try direct.decodeNil(column: "nothing") }
            // A bind of another type: the query goes through PostgresKit.
            let list: SQLQueryString = "SELECT CAST(\(bind: ["a", "b"]) AS TEXT[]) AS list, \(bind: "x") AS s"
            let other = try await db.backend.rows(of: list)
            #expect(try other.first?.decode(column: "list", as: [String].self) == ["a", "b"])
            #expect(try other.first?.decode(column: "s", as: String.self) == "x")
        }
    }
}
