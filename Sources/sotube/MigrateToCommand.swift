import ArgumentParser
import Foundation
import SoTubeCore
import SoTubeServer
import SoTubeStoreSQL

/// `sotube migrate-to postgres://…`: the single SQLite process grows into PostgreSQL (docs/deploy.md).
struct MigrateToCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate-to",
        abstract: "Copy this SQLite store into an empty PostgreSQL database, then verify the ledger there.",
        discussion: """
            Stop the server first. The SQLite store (--data) is migrated to this build's schema, the
            PostgreSQL database is migrated to the same version, every row is copied in one transaction,
            the search index is rebuilt there, and the coin ledger is verified. The SQLite store is not
            changed. Media stay where they are: point SOTUBE_MEDIA_ROOT at DATA/media (or a copy of it).
            """)

    @OptionGroup var store: StoreOptions

    @Argument(help: "The PostgreSQL database to fill (postgres://user@host:port/name); it must be empty.")
    var target: String

    func run() async throws {
        guard target.hasPrefix("postgres://") || target.hasPrefix("postgresql://") else {
            throw ValidationError("migrate-to needs a postgres:// URL, not \(target)")
        }
        var configuration = try store.configuration()
        guard configuration.databaseURL == nil else {
            throw ValidationError("migrate-to copies the SQLite store in --data; leave out --database-url")
        }
        configuration.databaseURL = nil
        let sourceSettings = configuration.database
        guard FileManager.default.fileExists(atPath: sourceSettings.location) else {
            throw ValidationError("there is no SQLite store at \(sourceSettings.location)")
        }
        var targetSettings = sourceSettings
        targetSettings.location = target
        let logger = ServerRuntime(logLevel: configuration.logLevel).logger
        let source = try await SoTubeDatabase.open(sourceSettings, now: Date(), logger: logger)
        let destination: SoTubeDatabase
        do {
            destination = try await SoTubeDatabase.open(targetSettings, now: Date(), logger: logger)
        } catch {
            await source.shutdown()
            throw ValidationError("cannot open \(target): \(error)")
        }
        let report: LedgerReport
        do {
            let copied = try await StoreCopy.copy(from: source, to: destination)
            let documents = try await destination.searchIndex.rebuild()
            report = LedgerReport(facts: try await destination.commerce.ledgerFacts())
            for table in copied where table.rows > 0 { print("\(table.table): \(table.rows) rows") }
            print("search index: \(documents) documents")
        } catch {
            await destination.shutdown()
            await source.shutdown()
            if let error = error as? StoreCopy.CopyError { throw ValidationError(error.description) }
            throw error
        }
        await destination.shutdown()
        await source.shutdown()
        for problem in report.problems {
            try? FileHandle.standardError.write(contentsOf: Data("ledger: \(problem)\n".utf8))
        }
        print(
            "\(report.isExact ? "ledger exact" : "LEDGER WRONG"): \(report.accountCount) accounts, "
                + "\(report.entryCount) entries, \(report.purchaseCount) purchases")
        if !report.isExact { throw ExitCode(1) }
    }
}
