import Foundation
import SoTubeCore
import SoTubeMedia
import SoTubeStoreSQL

/// What operators do, from the console or the CLI: each action checks its input, changes the store
/// and writes its audit entry (in the change's own transaction where the store allows).
public struct OperatorService: Sendable {
    let database: SoTubeDatabase
    let auth: AuthService
    let jobs: SQLMediaJobQueue
    let clock: any SoTubeClock
    let ids: any IDSource
    /// Tells this server's catalog cache that the catalog changed (other servers see the catalog
    /// version move within their recheck).
    let catalogChanged: @Sendable () -> Void
    /// The media folder, where an album's uploaded picture is stored.
    let mediaRoot: URL

    /// How many rows a search or a user's lists answer with.
    static let listLimit = 50

    init(
        database: SoTubeDatabase, auth: AuthService, jobs: SQLMediaJobQueue, clock: any SoTubeClock, ids: any IDSource,
        mediaRoot: URL, catalogChanged: @escaping @Sendable () -> Void
    ) {
        self.mediaRoot = mediaRoot
        self.catalogChanged = catalogChanged
        self.database = database
        self.auth = auth
        self.jobs = jobs
        self.clock = clock
        self.ids = ids
    }

    /// An audit entry for `actor` doing `action` to `target` now; the store fills in before and after.
    func entry(_ actor: OperatorActor, _ action: AuditAction, _ target: String, reason: String? = nil) -> AuditEntry {
        AuditEntry(
            id: ids.makeID(), at: clock.now(), actorID: actor.userID, actor: actor.name, action: action, target: target,
            reason: reason)
    }

    // MARK: the dashboard

    public func dashboard(range: SalesRange, grouping: SalesGrouping) async throws -> SalesReport {
        var report = SalesReport(
            rows: try await database.sales.dailySales(in: range), range: range, grouping: grouping)
        let top = try await database.sales.topSellers(in: range, limit: 10)
        (report.topTracks, report.topAlbums, report.topArtists) = top
        return report
    }

    /// Today (UTC), for the dashboard's default range.
    public var today: CivilDay { CivilDay(epochMillis: clock.now().epochMillis) }
}
