import ArgumentParser

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
        ])
}
