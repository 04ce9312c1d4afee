import ArgumentParser
import Foundation

@main
struct ClientCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sotube-client",
        abstract: "A terminal client of a SoTube server, built on SoTubeKit.",
        discussion: """
            Log in once (the token is kept in ~/.config/sotube/token, mode 0600), then browse, buy, download and play. Every command takes --server URL (or SOTUBE_SERVER; default http://localhost:8080) and --json for output that scripts read.

            Exit codes: 0 done, 1 failed, 3 not enough coins, 4 not logged in or wrong password, 5 server unreachable, 6 cancelled at the prompt, 64 bad usage.
            """,
        subcommands: [
            RegisterCommand.self, LoginCommand.self, LogoutCommand.self, WhoAmICommand.self, SearchCommand.self,
            ShowCommand.self, BuyCommand.self, LibraryCommand.self, HistoryCommand.self, WalletCommand.self,
            TopUpCommand.self, RedeemCommand.self, DownloadCommand.self, PlayCommand.self,
        ])
}
