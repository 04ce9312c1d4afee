import Foundation
import Logging
import SoTubeCore

/// The opened, migrated database and the stores on it: what the server and CLI use.
public struct SoTubeDatabase: Sendable {
    public let backend: any SQLBackend
    public let accounts: SQLAccountStore
    public let ownership: SQLOwnershipStore
    public let commerce: SQLCommerceStore
    public let catalog: SQLCatalogReader
    public let search: SQLSearchStore
    public let searchIndex: SQLSearchIndex
    public let discovery: SQLDiscoveryStore
    public let library: SQLLibraryStore
    public let media: SQLMediaLookup

    public init(backend: any SQLBackend) {
        self.backend = backend
        self.accounts = SQLAccountStore(backend: backend)
        self.ownership = SQLOwnershipStore(backend: backend)
        self.commerce = SQLCommerceStore(backend: backend)
        self.catalog = SQLCatalogReader(backend: backend)
        self.search = SQLSearchStore(backend: backend)
        self.searchIndex = SQLSearchIndex(backend: backend)
        self.discovery = SQLDiscoveryStore(backend: backend)
        self.library = SQLLibraryStore(backend: backend)
        self.media = SQLMediaLookup(backend: backend)
    }

    /// Opens the database `settings` name (SQLite path or postgres:// URL) and applies pending migrations.
    public static func open(_ settings: DatabaseSettings, now: Date, logger: Logger, migrate: Bool = true)
        async throws -> SoTubeDatabase
    {
        let backend = try await SQLBackends.open(settings, logger: logger)
        do {
            if migrate {
                try await Migrator().migrate(backend, now: now, logger: logger)
            }
        } catch {
            await backend.shutdown()
            throw error
        }
        return SoTubeDatabase(backend: backend)
    }

    /// The catalog writer the importer and the demo seeder use.
    public func catalogWriter(ids: any IDSource, clock: any SoTubeClock) -> SQLCatalogWriter {
        SQLCatalogWriter(backend: backend, ids: ids, clock: clock)
    }

    /// Liveness of the database: one trivial query.
    public func ping() async throws {
        _ = try await backend.read { db in try await db.raw("SELECT 1 AS one").first() }
    }

    public func shutdown() async { await backend.shutdown() }
}
