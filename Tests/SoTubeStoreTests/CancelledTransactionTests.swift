import Foundation
import SQLKit
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// A task cancelled in the middle of a transaction (a media job's lease renewal, cancelled when the
/// job ends; a request whose task is cancelled) leaves the store writable. On SQLite the statements
/// of a cancelled task used to be skipped by the thread pool, ROLLBACK among them: the one writer
/// connection stayed inside the open transaction and every later write in the process failed (a
/// `sotube worker` stopped renewing, finishing and taking jobs, for good).
@Suite struct CancelledTransactionTests {
    /// Waits (bounded) until the current task is cancelled.
    static func untilCancelled() async {
        for _ in 0..<10_000 where !Task.isCancelled {
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
    }

    /// A fresh table for the test's rows.
    static func probeTable(_ backend: any SQLBackend) async throws {
        try await backend.transaction { sql in try await sql.raw("CREATE TABLE cancel_probe (n INTEGER)").run() }
    }

    /// The integer column `column` of `query`'s rows.
    static func numbers(_ backend: any SQLBackend, _ query: SQLQueryString, column: String) async throws -> [Int] {
        try await backend.read { sql in
            try await sql.raw(query).all().map { try $0.decode(column: column, as: Int.self) }
        }
    }

    @Test(arguments: TestEngine.enabled)
    func aTransactionCancelledHalfwayIsWholeAndTheNextWriteLands(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            let backend = db.backend
            try await Self.probeTable(backend)

            let (inside, entered) = AsyncStream.makeStream(of: Void.self)
            let cancelled = Task {
                try await backend.transaction { sql in
                    try await sql.raw("INSERT INTO cancel_probe VALUES (1)").run()
                    entered.yield()
                    await Self.untilCancelled()
                    try await sql.raw("INSERT INTO cancel_probe VALUES (2)").run()
                }
            }
            for await _ in inside { break }
            cancelled.cancel()
            _ = await cancelled.result

            // The transaction is whole: both rows or neither.
            let before = try await Self.numbers(backend, "SELECT n FROM cancel_probe ORDER BY n", column: "n")
            #expect(before == [] || before == [1, 2], "\(before)")

            // The store takes writes again, from any task.
            try await backend.transaction { sql in try await sql.raw("INSERT INTO cancel_probe VALUES (3)").run() }
            let after = try await Self.numbers(backend, "SELECT n FROM cancel_probe ORDER BY n", column: "n")
            #expect(after == before + [3], "\(after)")
        }
    }

    /// Many cancellations at random points of short transactions (a fixed seed), as lease renewals
    /// are cancelled when their jobs end: afterwards every write still lands.
    @Test(arguments: TestEngine.enabled)
    func cancellationsAtAnyPointLeaveTheStoreWritable(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            let backend = db.backend
            try await Self.probeTable(backend)
            var generator = SplitMix64(seed: 35)
            for round in 0..<200 {
                let task = Task {
                    try await backend.transaction { sql in
                        try await sql.raw("INSERT INTO cancel_probe VALUES (\(bind: round))").run()
                        try await sql.raw("INSERT INTO cancel_probe VALUES (\(bind: round))").run()
                    }
                }
                let pause = UInt32.random(in: 0..<400, using: &generator)
                if pause > 0 { usleep(pause) }
                task.cancel()
                _ = await task.result
            }
            let counts = try await Self.numbers(
                backend, "SELECT n, COUNT(*) AS c FROM cancel_probe GROUP BY n", column: "c")
            #expect(counts.allSatisfy { $0 == 2 }, "every transaction whole: \(counts)")
            try await backend.transaction { sql in try await sql.raw("INSERT INTO cancel_probe VALUES (-1)").run() }
            let last = try await Self.numbers(
                backend, "SELECT COUNT(*) AS c FROM cancel_probe WHERE n = -1", column: "c")
            #expect(last == [1])
        }
    }
}
