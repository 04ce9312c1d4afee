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
            \(bind: false) AS bb, CAST('first' AS TEXT) AS dup, CAST('second' AS TEXT) AS dup
        """

    /// Unnamed (`planOnce` false) and prepared (true, `PreparedQueries`).
    @Test(.enabled(if: TestEngine.postgresURL != nil), arguments: [false, true])
    func directRowsDecodeAsPostgresKitDoes(planOnce: Bool) async throws {
        try await TestEngine.postgres.freshDatabase().use { db in
            try #require(db.backend is PostgresBackend)
            // Prepared from its third use.
            for _ in 0..<(planOnce ? PreparedQueries.admittedAfter - 1 : 0) {
                _ = try await db.backend.rows(of: Self.query, planOnce: planOnce)
            }
            let direct = try #require(try await db.backend.rows(of: Self.query, planOnce: planOnce).first)
            if planOnce { #expect((db.backend as? PostgresBackend)?.prepared.counts.reduce(0, +) == 1) }
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
            // A name given twice: the last, as PostgresNIO's own look-up finds it.
            #expect(try direct.decode(column: "dup", as: String.self) == kit.decode(column: "dup", as: String.self))
            #expect(try direct.decode(column: "dup", as: String.self) == "second")
            // The rows of one statement share their column names: each still reads its own cells.
            let series: SQLQueryString = "SELECT x AS n, \(bind: "s") || x AS s FROM generate_series(1, 3) x"
            for _ in 0..<(planOnce ? PreparedQueries.admittedAfter - 1 : 0) {
                _ = try await db.backend.rows(of: series, planOnce: planOnce)
            }
            let many = try await db.backend.rows(of: series, planOnce: planOnce)
            #expect(try many.map { try $0.decode(column: "n", as: Int.self) } == [1, 2, 3])
            #expect(try many.map { try $0.decode(column: "s", as: String.self) } == ["s1", "s2", "s3"])
            #expect(many.allSatisfy { $0.allColumns == ["n", "s"] })
            #expect(try direct.decode(column: "bs", as: String?.self) == "bound")
            #expect(try direct.decode(column: "ns", as: String?.self) == nil)
            #expect(try direct.decode(column: "ni", as: Int64?.self) == nil)
            #expect(try direct.decodeNil(column: "ns") && !direct.decodeNil(column: "s"))
            if planOnce {
                // A prepared statement's rows hold the common types only: others are an error.
                #expect(throws: (any Error).self) { try direct.decode(column: "num", as: Decimal.self) }
            } else {
                // A type of its own goes through PostgresKit.
                #expect(
                    try direct.decode(column: "num", as: Decimal.self) == kit.decode(column: "num", as: Decimal.self))
            }
            // A NULL where a value is wanted, a missing column: errors, not a crash.
            #expect(throws: (any Error).self) { try direct.decode(column: "ns", as: String.self) }
            #expect(throws: (any Error).self) { try direct.decode(column: "nothing", as: String.self) }
            #expect(!direct.contains(column: "nothing"))
            #expect(throws: (any Error).self) { try direct.decodeNil(column: "nothing") }
            // A bind of another type: the query goes through PostgresKit.
            let list: SQLQueryString = "SELECT CAST(\(bind: ["a", "b"]) AS TEXT[]) AS list, \(bind: "x") AS s"
            let other = try await db.backend.rows(of: list, planOnce: planOnce)
            #expect(try other.first?.decode(column: "list", as: [String].self) == ["a", "b"])
            #expect(try other.first?.decode(column: "s", as: String.self) == "x")
        }
    }

    /// Statements planned once go to connections that plan generically, prepared there and kept up to
    /// `PreparedQueries.perConnection` each (the least recently used deallocated); every other
    /// statement keeps PostgreSQL's default, planned for its binds.
    @Test(.enabled(if: TestEngine.postgresURL != nil)) func statementsPlannedOnceArePreparedAndBounded() async throws {
        try await TestEngine.postgres.freshDatabase().use { db in
            let backend = try #require(db.backend as? PostgresBackend)
            let mode: SQLQueryString = "SELECT current_setting('plan_cache_mode') AS mode, \(bind: 1) AS one"
            #expect(
                try await backend.rows(of: mode, planOnce: true).first?.decode(column: "mode", as: String.self)
                    == "force_generic_plan")
            #expect(
                try await backend.rows(of: mode, planOnce: false).first?.decode(column: "mode", as: String.self)
                    == "auto")
            #expect(
                try await backend.read { try await $0.raw(mode).first()?.decode(column: "mode", as: String.self) }
                    == "auto")
            // More statements than a connection keeps, used four times over: each answers right,
            // before it is prepared (from its third use), prepared, and evicted.
            let count = PreparedQueries.perConnection + 8
            for round in 0..<4 {
                for n in 0..<count {
                    let sql: SQLQueryString = """
                        SELECT \(bind: n) + \(literal: 1000 * n) AS v, \(bind: "w\(n)") || \(bind: round) AS w
                        """
                    let row = try #require(try await backend.rows(of: sql, planOnce: true).first)
                    #expect(try row.decode(column: "v", as: Int.self) == 1001 * n)
                    #expect(try row.decode(column: "w", as: String.self) == "w\(n)\(round)")
                }
                if round == 1 { #expect(backend.prepared.counts.reduce(0, +) == 0) }
            }
            let counts = backend.prepared.counts
            #expect(!counts.isEmpty && counts.allSatisfy { $0 <= PreparedQueries.perConnection })
            #expect(counts.reduce(0, +) >= PreparedQueries.perConnection)
        }
    }

    /// `$n` becomes `$n::type` for each bind, `$1` apart from `$10`; a number past the binds stays.
    @Test func parametersAreCastToTheirBindsTypes() {
        let types = (1...10).map { $0 == 10 ? "float8" : $0 == 1 ? "text" : "int8" }
        #expect(
            PreparedQueries.typed("SELECT $1 = x AND $10 > y, CAST($2 AS INTEGER), $11", types: types)
                == "SELECT $1::text = x AND $10::float8 > y, CAST($2::int8 AS INTEGER), $11")
        #expect(PreparedQueries.typed("SELECT 1 AS \"$\"", types: []) == "SELECT 1 AS \"$\"")
    }
}
