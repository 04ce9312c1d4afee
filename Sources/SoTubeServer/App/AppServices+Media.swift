import Crypto
import Foundation
import SoTubeCore
import SoTubeMedia
import SoTubeStoreSQL

extension AppServices {
    /// Writes artists, albums, tracks, playlists and moods.
    public var catalogWriter: SQLCatalogWriter {
        database.catalogWriter(ids: ids, clock: clock)
    }

    /// The media job queue in this store's database.
    public var mediaJobs: SQLMediaJobQueue { database.mediaJobs(ids: ids) }

    /// Operators' actions (the console and the CLI's operator commands).
    public var operators: OperatorService {
        OperatorService(
            database: database, auth: auth, jobs: mediaJobs, clock: clock, ids: ids,
            mediaRoot: configuration.mediaDirectory, catalogChanged: { [catalogCache] in catalogCache.invalidate() })
    }

    /// Artists and labels: invitations, the artist area, payouts.
    public var sellers: SellerService {
        SellerService(
            database: database, auth: auth, mailer: mailer, clock: clock, ids: ids, baseURL: configuration.baseURL,
            catalogChanged: { [catalogCache] in catalogCache.invalidate() }, logger: logger,
            unsubscribeKey: Array(
                HMAC<SHA256>.authenticationCode(
                    for: Data("sotube unsubscribe links".utf8), using: SymmetricKey(data: secretKey))))
    }

    /// Releases made in the browser: drafts, resumable uploads, publishing through the importer.
    public var drafts: DraftService {
        DraftService(
            sellers: sellers, root: configuration.dataDirectory.appendingPathComponent("uploads"),
            importer: { [self] in mediaImporter() }, tools: MediaTools(timeout: 60))
    }

    /// The importer writing into this store's media folder, cutting previews of the configured length.
    /// Its workers give the heap's free pages back when they run out of jobs.
    public func mediaImporter() -> MediaImporter {
        var importer = MediaImporter(
            writer: catalogWriter, queue: mediaJobs, mediaRoot: configuration.mediaDirectory,
            policy: configuration.preview, clock: clock, logger: logger)
        importer.afterWork = { MemoryPolicy.giveBackFreePages() }
        return importer
    }

    /// Runs `count` media workers until the task is cancelled (`serve`, `sotube worker`), or, with
    /// `untilIdle`, until no job is queued or running.
    public func runMediaWorkers(_ count: Int, rules: MediaJobRules = MediaJobRules(), untilIdle: Bool = false) async {
        var importer = mediaImporter()
        importer.rules = rules
        let queue = mediaJobs
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<max(1, count) {
                let worker = importer.worker()
                group.addTask {
                    await worker.run(idleSeconds: untilIdle ? 0.2 : 1) {
                        guard untilIdle else { return false }
                        return (try? await queue.counts(trackIDs: nil).pending) == 0
                    }
                }
            }
        }
    }

    /// Seeds the demo catalog when there is no song yet (skipped when the configuration turns it off,
    /// `SOTUBE_DEMO=0`, or ffmpeg is missing): its rows at once, its audio by the media workers (this
    /// server's, or `sotube worker` elsewhere when it runs none). Failures are logged; the server
    /// serves anyway. Returns the songs it seeded (none when the catalog had some).
    @discardableResult
    public func seedDemoCatalogIfEmpty() async -> [String] {
        guard configuration.seedsDemoCatalog else { return [] }
        let importer = {
            var importer = mediaImporter()
            importer.waitsForJobs = false
            return importer
        }()
        guard importer.tools.available else {
            logger.warning("ffmpeg not found: no demo catalog seeded")
            return []
        }
        do {
            // Servers starting together on one PostgreSQL seed it once; the others wait, then find
            // the catalog full.
            var seeder = DemoSeeder(importer: importer)
            seeder.rowsWritten = { [self] in
                // Found by the search box as soon as they are listed (the playlists come next).
                catalogCache.invalidate()
                _ = try? await database.searchIndex.rebuild()
            }
            let seeded = try await database.onlyOnce(OnlyOnceKey.demoCatalog) { [seeder] in
                try await seeder.seedIfEmpty()
            }
            if let summary = seeded {
                logger.info(
                    "demo catalog seeded",
                    metadata: [
                        "songs": "\(summary.songs)", "albums": "\(summary.albums)",
                        "artists": "\(summary.artists)",
                        "seconds": "\(String(format: "%.1f", summary.seconds))",
                    ])
                catalogCache.invalidate()
                // The search box must find the demo songs too.
                let documents = try await database.searchIndex.rebuild()
                logger.info("search index rebuilt", metadata: ["documents": "\(documents)"])
                return summary.trackIDs
            }
        } catch {
            logger.error("demo catalog seeding failed", metadata: ["error": "\(ErrorText.of(error))"])
        }
        return []
    }

    /// The first start's demo audio on every core: beside the server's own media workers (none when
    /// it runs none: `sotube worker` elsewhere does the jobs), one more per remaining core until the
    /// jobs of `trackIDs` are done or the task is cancelled.
    public func makeDemoAudio(trackIDs: [String]) async {
        let extra = ProcessInfo.processInfo.activeProcessorCount - configuration.mediaWorkers
        guard configuration.mediaWorkers > 0, extra > 0, !trackIDs.isEmpty else { return }
        var importer = mediaImporter()
        importer.concurrency = extra
        let started = Date()
        do {
            try await importer.runJobs(trackIDs: trackIDs)
            let counts = try await mediaJobs.counts(trackIDs: trackIDs)
            logger.info(
                "demo catalog's audio made",
                metadata: [
                    "songs": "\(trackIDs.count)", "failedJobs": "\(counts.failed)",
                    "seconds": "\(String(format: "%.1f", Date().timeIntervalSince(started)))",
                ])
        } catch {
            // Cancelled: the server stops; the jobs left are done by the next start's workers.
        }
    }
}
