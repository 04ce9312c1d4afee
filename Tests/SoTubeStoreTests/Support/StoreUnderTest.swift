import SQLKit
import SoTubeCore
import SoTubeFakes
import SoTubeStoreSQL
import SoTubeTestFixtures

/// Where a store contract test runs: a fresh database on an SQL engine, or the in-memory stores the
/// controller tests run against (SoTubeFakes). The same test on both keeps a fake from drifting
/// from the SQL stores.
enum StoreUnderTest: Sendable, Hashable, CustomStringConvertible {
    case sql(TestEngine)
    case inMemory

    /// Every enabled SQL engine, then the fakes.
    static var all: [StoreUnderTest] { TestEngine.enabled.map { .sql($0) } + [.inMemory] }

    var description: String {
        switch self {
        case .sql(let engine): engine.description
        case .inMemory: "in-memory"
        }
    }

    /// Runs `body` on fresh, empty stores (with `CatalogFixture`'s catalog when `catalog` is true,
    /// the songs in `titles` renamed, id → title), then removes them.
    func use<R: Sendable>(
        catalog: Bool = false, retitling titles: [String: String] = [:], _ body: (ContractStores) async throws -> R
    ) async throws -> R {
        switch self {
        case .sql(let engine):
            return try await engine.freshDatabase().use { db in
                if catalog { try await Self.install(retitling: titles, on: db.backend) }
                return try await body(ContractStores(db))
            }
        case .inMemory:
            let fake =
                catalog
                ? CatalogFixture.inMemory(retitling: titles) : InMemoryCatalog(artists: [], albums: [], songs: [])
            return try await body(
                ContractStores(
                    accounts: InMemoryAccountStore(), throttles: InMemoryThrottleStore(),
                    twoFactor: InMemoryTwoFactorStore(), catalog: fake, search: fake, library: fake, discovery: fake,
                    ownership: fake, addUser: { _ in },
                    own: { trackIDs, userID in await fake.own(trackIDs, userID: userID) }
                ))
        }
    }

    /// The fixture's catalog with some songs renamed (id → title), indexed again.
    static func install(retitling titles: [String: String], on backend: any SQLBackend) async throws {
        try await CatalogFixture.install(on: backend)
        guard !titles.isEmpty else { return }
        try await backend.transaction { db in
            for (id, title) in titles {
                try await db.raw("UPDATE tracks SET title = \(bind: title) WHERE id = \(bind: id)").run()
            }
        }
        _ = try await SQLSearchIndex(backend: backend).rebuild()
    }
}

/// The stores one contract test runs on, each behind its SoTubeCore protocol.
struct ContractStores: Sendable {
    let accounts: any AccountStore
    let throttles: any ThrottleStore
    let twoFactor: any TwoFactorStore
    let catalog: any CatalogReader
    let search: any CatalogSearch
    let library: any LibraryStore
    let discovery: any DiscoveryStore
    let ownership: any OwnershipStore
    /// Adds a bare user (SQL rows refer to their user; the fakes need none).
    let addUser: @Sendable (String) async throws -> Void
    /// Gives a user songs, as a purchase would (the test's stand-in for commerce).
    let own: @Sendable (_ trackIDs: [String], _ userID: String) async throws -> Void
}

extension ContractStores {
    init(_ db: SoTubeDatabase) {
        let backend = db.backend
        self.init(
            accounts: db.accounts, throttles: db.throttles, twoFactor: db.twoFactor, catalog: db.catalog,
            search: db.search,
            library: db.library, discovery: db.discovery, ownership: db.ownership,
            addUser: { try await CatalogFixture.addUser($0, on: backend) },
            own: { try await CatalogFixture.own($0, userID: $1, on: backend) })
    }
}
