import Foundation
import Logging
import SoTubeCore
import SoTubeStoreSQL

/// Everything a server or a CLI command is told, from flags, the environment and files: built once
/// at start (`resolve`) and passed down; nothing reads the environment later. Defaults are the
/// embedded store: port 8080 on every address, `./data`, SQLite. Each default is written here once:
/// `resolve` keeps it when nothing else is given. What the server runs with (clock, ids, logger) is
/// not configuration: `ServerRuntime`.
public struct ServerConfiguration: Sendable, Equatable {
    public var host: String = "0.0.0.0"
    public var port: Int = 8080
    /// Holds the SQLite file, media, outbox.
    public var dataDirectory: URL = URL(fileURLWithPath: "data")
    /// A `postgres://` URL to use PostgreSQL instead of the SQLite file.
    public var databaseURL: String?
    /// PostgreSQL connections per server process.
    public var databasePoolSize: Int = 16
    /// PostgreSQL transport security.
    public var databaseTLS: DatabaseTLS = .disable
    /// PostgreSQL cancels statements running longer (milliseconds; 0: never).
    public var databaseStatementTimeoutMs = 30_000
    /// The web app's folder; nil serves no web app.
    public var publicDirectory: URL?
    /// Base of absolute links (mail, share pages); nil: http://localhost:PORT.
    public var publicBaseURL: String?
    /// Chart.js's UMD build, which the console draws its charts with: Debian's `libjs-chart.js`
    /// (`SOTUBE_CHARTJS` names another copy). Served at `/vendor/chart.min.js`; missing, that is 404
    /// and the console shows its figures as tables alone.
    public var chartLibrary = URL(fileURLWithPath: "/usr/share/javascript/chart.js/chart.min.js")
    public var bcryptCost: UInt8 = 12
    /// How long previews are and how they fade: the one value the importer, the API and the share
    /// page read.
    public var preview = PreviewPolicy(seconds: 30)
    /// Media workers `serve` runs (jobs after an import: album pictures, previews, renditions, loudness); 0 for none.
    public var mediaWorkers = 1
    /// ffmpeg processes Subsonic `stream` may run to transcode, in all (`SOTUBE_TRANSCODES`;
    /// default: two per processor) and per user (`SOTUBE_TRANSCODES_PER_USER`, default 2).
    public var transcodes = max(2, ProcessInfo.processInfo.activeProcessorCount * 2)
    public var transcodesPerUser = 2
    /// Seed the demo catalog into an empty store at start.
    public var seedsDemoCatalog = true
    /// Whether coins can be bought: the sandbox provider (test cards, no real money) or not at all.
    /// The sandbox's test cards are public: `resolve` turns it off when the store is not the demo
    /// store (`seedsDemoCatalog` false) and nothing asked for it.
    public var payments: PaymentsMode = .sandbox
    /// Stripe's keys, when `payments` is `.stripe`.
    public var stripe: StripeSettings?
    /// Where mail goes (SMTP or the outbox folder) and who it is from.
    public var mail = MailSettings()
    /// How many people share one client address: multiplies the per-address limits on sign-ups,
    /// reset requests and log-ins (`ThrottlePolicy.sharingAddresses`).
    public var peoplePerAddress = 1
    /// Addresses of reverse proxies whose `X-Forwarded-For`/`X-Forwarded-Proto` (and, with
    /// `signIn.authHeader`, the signed-in user's name) are believed.
    public var trustedProxies: Set<String> = []
    /// An OpenID provider, a trusted proxy's header, and whether passwords sign in (issue 34).
    public var signIn = SignInSettings()
    /// The server's secret (CSRF tokens, signatures); nil: `AppServices.open` reads or creates
    /// `DATA/secret.key`. Servers sharing a database must share it.
    public var secretKey: [UInt8]?
    /// The least important log lines written (`--verbose`: debug).
    public var logLevel: Logger.Level = .info

    public init() {}

