import Foundation

/// A source as the operator set it up (`sotube sources add`).
public struct CatalogSourceRecord: Sendable, Equatable {
    public var name: String
    public var kind: String
    /// The server's base URL (`https://music.example.com`).
    public var url: String
    public var username: String
    public var auth: SubsonicRules.Auth
    /// The password or key sealed under the server secret.
    public var sealedSecret: [UInt8]
    /// The price in coins of each song from this source.
    public var price: Int
    /// Downloads at once.
    public var parallel: Int
    /// Seconds between syncs run by `serve` or `worker`; nil: only `sotube sources sync`.
    public var everySeconds: Int?
    public var createdAt: Date
    public var lastSync: SourceSyncSummary?

    public init(
        name: String, kind: String, url: String, username: String, auth: SubsonicRules.Auth, sealedSecret: [UInt8],
        price: Int, parallel: Int, everySeconds: Int?, createdAt: Date, lastSync: SourceSyncSummary? = nil
    ) {
        self.name = name
        self.kind = kind
        self.url = url
        self.username = username
        self.auth = auth
        self.sealedSecret = sealedSecret
        self.price = price
        self.parallel = parallel
        self.everySeconds = everySeconds
        self.createdAt = createdAt
        self.lastSync = lastSync
    }

    /// Whether a scheduled sync is due at `now`.
    public func isDue(now: Date) -> Bool {
        guard let everySeconds else { return false }
        guard let last = lastSync else { return true }
        return now.timeIntervalSince(last.startedAt) >= Double(everySeconds)
    }
}

/// What the last sync of a source did (`sotube sources list`).
public struct SourceSyncSummary: Sendable, Equatable, Codable {
    public enum Status: String, Sendable, Codable { case running, done, failed }
    public var status: Status
    public var startedAt: Date
    public var finishedAt: Date?
    /// Songs the source lists.
    public var songs = 0
    public var albums = 0
    /// Songs fetched (new or changed) and their bytes.
    public var fetched = 0
    public var bytes = 0
    public var unchanged = 0
    public var withdrawn = 0
    public var restored = 0
    /// Songs that could not be fetched or imported.
    public var errors = 0
    /// The sync's error, or the first song error.
    public var message: String?

    public init(status: Status, startedAt: Date) {
        self.status = status
        self.startedAt = startedAt
    }
}

/// Sources and their sync state: implemented on SQL by `SQLCatalogSourceStore`.
public protocol CatalogSourceStore: Sendable {
    /// Adds a source; a conflict when the name is taken.
    func add(_ source: CatalogSourceRecord) async throws
    func source(named name: String) async throws -> CatalogSourceRecord?
    func sources() async throws -> [CatalogSourceRecord]
    /// Removes the source's row; false when there was none.
    func remove(named name: String) async throws -> Bool
    /// Takes the right to sync `name` until `until` when no one else holds it (or `holder` holds it, or
    /// the last holder's time ran out, or `takingOver` names the holder whose process is gone).
    func claim(name: String, holder: String, until: Date, now: Date, takingOver: String?) async throws -> Bool
    /// Who holds the sync of `name` and until when, if anyone.
    func holder(name: String) async throws -> (holder: String, until: Date)?
    func release(name: String, holder: String) async throws
    func recordSync(name: String, summary: SourceSyncSummary) async throws
    /// What the catalog holds of every song whose key starts with `prefix` + "/", by key.
    func knownSongs(prefix: String) async throws -> [String: SourceStamp]
}
