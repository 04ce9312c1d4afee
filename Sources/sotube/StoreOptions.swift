import ArgumentParser
import Foundation
import Logging
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

    func configuration() -> ServerConfiguration {
        let environment = ProcessInfo.processInfo.environment
        var configuration = ServerConfiguration()
        configuration.dataDirectory = URL(fileURLWithPath: data ?? environment["SOTUBE_DATA"] ?? "data")
        configuration.databaseURL = databaseURL ?? environment["SOTUBE_DATABASE_URL"]
        let level: Logger.Level = verbose ? .debug : .info
        configuration.logger = Logger(label: "sotube") { JSONLogHandler(label: $0, level: level) }
        if let cost = environment["SOTUBE_BCRYPT_COST"].flatMap(UInt8.init), (4...31).contains(cost) {
            configuration.bcryptCost = cost
        }
        return configuration
    }
}