    /// Where the database is: the PostgreSQL URL, else the SQLite file in the data folder.
    public var database: DatabaseSettings {
        DatabaseSettings(
            location: databaseURL ?? dataDirectory.appendingPathComponent("sotube.sqlite").path,
            poolSize: databasePoolSize, tls: databaseTLS, statementTimeoutMs: databaseStatementTimeoutMs,
            foldsSales: foldsSales)
    }
    /// PostgreSQL: fold the sales rows this process's writes leave (`sotube serve` does).
    public var foldsSales = false
    /// Mail waiting to be sent; servers of one store share it (a folder they all mount).
    public var outboxDirectory: URL { outboxRoot ?? dataDirectory.appendingPathComponent("outbox") }
    /// Audio, previews, renditions and pictures; servers of one store share it.
    public var mediaDirectory: URL { mediaRoot ?? dataDirectory.appendingPathComponent("media") }
    /// `SOTUBE_OUTBOX_DIR` and `SOTUBE_MEDIA_ROOT`; nil: inside the data folder.
    public var outboxRoot: URL?
    public var mediaRoot: URL?
    public var baseURL: String { publicBaseURL ?? "http://localhost:\(port)" }
}

/// Whether the store sells coins, and through which provider.
public enum PaymentsMode: String, Sendable, CaseIterable {
    /// The built-in sandbox provider: public test cards, no real money. For demos and tests.
    case sandbox
    /// Card payments through Stripe (real money): `SOTUBE_STRIPE_*` keys.
    case stripe
    /// No top-ups: coins come from gift codes and operator grants.
    case off
}

/// What the command line said; nil means "not given" (the environment or the default decides).
public struct ConfigurationFlags: Sendable {
    public var host: String?
    public var port: Int?
    public var data: String?
    public var databaseURL: String?
    public var publicDirectory: String?
    public var previewSeconds: Int?
    public var payments: String?
    public var verbose = false
    public init() {}
}

/// A setting that cannot be used, named with where it came from.
public struct ConfigurationError: Error, CustomStringConvertible {
    public var description: String
}

extension ServerConfiguration {
    /// The accepted preview lengths, in seconds.
    public static let previewSecondsRange = 5...120

