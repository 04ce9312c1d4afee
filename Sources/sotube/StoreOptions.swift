import ArgumentParser
import Foundation
import SoTubeServer

/// Where the store's data lives: shared by every command.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: "Data directory (SQLite file, media, outbox). Default: $SOTUBE_DATA or ./data")
    var data: String?

    @Option(
        name: .customLong("database-url"),
        help: "Use PostgreSQL at this postgres:// URL instead of the SQLite file. Default: $SOTUBE_DATABASE_URL")
    var databaseURL: String?

    @Flag(name: .long, help: "Log at debug level.")
    var verbose = false

    /// The one configuration of this run: these flags, what `adjust` adds (a command's own flags),
    /// then the environment. An unusable value stops the command with a message naming it.
    func configuration(_ adjust: (inout ConfigurationFlags) -> Void = { _ in }) throws -> ServerConfiguration {
        var flags = ConfigurationFlags()
        flags.data = data
        flags.databaseURL = databaseURL
        flags.verbose = verbose
        adjust(&flags)
        do {
            return try ServerConfiguration.resolve(flags, environment: ProcessInfo.processInfo.environment)
        } catch let error as ConfigurationError {
            throw ValidationError(error.description)
        }
    }
}
