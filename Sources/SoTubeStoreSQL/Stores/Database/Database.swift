import Foundation
import Logging
import SoTubeCore

/// The opened database and the stores on it: what the server and CLI use. The backend stays inside
/// this package (store code and the package's tests); clients reach the tables only through the stores.
public struct SoTubeDatabase: Sendable {
    package let backend: any SQLBackend
    public let accounts: SQLAccountStore
    public let ownership: SQLOwnershipStore
    public let commerce: SQLCommerceStore
    public let catalog: SQLCatalogReader
    public let genres: SQLGenreCatalog
    public let search: SQLSearchStore
    public let searchIndex: SQLSearchIndex
    public let discovery: SQLDiscoveryStore
    public let ownPlaylists: SQLOwnPlaylistStore
    public let library: SQLLibraryStore
    public let media: SQLMediaLookup
    public let syntheticCatalog: SQLSyntheticCatalog
    public let throttles: SQLThrottleStore
    public let appPasswords: SQLAppPasswordStore
    public let twoFactor: SQLTwoFactorStore
    public let player: SQLPlayerLibrary
    public let audit: SQLAuditLog
    public let sales: SQLSalesFigures
    public let catalogAdmin: SQLCatalogAdmin
    public let mailQueue: SQLMailQueue
    public let sellers: SQLSellerStore
    public let signIns: SQLSignInStore
    public let catalogSources: SQLCatalogSourceStore

    package init(backend: any SQLBackend) {
        self.backend = backend
        self.accounts = SQLAccountStore(backend: backend)
        self.ownership = SQLOwnershipStore(backend: backend)
        self.commerce = SQLCommerceStore(backend: backend)
        self.catalog = SQLCatalogReader(backend: backend)
        self.genres = SQLGenreCatalog(backend: backend)
        self.search = SQLSearchStore(backend: backend)
        self.searchIndex = SQLSearchIndex(backend: backend)
        self.discovery = SQLDiscoveryStore(backend: backend)
        self.ownPlaylists = SQLOwnPlaylistStore(backend: backend)
        self.library = SQLLibraryStore(backend: backend)
        self.media = SQLMediaLookup(backend: backend)
        self.syntheticCatalog = SQLSyntheticCatalog(backend: backend)
        self.throttles = SQLThrottleStore(backend: backend)
        self.appPasswords = SQLAppPasswordStore(backend: backend)
        self.twoFactor = SQLTwoFactorStore(backend: backend)
        self.player = SQLPlayerLibrary(backend: backend)
        self.audit = SQLAuditLog(backend: backend)
        self.sales = SQLSalesFigures(backend: backend)
        self.catalogAdmin = SQLCatalogAdmin(backend: backend)
        self.mailQueue = SQLMailQueue(backend: backend)
        self.sellers = SQLSellerStore(backend: backend)
        self.signIns = SQLSignInStore(backend: backend)
        self.catalogSources = SQLCatalogSourceStore(backend: backend)
    }

    /// Opens the database `settings` name (SQLite path or postgres:// URL) and, unless `migrate` is
    /// false, applies pending migrations.
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

    /// The writer for imports and demo seeding, drawing ids and times from `ids` and `clock`.
    public func catalogWriter(ids: any IDSource, clock: any SoTubeClock) -> SQLCatalogWriter {
        SQLCatalogWriter(backend: backend, ids: ids, clock: clock)
    }

    /// The media job queue, naming new jobs from `ids`.
    public func mediaJobs(ids: any IDSource) -> SQLMediaJobQueue {
        SQLMediaJobQueue(backend: backend, ids: ids)
    }

    /// Liveness of the database: one trivial query.
    public func ping() async throws {
        _ = try await backend.read { db in try await db.raw("SELECT 1 AS one").first() }
    }

    public func shutdown() async { await backend.shutdown() }
}

/// The schema: which version the database is at, and bringing it to this build's.
extension SoTubeDatabase {
    /// The newest schema version this build knows.
    public static var latestSchemaVersion: Int { Migrator().latestVersion }

    /// The version the database is at (0 when empty).
    public func schemaVersion() async throws -> Int {
        try await Migrator().currentVersion(backend)
    }

    /// Applies every pending migration; returns their names ("1 accounts", ...). Throws
    /// `StoreError.newerSchema` for a database migrated by a newer build.
    @discardableResult
    public func migrate(now: Date, logger: Logger) async throws -> [String] {
        try await Migrator().migrate(backend, now: now, logger: logger)
    }
}
