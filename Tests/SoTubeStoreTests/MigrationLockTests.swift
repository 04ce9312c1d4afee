import Foundation
import SQLKit
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// Servers started together on one PostgreSQL database migrate it once: the second waits for the
/// first's advisory lock, then finds every migration done.
@Suite struct MigrationLockTests {
    @Test func serversStartingTogetherMigrateOnce() async throws {
        guard let url = try await TestEngine.postgres.freshDatabaseURL() else { return }
        var servers: [SoTubeDatabase] = []
        for _ in 0..<3 {
            servers.append(
                try await SoTubeDatabase.open(
                    DatabaseSettings(location: url), now: TestEngine.now, logger: TestEngine.logger, migrate: false))
        }
        let applied = try await withThrowingTaskGroup(of: [String].self) { group in
            for server in servers {
                group.addTask { try await server.migrate(now: TestEngine.now, logger: TestEngine.logger) }
            }
            var all: [[String]] = []
            for try await names in group { all.append(names) }
            return all
        }
        // Every migration was applied by exactly one server, and the others found it done.
        #expect(applied.flatMap { $0 }.count == SoTubeDatabase.latestSchemaVersion)
        for server in servers {
            #expect(try await server.schemaVersion() == SoTubeDatabase.latestSchemaVersion)
        }
        let rows = try await servers[0].backend.read { db in
            try await db.raw("SELECT COUNT(*) AS n FROM schema_migrations").first()?.decode(column: "n", as: Int.self)
        }
        #expect(rows == SoTubeDatabase.latestSchemaVersion)
        for server in servers { await server.shutdown() }
    }

    /// A statement running past the configured timeout is cancelled (its connection goes back to the
    /// pool), while a server waiting for another's migration lock longer than that still migrates.
    @Test func statementsLongerThanTheTimeoutAreCancelledButMigrationsWait() async throws {
        guard let url = try await TestEngine.postgres.freshDatabaseURL() else { return }
        let settings = DatabaseSettings(location: url, statementTimeoutMs: 300)
        let first = try await SoTubeDatabase.open(
            settings, now: TestEngine.now, logger: TestEngine.logger, migrate: true)
        await #expect(throws: (any Error).self) {
            try await first.backend.read { db in try await db.raw("SELECT pg_sleep(2)").run() }
        }
        let still = try await first.backend.read { db in
            try await db.raw("SELECT 1 AS one").first()?.decode(column: "one", as: Int.self)
        }
        #expect(still == 1)
        // Hold the migration lock for a second (over three timeouts) while another server migrates.
        let holder = Task {
            try await first.backend.transaction { db in
                for statement in first.backend.dialect.migrationLock {
                    try await db.raw(SQLQueryString(statement)).run()
                }
                try await db.raw("SELECT pg_sleep(1)").run()
            }
        }
        try await Task.sleep(for: .milliseconds(100))
        let second = try await SoTubeDatabase.open(
            settings, now: TestEngine.now, logger: TestEngine.logger, migrate: false)
        let applied = try await second.migrate(now: TestEngine.now, logger: TestEngine.logger)
        #expect(applied.isEmpty)
        try await holder.value
        #expect(try await second.schemaVersion() == SoTubeDatabase.latestSchemaVersion)
        await second.shutdown()
        await first.shutdown()
    }

    /// One-time work (the demo catalog) runs in one process at a time: three servers asking at once
    /// run it one after the other, and each finds what the one before it left.
    @Test func onlyOnceWorkRunsInOneProcessAtATime() async throws {
        guard let url = try await TestEngine.postgres.freshDatabaseURL() else { return }
        actor Inside {
            var now = 0
            var most = 0
            var done = 0
            func enter() -> Int {
                now += 1
                most = max(most, now)
                return done
            }
            func leave() {
                now -= 1
                done += 1
            }
        }
        let inside = Inside()
        var servers: [SoTubeDatabase] = []
        for _ in 0..<3 {
            servers.append(
                try await SoTubeDatabase.open(
                    DatabaseSettings(location: url), now: TestEngine.now, logger: TestEngine.logger))
        }
        let found = try await withThrowingTaskGroup(of: Int.self) { group in
            for server in servers {
                group.addTask {
                    try await server.onlyOnce(OnlyOnceKey.demoCatalog) {
                        let before = await inside.enter()
                        try await Task.sleep(for: .milliseconds(200))
                        await inside.leave()
                        return before
                    }
                }
            }
            var all: [Int] = []
            for try await value in group { all.append(value) }
            return all.sorted()
        }
        #expect(await inside.most == 1)
        #expect(found == [0, 1, 2])
        for server in servers { await server.shutdown() }
    }
}
