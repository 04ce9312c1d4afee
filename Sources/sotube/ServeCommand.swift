import ArgumentParser
import Foundation
import SoTubeServer

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the store: REST API, web app and audio.",
        discussion: "Stops gracefully on SIGTERM or Ctrl-C. Applies pending database migrations at start.")

    @OptionGroup var store: StoreOptions

    @Option(name: .long, help: "Port to listen on. Default: $SOTUBE_PORT or 8080")
    var port: Int?

    @Option(name: .long, help: "Address to bind. Default: $SOTUBE_HOST or 0.0.0.0")
    var host: String?

    @Option(name: .long, help: "Folder of the web app. Default: ./Public when it exists")
    var publicDir: String?

    @Option(
        help: """
            Selling coins: sandbox (the built-in test provider, public test cards, no real money) or off \
            (coins come from gift codes and grants). Default: $SOTUBE_PAYMENTS, else sandbox for the demo \
            store and off when SOTUBE_DEMO=0.
            """)
    var payments: String?

    @Option(help: "Media workers in the server (jobs after an import); 0 for none (default 1).")
    var workers: Int = 1

    func validate() throws {
        guard workers >= 0 else { throw ValidationError("--workers must be 0 or more") }
    }

    func run() async throws {
        ShortCrashReport.applyByRestartingIfUnset()
        var configuration = try store.configuration { flags in
            flags.port = port
            flags.host = host
            flags.payments = payments
        }
        configuration.mediaWorkers = workers
        configuration.foldsSales = true
        configuration.publicDirectory = PublicFolder.locate(explicit: publicDir)
        try await serve(configuration)
    }
}

enum PublicFolder {
    /// The web app: --public-dir, else ./Public, else Public beside the source tree.
    static func locate(explicit: String?) -> URL? {
        if let explicit { return URL(fileURLWithPath: explicit) }
        let candidates = [
            URL(fileURLWithPath: "Public"),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Public"),
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("index.html").path) }
    }
}
