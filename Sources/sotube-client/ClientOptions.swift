import ArgumentParser
import Foundation
import SoTubeKit

/// The options every command takes: which server, where the token lives, how to print.
struct ClientOptions: ParsableArguments {
    @Option(name: .long, help: "The server's address (default: SOTUBE_SERVER or http://localhost:8080).")
    var server: String?

    @Option(
        name: .long, help: "The file keeping the session token (default: SOTUBE_TOKEN_FILE or ~/.config/sotube/token).")
    var tokenFile: String?

    @Flag(name: .long, help: "Print JSON instead of tables.")
    var json = false

    var serverURL: String {
        server ?? ProcessInfo.processInfo.environment["SOTUBE_SERVER"] ?? "http://localhost:8080"
    }

    var tokenURL: URL {
        if let path = tokenFile ?? ProcessInfo.processInfo.environment["SOTUBE_TOKEN_FILE"] {
            return URL(fileURLWithPath: path)
        }
        let home =
            ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config")
        return home.appendingPathComponent("sotube/token")
    }

    /// The client for these options, or a usage error for an address that is not http(s).
    func client() throws -> SoTubeClient {
        guard let url = URL(string: serverURL), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
            url.host != nil
        else {
            throw ValidationError("--server must be an http:// or https:// address, not '\(serverURL)'.")
        }
        return SoTubeClient(baseURL: url, tokens: FileTokenStore(url: tokenURL))
    }

    var terminal: Terminal { Terminal(json: json) }

    /// Runs `body` with the client; SDK errors become a message on standard error and the exit
    /// code that stands for them.
    func run(_ body: (SoTubeClient, Terminal) async throws -> Void) async throws {
        let client = try client()
        let terminal = self.terminal
        do {
            try await body(client, terminal)
        } catch let error as SoTubeError {
            terminal.fail(Self.sentence(error))
            throw ExitCode(Self.exitCode(error))
        }
    }

    static func sentence(_ error: SoTubeError) -> String {
        switch error {
        case .unauthorized(let message) where message.hasPrefix("Log in"):
            return "Log in first: sotube-client login NAME."
        case .twoFactorRequired(let message):
            return message + " Log in again with --code CODE (the app's code, or a recovery code)."
        case .notFound: return "Not found (or not yours)."
        case .validation(let field?, let message): return "\(field): \(message)"
        default: return error.message
        }
    }

    static func exitCode(_ error: SoTubeError) -> Int32 {
        switch error {
        case .notEnoughCoins: return ExitStatus.notEnoughCoins
        case .unauthorized, .twoFactorRequired: return ExitStatus.unauthorized
        case .offline: return ExitStatus.offline
        default: return ExitStatus.failure
        }
    }
}

/// The exit codes `sotube-client --help` lists.
enum ExitStatus {
    static let failure: Int32 = 1
    static let notEnoughCoins: Int32 = 3
    static let unauthorized: Int32 = 4
    static let offline: Int32 = 5
    static let cancelled: Int32 = 6
}
