import ArgumentParser
import Foundation
import SoTubeCore
import SoTubeStoreSQL

struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Apply pending database migrations and print the schema version.",
        discussion: "Migrations are named, ordered and forward-only. A database migrated by a newer sotube is refused.")

    @OptionGroup var store: StoreOptions

    @Flag(name: .long, help: "Only print the current and latest versions; change nothing.")
    var status = false

    func run() async throws {
        let configuration = try store.configuration()
        if configuration.databaseURL == nil {
            try FileManager.default.createDirectory(at: configuration.dataDirectory, withIntermediateDirectories: true)
        }
        let backend = try await SQLBackends.open(configuration.database, logger: configuration.logger)
        let migrator = Migrator()
        if status {
            let current = try await migrator.currentVersion(backend)
            print("schema version \(current); this build knows up to \(migrator.latestVersion)")
            await backend.shutdown()
            return
        }
        do {
            let applied = try await migrator.migrate(backend, now: Date(), logger: configuration.logger)
            for name in applied { print("applied \(name)") }
            print("schema version \(migrator.latestVersion)")
        } catch let error as StoreError {
            await backend.shutdown()
            throw ValidationError(error.description)
        }
        await backend.shutdown()
    }
}
