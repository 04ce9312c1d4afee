import SQLKit
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// A database error reads as what went wrong where an operator sees it (an import's skip reason, a
/// failed job, the log), on both engines: PostgresNIO's own description of any error is one fixed
/// sentence that names nothing.
@Suite struct DatabaseErrorTextTests {
    @Test(arguments: TestEngine.enabled)
    func aFailedStatementNamesWhatFailed(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            let error = await #expect(throws: (any Error).self) {
                try await db.backend.read { sql in try await sql.raw("SELECT name FROM no_such_table").all() }
            }
            let text = error.map(ErrorText.of) ?? ""
            #expect(text.contains("no_such_table"), "\(text)")
            if engine == .postgres { #expect(text.contains("42P01"), "\(text)") }
        }
    }

    @Test(.enabled(if: TestEngine.postgresURL != nil))
    func aUniqueViolationNamesItsConstraintAndNotTheRowsValues() async throws {
        try await TestEngine.postgres.freshDatabase().use { db in
            let insert: SQLQueryString = """
                INSERT INTO artists (id, name, name_key, created_at) VALUES ('a1', 'Someone', 'someone@secret', 0)
                """
            try await db.backend.transaction { sql in try await sql.raw(insert).run() }
            let error = await #expect(throws: (any Error).self) {
                try await db.backend.transaction { sql in try await sql.raw(insert).run() }
            }
            let text = error.map(ErrorText.of) ?? ""
            #expect(text.contains("23505") && text.contains("constraint"), "\(text)")
            #expect(!text.contains("someone@secret"), "\(text)")
        }
    }
}
