import Foundation
import SQLKit

/// Work that one process of a store does for all of them (seeding the demo catalog): the others
/// wait until it is done, then find nothing left to do.
extension SoTubeDatabase {
    /// Runs `body` while holding the lock named `key` across every process on this database
    /// (PostgreSQL: a session advisory lock, polled once a second so no statement timeout cuts the
    /// wait; SQLite: one process serves a file, so it runs at once).
    public func onlyOnce<R: Sendable>(_ key: Int64, _ body: @escaping @Sendable () async throws -> R)
        async throws -> R
    {
        guard backend.dialect == .postgres else { return try await body() }
        return try await backend.read { db in
            while true {
                let row = try await db.raw("SELECT pg_try_advisory_lock(\(bind: key)) AS locked").first()
                if try row?.decode(column: "locked", as: Bool.self) == true { break }
                try await Task.sleep(for: .seconds(1))
            }
            do {
                let result = try await body()
                try await db.raw("SELECT pg_advisory_unlock(\(bind: key))").run()
                return result
            } catch {
                _ = try? await db.raw("SELECT pg_advisory_unlock(\(bind: key))").run()
                throw error
            }
        }
    }
}

/// The locks `onlyOnce` takes.
public enum OnlyOnceKey {
    public static let demoCatalog: Int64 = 7_347_147_332
}
