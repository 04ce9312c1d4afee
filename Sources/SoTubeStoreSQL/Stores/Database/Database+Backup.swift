import Foundation
import SQLKit

extension SoTubeDatabase {
    /// Writes a consistent copy of a SQLite store to `path` (a new file): SQLite's `VACUUM INTO`
    /// copies the committed state of one moment while the server goes on reading and writing.
    /// PostgreSQL stores are copied with `pg_dump`; this refuses them.
    public func snapshot(to path: String) async throws {
        guard backend.dialect == .sqlite else {
            throw StoreError.configuration(
                "sotube backup copies SQLite stores; copy a PostgreSQL store with pg_dump --format=custom"
                    + " (docs/backup.md).")
        }
        guard !FileManager.default.fileExists(atPath: path) else {
            throw StoreError.configuration("\(path) exists already.")
        }
        try await backend.read { db in
            try await db.raw("VACUUM INTO \(bind: path)").run()
        }
    }
}
