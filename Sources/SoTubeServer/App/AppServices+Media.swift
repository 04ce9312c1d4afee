import Foundation
import SoTubeCore
import SoTubeMedia
import SoTubeStoreSQL

extension AppServices {
    /// Writes artists, albums, tracks, playlists and moods.
    public var catalogWriter: SQLCatalogWriter {
        database.catalogWriter(ids: ids, clock: clock)
    }

    /// The importer writing into this store's media folder, cutting previews of the configured length.
    public func mediaImporter() -> MediaImporter {
        MediaImporter(
            writer: catalogWriter, mediaRoot: configuration.mediaDirectory, policy: configuration.preview,
            logger: logger)
    }

    /// Seeds the demo catalog when there is no song yet (skipped when the configuration turns it off,
    /// `SOTUBE_DEMO=0`, or ffmpeg is missing). Failures are logged; the server starts anyway.
    public func seedDemoCatalogIfEmpty() async {
        guard configuration.seedsDemoCatalog else { return }
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
