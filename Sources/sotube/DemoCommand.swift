import ArgumentParser
import Foundation
import SoTubeMedia
import SoTubeServer
import SoTubeStoreSQL

/// `sotube demo`: seeds the demo catalog now (what `serve` does on an empty catalog).
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract:
            "Seed the built-in demo catalog (generated music, covers, moods, volumes) into an empty store."
    )

    @OptionGroup var store: StoreOptions

    func run() async throws {
        let services = try await store.servicesWithMediaTools()
        let importer = services.mediaImporter()
        let bar = ProgressBar(enabled: isatty(1) == 1)
        do {
            let seeded = try await services.database.onlyOnce(OnlyOnceKey.demoCatalog) {
                try await DemoSeeder(importer: importer).seedIfEmpty(progress: { bar.update($0) })
            }
            if let summary = seeded {
                bar.finish()
                _ = try await services.database.searchIndex.rebuild()
                print(
                    "demo catalog: \(summary.artists) artists, \(summary.albums) albums, \(summary.songs) songs, "
                        + "\(summary.moods) moods, \(summary.volumes) volumes in \(String(format: "%.1f", summary.seconds)) s"
                )
            } else {
                print("the catalog already has songs; nothing seeded")
            }
        } catch {
            bar.finish()
            await services.database.shutdown()
            throw ValidationError("demo seeding failed: \(error)")
        }
        await services.database.shutdown()
    }
}
