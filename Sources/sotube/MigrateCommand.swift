import ArgumentParser
import Foundation
import SoTubeCore
import SoTubeServer
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
        try await withDatabase(configuration) { database in
            if status {
                let current = try await database.schemaVersion()
                print("schema version \(current); this build knows up to \(SoTubeDatabase.latestSchemaVersion)")
            } else {
                let applied = try await database.migrate(
                    now: Date(), logger: ServerRuntime(logLevel: configuration.logLevel).logger)
                for name in applied { print("applied \(name)") }
                print("schema version \(SoTubeDatabase.latestSchemaVersion)")
            }
        }
    }
}
