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

    /// The importer writing into this store's media folder, cutting previews of the configured length.
    public func mediaImporter() -> MediaImporter {
        MediaImporter(
            writer: catalogWriter, queue: mediaJobs, mediaRoot: configuration.mediaDirectory,
            policy: configuration.preview, clock: clock, logger: logger)
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
    /// serves anyway.
    public func seedDemoCatalogIfEmpty() async {
        guard configuration.seedsDemoCatalog else { return }
        let importer = {
            var importer = mediaImporter()
            importer.waitsForJobs = false
            return importer
        }()
        guard importer.tools.available else {
            logger.warning("ffmpeg not found: no demo catalog seeded")
            return
        }
        do {
            // Servers starting together on one PostgreSQL seed it once; the others wait, then find
            // the catalog full.
            let seeded = try await database.onlyOnce(OnlyOnceKey.demoCatalog) {
                try await DemoSeeder(importer: importer).seedIfEmpty()
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
            }
        } catch {
            logger.error("demo catalog seeding failed", metadata: ["error": "\(error)"])
        }
    }
}
