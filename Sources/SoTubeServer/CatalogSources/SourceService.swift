import Foundation
import Logging
import SoTubeCore
import SoTubeMedia

/// Catalog sources for the CLI and the servers: adding one (its sign-in checked upstream first, the
/// password sealed under the server secret), listing, removing (its songs withdrawn), syncing one
/// under a lease so that no two processes sync it at once, and the schedule `serve` and `worker` keep.
public struct SourceService: Sendable {
    let services: AppServices
    var store: any CatalogSourceStore { services.database.catalogSources }
    var sealer: SecretSealer { SecretSealer(serverSecret: services.secretKey, purpose: "sotube source secrets v1") }
    /// How long a sync holds its source without renewing (it renews every third of it).
    var leaseSeconds: Double = 60

    /// What `sotube sources add` asks for.
    public struct NewSource: Sendable {
        public var name: String
        public var address: String
        public var user: String
        public var secret: String
        public var auth: SubsonicRules.Auth
        public var price: Int
        public var parallel: Int
        public var everySeconds: Int?
        public init(
            name: String, address: String, user: String, secret: String, auth: SubsonicRules.Auth, price: Int,
            parallel: Int, everySeconds: Int?
        ) {
            self.name = name
            self.address = address
            self.user = user
            self.secret = secret
            self.auth = auth
            self.price = price
            self.parallel = parallel
            self.everySeconds = everySeconds
        }
    }

    /// Adds a source after signing in to it; nothing is stored when the upstream refuses.
    public func add(_ new: NewSource) async throws -> CatalogSourceRecord {
        try SourceRules.checkName(new.name)
        let (kind, base) = try SourceRules.parseAddress(new.address)
        guard (0...1_000_000).contains(new.price) else {
            throw SourceError(.invalid, "--price is a whole number of coins from 0 to 1000000")
        }
        guard (1...16).contains(new.parallel) else { throw SourceError(.invalid, "--parallel is from 1 to 16") }
        guard new.auth == .apiKey || !new.user.isEmpty else { throw SourceError(.invalid, "--user is needed") }
        guard !new.secret.isEmpty else { throw SourceError(.invalid, "The password (or key) is empty") }
        if try await store.source(named: new.name) != nil {
            throw SourceError(.invalid, "A source named \(new.name) exists already (sotube sources list)")
        }
        try await SubsonicSource(base: base, user: new.user, secret: new.secret, auth: new.auth).checkAccess()
        let record = CatalogSourceRecord(
            name: new.name, kind: kind, url: base, username: new.user, auth: new.auth,
            sealedSecret: try sealer.seal(new.secret), price: new.price, parallel: new.parallel,
            everySeconds: new.everySeconds, createdAt: services.clock.now())
        try await store.add(record)
        return record
    }

    public func list() async throws -> [CatalogSourceRecord] { try await store.sources() }

    /// The source's adapter, its secret opened.
    func adapter(for source: CatalogSourceRecord) throws -> any CatalogSourceAdapter {
        guard let secret = sealer.open(source.sealedSecret) else {
            throw SourceError(
                .refused,
                "The source's password was sealed under another server secret: remove the source and add it again")
        }
        return SubsonicSource(base: source.url, user: source.username, secret: secret, auth: source.auth)
    }

    func folder(of name: String) -> URL {
        services.configuration.dataDirectory.appendingPathComponent("sources").appendingPathComponent(name)
    }

    /// Removes a source: its songs are withdrawn (no longer sold, out of search; owners keep them) and
    /// its downloaded files deleted. Returns how many songs were withdrawn.
    public func remove(name: String) async throws -> Int {
        guard try await store.source(named: name) != nil else {
            throw SourceError(.invalid, "No source is named \(name) (sotube sources list)")
        }
        let changes = try await services.catalogWriter.reconcileFolder(
            SourceSyncPlan.keyPrefix(source: name), present: [])
        _ = try await store.remove(named: name)
        try? FileManager.default.removeItem(at: folder(of: name))
        if !changes.withdrawn.isEmpty { _ = try await services.database.searchIndex.rebuild() }
        return changes.withdrawn.count
    }

    /// This process, as a sync's holder: `host:pid`.
    static var holder: String { "\(ProcessInfo.processInfo.hostName):\(getpid())" }

