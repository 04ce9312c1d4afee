import ArgumentParser
import Foundation
import SoTubeKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A password from the option, `SOTUBE_PASSWORD`, or typed at a hidden prompt.
func password(_ given: String?) throws -> String {
    if let given { return given }
    if let fromEnvironment = ProcessInfo.processInfo.environment["SOTUBE_PASSWORD"] { return fromEnvironment }
    if isatty(STDIN_FILENO) == 1, let typed = getpass("Password: ") { return String(cString: typed) }
    guard let line = readLine() else { throw ValidationError("Give a password with --password or SOTUBE_PASSWORD.") }
    return line
}

struct RegisterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "register", abstract: "Create an account and log in.")
    @OptionGroup var options: ClientOptions
    @Argument(help: "The username.") var username: String
    @Option(help: "The email address.") var email: String
    @Option(help: "The password (else SOTUBE_PASSWORD or a prompt).") var password: String?

    func run() async throws {
        let secret = try sotube_client.password(password)
        try await options.run { client, terminal in
            let answer = try await client.register(username: username, email: email, password: secret)
            if terminal.json { return try terminal.printJSON(answer.user) }
            terminal.line("Welcome, \(terminal.paint(answer.user.username, .bold)). You are logged in.")
        }
    }
}

struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login", abstract: "Log in; the token is saved for the other commands.")
    @OptionGroup var options: ClientOptions
    @Argument(help: "The username.") var username: String
    @Option(help: "The password (else SOTUBE_PASSWORD or a prompt).") var password: String?
    @Option(help: "For two-step sign-in: the code from the authenticator app, or a recovery code.")
    var code: String?

    func run() async throws {
        let secret = try sotube_client.password(password)
        try await options.run { client, terminal in
            let answer = try await client.login(username: username, password: secret, totp: code)
            if terminal.json { return try terminal.printJSON(answer.user) }
            terminal.line(
                "Logged in as \(terminal.paint(answer.user.username, .bold)) (\(Show.coins(answer.user.coins))).")
        }
    }
}

struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout", abstract: "End the session and forget the token.")
    @OptionGroup var options: ClientOptions

    func run() async throws {
        try await options.run { client, terminal in
            try await client.logout()
            if terminal.json { return try terminal.printJSON(["loggedOut": true]) }
            terminal.line("Logged out.")
        }
    }
}

struct WhoAmICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "whoami", abstract: "Show the logged-in account.")
    @OptionGroup var options: ClientOptions

    func run() async throws {
        try await options.run { client, terminal in
            let me = try await client.me()
            if terminal.json { return try terminal.printJSON(me) }
            terminal.line("\(terminal.paint(me.username, .bold)) <\(me.email)>")
            terminal.line("\(Show.coins(me.coins)), \(me.ownedCount) songs owned")
        }
    }
}
