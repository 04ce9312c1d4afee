import ArgumentParser
import Foundation
import NIOCore
import NIOPosix
import SoTubeServer

@main
struct SoTubeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sotube",
        abstract: "SoTube: a self-hostable music store.",
        discussion: """
            Run `sotube serve` to start the store on port 8080 with its data in ./data.
            Every command takes --data DIR (or SOTUBE_DATA) to choose the data directory.
            """,
        subcommands: [
            ServeCommand.self, MigrateCommand.self, UsersCommand.self, ImportCommand.self, DemoCommand.self,
            CatalogCommand.self, CoinsCommand.self, LedgerCommand.self, CodesCommand.self, PacksCommand.self,
            BackupCommand.self, RestoreCommand.self, MigrateToCommand.self, WorkerCommand.self, JobsCommand.self,
            RoutesCommand.self, TopUpsCommand.self, DisputesCommand.self, MailCommand.self, SellersCommand.self,
            PurchasesCommand.self, SourcesCommand.self,
        ])

    /// Every file and folder a command makes (the database and its -wal/-shm, media, mail) is the
    /// owner's alone: the data folder holds password hashes, reset links and the secret key.
    static func main() async {
        umask(0o077)
        MemoryPolicy.apply()
        // Async work runs on NIO's event loops: a request is read, answered and written on one
        // thread, without a hop to Swift's own pool and back (blocking work — bcrypt, ffmpeg,
        // SQLite — already runs on thread pools of its own).
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        await main(nil)
    }
}
