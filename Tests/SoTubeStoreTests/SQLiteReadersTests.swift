import Foundation
import NIOConcurrencyHelpers
import NIOCore
import SQLKit
import SoTubeTestFixtures
import Testing

@testable import SoTubeStoreSQL

/// SQLite's readers: a read goes to a reader that is free, not to one still running another read's
/// statement (a connection runs one statement at a time), so a search's short statements are not held
/// behind a long one while another reader waits idle.
@Suite struct SQLiteReadersTests {
    @Test func theReaderServingTheFewestIsPickedInTurnAmongEquals() {
        #expect(SQLiteBackend.leastBusy([0, 0, 0], from: 1) == 1)
        #expect(SQLiteBackend.leastBusy([1, 0, 0], from: 0) == 1)
        #expect(SQLiteBackend.leastBusy([1, 1, 0], from: 0) == 2)
        #expect(SQLiteBackend.leastBusy([0, 1, 1], from: 1) == 0)
        #expect(SQLiteBackend.leastBusy([2, 1, 2], from: 2) == 1)
        #expect(SQLiteBackend.leastBusy([1, 1, 1], from: 2) == 2)
        #expect(SQLiteBackend.leastBusy([3], from: 0) == 0)
    }

    /// While one read runs a long statement, three short reads one after another (as many as there are
    /// readers: taken in turn, one of them would be that read's reader) all finish before it does.
    @Test(.enabled(if: System.coreCount >= 2, "SQLite's thread pool needs a second thread for the short reads"))
    func shortReadsAreNotHeldBehindALongOne() async throws {
        try await TestEngine.sqlite.freshDatabase().use { database in
            let backend = try #require(database.backend as? SQLiteBackend)
            let longDone = NIOLockedValueBox(false)
            let (started, didStart) = AsyncStream.makeStream(of: Void.self)
            let long = Task {
                try await backend.read { db in
                    didStart.yield()
                    // About a second or more of one core: ten million rows counted.
                    _ = try await db.raw(
                        """
                        WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 10000000)
                        SELECT count(*) AS n FROM c
                        """
                    ).all()
                }
                longDone.withLockedValue { $0 = true }
            }
            var waits = started.makeAsyncIterator()
            _ = await waits.next()
            for round in 0..<3 {
                let answer = try await backend.read { db in
                    try await db.raw("SELECT \(literal: round) + 1 AS n").first()?.decode(column: "n", as: Int.self)
                }
                #expect(answer == round + 1)
                #expect(!longDone.withLockedValue { $0 }, "short read \(round) waited for the long one")
            }
            try await long.value
        }
    }
}
