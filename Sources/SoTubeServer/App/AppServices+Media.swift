import Foundation
import SoTubeCore
import SoTubeMedia
import SoTubeStoreSQL

extension AppServices {
    /// Writes artists, albums, tracks, playlists and moods.
    public var catalogWriter: SQLCatalogWriter {
        database.catalogWriter(ids: ids, clock: clock)
    }

    /// Preview length: `SOTUBE_PREVIEW_SECONDS` or 30.
    public static var previewPolicy: PreviewPolicy {
        let seconds =
            ProcessInfo.processInfo.environment["SOTUBE_PREVIEW_SECONDS"].flatMap(Int.init) ?? 30
        return PreviewPolicy(seconds: min(max(seconds, 5), 120))
    }

    /// The importer writing into this store's media folder.
    public func mediaImporter(policy: PreviewPolicy = AppServices.previewPolicy) -> MediaImporter {
        MediaImporter(
            writer: catalogWriter, mediaRoot: configuration.mediaDirectory, policy: policy, logger: logger
        )
    }

    /// Seeds the demo catalog when there is no song yet (skipped when SOTUBE_DEMO=0 or ffmpeg is missing).
    /// Failures are logged; the server starts anyway.
    public func seedDemoCatalogIfEmpty() async {
        if ProcessInfo.processInfo.environment["SOTUBE_DEMO"] == "0" { return }
        let importer = mediaImporter()
        guard importer.tools.available else {
            logger.warning("ffmpeg not found: no demo catalog seeded")
            return
        }
        do {
            if let summary = try await DemoSeeder(importer: importer).seedIfEmpty() {
                logger.info(
                    "demo catalog seeded",
                    metadata: [
                        "songs": "\(summary.songs)", "albums": "\(summary.albums)",
                        "artists": "\(summary.artists)",
                        "seconds": "\(String(format: "%.1f", summary.seconds))",
                    ])
                // The search box must find the demo songs too.
                let documents = try await database.searchIndex.rebuild()
                logger.info("search index rebuilt", metadata: ["documents": "\(documents)"])
            }
        } catch {
            logger.error("demo catalog seeding failed", metadata: ["error": "\(error)"])
        }
    }
}
