import Foundation
import SQLKit
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// SQLite's write-ahead log is copied back into the database file in the background soon after a
/// write (a commit never waits for it), so the log stays small and the database file is whole without
/// it. The copier runs only after writes: an idle server is not woken for it.
@Suite struct WALCheckpointTests {
    func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    @Test func aWriteReachesTheDatabaseFileWithoutAnotherWrite() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sotube-wal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("sotube.sqlite").path
        let database = try await SoTubeDatabase.open(
            DatabaseSettings(location: path), now: TestEngine.now, logger: TestEngine.logger)

        // Twice: the copier goes back to waiting after the first write and wakes for the second.
        for round in 1...2 {
            let before = fileSize(path)
            try await database.backend.transaction { db in
                try await db.raw("CREATE TABLE bulk_\(unsafeRaw: "\(round)") (data BLOB)").run()
                try await db.raw("INSERT INTO bulk_\(unsafeRaw: "\(round)") VALUES (randomblob(2000000))").run()
            }
            #expect(fileSize(path + "-wal") >= 2_000_000, "round \(round): the commit went to the log")
            var copied = false
            for _ in 0..<100 where !copied {
                try await Task.sleep(nanoseconds: 100_000_000)
                copied = fileSize(path) >= before + 2_000_000
            }
            #expect(copied, "round \(round): the database file holds the write within 10 s (\(fileSize(path)) bytes)")
        }
        await database.shutdown()
    }
}