    /// Syncs `name` once; a `SourceError` when another process is syncing it. The summary is kept
    /// with the source whether the sync ends well or not; search follows the catalog's changes.
    public func sync(
        name: String, parallel: Int? = nil, progress: @escaping @Sendable (SourceSyncProgress) -> Void = { _ in }
    ) async throws -> SourceSyncResult {
        guard let source = try await store.source(named: name) else {
            throw SourceError(.invalid, "No source is named \(name) (sotube sources list)")
        }
        let holder = Self.holder
        try await claim(name, holder: holder)
        let renewing = Task {
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: UInt64(leaseSeconds / 3 * 1_000_000_000))
                let now = services.clock.now()
                _ = try? await store.claim(
                    name: name, holder: holder, until: now.addingTimeInterval(leaseSeconds), now: now, takingOver: nil)
            }
        }
        defer { renewing.cancel() }
        let started = services.clock.now()
        try await store.recordSync(name: name, summary: SourceSyncSummary(status: .running, startedAt: started))
        let sync = SourceSync(
            name: name, adapter: try adapter(for: source), importer: services.mediaImporter(), store: store,
            folder: folder(of: name), parallel: parallel ?? source.parallel, price: source.price,
            logger: services.logger)
        do {
            let result = try await sync.run(progress: progress)
            try await store.recordSync(name: name, summary: result.summary)
            if !result.trackIDs.isEmpty || result.summary.withdrawn + result.summary.restored > 0 {
                _ = try await services.database.searchIndex.rebuild()
            }
            try await store.release(name: name, holder: holder)
            return result
        } catch {
            var failed = SourceSyncSummary(status: .failed, startedAt: started)
            failed.finishedAt = services.clock.now()
            failed.message = (error as? SourceError)?.message ?? ErrorText.of(error)
            try? await store.recordSync(name: name, summary: failed)
            // Songs imported before the failure are searchable at once.
            _ = try? await services.database.searchIndex.rebuild()
            try? await store.release(name: name, holder: holder)
            throw error
        }
    }

    /// Deletes the downloads of `songs` whose media jobs are done (`SourceDownloads.prune`).
    public func pruneDownloads(name: String, songs: [RemoteSong]) async {
        await SourceDownloads(
            name: name, folder: folder(of: name), writer: services.catalogWriter, queue: services.mediaJobs
        ).prune(songs)
    }

    /// Takes the source's lease, or says who holds it. A holder on this machine whose process is gone
    /// (a sync killed with -9) is taken over at once; elsewhere its lease runs out within a minute.
    func claim(_ name: String, holder: String) async throws {
        let now = services.clock.now()
        var takingOver: String?
        if let current = try await store.holder(name: name), current.holder != holder {
            let parts = current.holder.split(separator: ":")
            if parts.count == 2, String(parts[0]) == ProcessInfo.processInfo.hostName, let pid = Int32(parts[1]),
                kill(pid, 0) == -1 && errno == ESRCH
            {
                takingOver = current.holder
            }
        }
        guard
            try await store.claim(
                name: name, holder: holder, until: now.addingTimeInterval(leaseSeconds), now: now,
                takingOver: takingOver)
        else {
            let current = try await store.holder(name: name)
            throw SourceError(
                .unavailable,
                "\(name) is being synced by \(current?.holder ?? "another process") (until "
                    + "\(current.map { ISO8601DateFormatter().string(from: $0.until) } ?? "soon") unless it renews)")
        }
    }

    /// Syncs every source whose `--every` is due, checking every `checkSeconds`, until cancelled
    /// (`serve`, `worker`). A source another process is syncing is left to it.
    public func runSchedule(checkSeconds: Double = 30) async {
        while !Task.isCancelled {
            if let sources = try? await store.sources() {
                for source in sources where source.isDue(now: services.clock.now()) && !Task.isCancelled {
                    do {
                        let result = try await sync(name: source.name)
                        services.logger.info(
                            "source synced",
                            metadata: [
                                "source": "\(source.name)", "fetched": "\(result.summary.fetched)",
                                "withdrawn": "\(result.summary.withdrawn)", "errors": "\(result.summary.errors)",
                            ])
                    } catch {
                        services.logger.warning(
                            "source sync failed",
                            metadata: ["source": "\(source.name)", "error": "\(ErrorText.of(error))"])
                    }
                }
            }
            try? await Task.sleep(nanoseconds: UInt64(checkSeconds * 1_000_000_000))
        }
    }
}

extension AppServices {
    public var sources: SourceService { SourceService(services: self) }
}
