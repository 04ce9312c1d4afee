import ArgumentParser
import Foundation
import SoTubeServer
import SoTubeStoreSQL

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

/// Runs `body` on the store's database as it is (not migrated), closes it afterwards, and turns a
/// store's refusal (a newer schema, a PostgreSQL store where SQLite is needed) into a CLI message.
func withDatabase<R>(_ configuration: ServerConfiguration, _ body: (SoTubeDatabase) async throws -> R)
    async throws -> R
{
    let database = try await SoTubeDatabase.open(
        configuration.database, now: Date(), logger: ServerRuntime(logLevel: configuration.logLevel).logger,
        migrate: false)
    do {
        let result = try await body(database)
        await database.shutdown()
        return result
    } catch let error as StoreError {
        await database.shutdown()
        throw ValidationError(error.description)
    } catch {
        await database.shutdown()
        throw error
    }
}

extension StoreOptions {
    /// The store's services for a command that makes media (ffmpeg and ffprobe must be installed).
    func servicesWithMediaTools() async throws -> AppServices {
        let services = try await AppServices.open(try configuration())
        guard services.mediaImporter().tools.available else {
            await services.database.shutdown()
            throw ValidationError("ffmpeg and ffprobe are needed: apt-get install ffmpeg")
        }
        return services
    }
}