    /// Flags first, then `SOTUBE_*` environment variables, then the struct's defaults (never written
    /// again here). A value that cannot be used is an error naming the flag or variable, never
    /// silently replaced.
    public static func resolve(_ flags: ConfigurationFlags, environment: [String: String]) throws
        -> ServerConfiguration
    {
        var configuration = ServerConfiguration()
        let reader = SettingReader(environment: environment)
        configuration.host = flags.host ?? environment["SOTUBE_HOST"] ?? configuration.host
        configuration.port =
            try reader.int(flags.port, flag: "--port", variable: "SOTUBE_PORT", in: 1...65535)
            ?? configuration.port
        if let data = flags.data ?? environment["SOTUBE_DATA"] {
            configuration.dataDirectory = URL(fileURLWithPath: data)
        }
        configuration.databaseURL = flags.databaseURL ?? environment["SOTUBE_DATABASE_URL"]
        if let url = configuration.databaseURL, !url.hasPrefix("postgres://"), !url.hasPrefix("postgresql://") {
            throw ConfigurationError(description: "--database-url must be a postgres:// URL, not \(url)")
        }
        configuration.databasePoolSize =
            try reader.int(nil, flag: nil, variable: "SOTUBE_DATABASE_POOL_SIZE", in: 1...1000)
            ?? configuration.databasePoolSize
        if let tls = environment["SOTUBE_DATABASE_TLS"] {
            guard let mode = DatabaseTLS(rawValue: tls) else {
                let modes = DatabaseTLS.allCases.map(\.rawValue).joined(separator: ", ")
                throw ConfigurationError(description: "SOTUBE_DATABASE_TLS must be one of: \(modes)")
            }
            configuration.databaseTLS = mode
        }
        configuration.databaseStatementTimeoutMs =
            try reader.int(nil, flag: nil, variable: "SOTUBE_DATABASE_STATEMENT_TIMEOUT_MS", in: 0...86_400_000)
            ?? configuration.databaseStatementTimeoutMs
        if let cost = try reader.int(nil, flag: nil, variable: "SOTUBE_BCRYPT_COST", in: 4...31) {
            configuration.bcryptCost = UInt8(cost)
        }
        let seconds = try reader.int(
            flags.previewSeconds, flag: "--preview-seconds", variable: "SOTUBE_PREVIEW_SECONDS",
            in: previewSecondsRange)
        if let seconds { configuration.preview = PreviewPolicy(seconds: seconds) }
        if environment["SOTUBE_DEMO"] == "0" { configuration.seedsDemoCatalog = false }
        if let chart = environment["SOTUBE_CHARTJS"] { configuration.chartLibrary = URL(fileURLWithPath: chart) }
        // The sandbox's test cards are public: selling "coins" with them is on by default only for the
        // demo store.
        if let text = flags.payments ?? environment["SOTUBE_PAYMENTS"] {
            guard let mode = PaymentsMode(rawValue: text) else {
                let modes = PaymentsMode.allCases.map(\.rawValue).joined(separator: ", ")
                throw ConfigurationError(description: "--payments (SOTUBE_PAYMENTS) must be one of: \(modes)")
            }
            configuration.payments = mode
        } else if !configuration.seedsDemoCatalog {
            configuration.payments = .off
        }
        if configuration.payments == .stripe {
            configuration.stripe = try StripeSettings.resolve(environment: environment)
        }
        configuration.mail = try MailSettings.resolve(environment: environment)
        configuration.signIn = try SignInSettings.resolve(environment: environment)
        configuration.peoplePerAddress =
            try reader.int(nil, flag: nil, variable: "SOTUBE_PEOPLE_PER_ADDRESS", in: 1...10_000)
            ?? configuration.peoplePerAddress
        if let transcodes = try reader.int(nil, flag: nil, variable: "SOTUBE_TRANSCODES", in: 1...1000) {
            configuration.transcodes = transcodes
        }
        configuration.transcodesPerUser =
            try reader.int(nil, flag: nil, variable: "SOTUBE_TRANSCODES_PER_USER", in: 1...100)
            ?? configuration.transcodesPerUser
        configuration.trustedProxies = Set(
            (environment["SOTUBE_TRUSTED_PROXIES"] ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty })
        if let key = environment["SOTUBE_SECRET_KEY"] {
            guard key.utf8.count >= 32 else {
                throw ConfigurationError(description: "SOTUBE_SECRET_KEY must be at least 32 characters")
            }
            configuration.secretKey = Array(key.utf8)
        }
        configuration.mediaRoot = environment["SOTUBE_MEDIA_ROOT"].map { URL(fileURLWithPath: $0) }
        configuration.outboxRoot = environment["SOTUBE_OUTBOX_DIR"].map { URL(fileURLWithPath: $0) }
        configuration.publicBaseURL = environment["SOTUBE_PUBLIC_URL"].map { String($0.trimmingSuffix("/")) }
        configuration.publicDirectory = flags.publicDirectory.map { URL(fileURLWithPath: $0) }
        if flags.verbose { configuration.logLevel = .debug }
        return configuration
    }
}

/// Reads whole numbers from a flag or an environment variable, checking their range.
private struct SettingReader {
    let environment: [String: String]

    func int(_ flag: Int?, flag flagName: String?, variable: String, in range: ClosedRange<Int>) throws -> Int? {
        if let flag {
            guard range.contains(flag) else {
                throw ConfigurationError(
                    description: "\(flagName ?? variable) must be between \(range.lowerBound) and \(range.upperBound)")
            }
            return flag
        }
        guard let text = environment[variable] else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw ConfigurationError(
                description:
                    "\(variable) must be a whole number between \(range.lowerBound) and \(range.upperBound), not '\(text)'"
            )
        }
        return value
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: Character) -> Substring {
        var text = Substring(self)
        while text.last == suffix { text = text.dropLast() }
        return text
    }
}
