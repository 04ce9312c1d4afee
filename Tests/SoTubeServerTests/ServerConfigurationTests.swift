import Foundation
import SoTubeServer
import SoTubeStoreSQL
import Testing

/// One configuration, read once: flags over `SOTUBE_*` variables over defaults, and an unusable value
/// is an error that names it instead of a silent default.
@Suite struct ServerConfigurationTests {
    @Test func defaultsAreTheEmbeddedStore() throws {
        let configuration = try ServerConfiguration.resolve(ConfigurationFlags(), environment: [:])
        #expect(configuration.port == 8080 && configuration.host == "0.0.0.0")
        #expect(configuration.database.location == "data/sotube.sqlite".asAbsolutePath)
        #expect(!configuration.database.isPostgres)
        #expect(configuration.preview.seconds == 30 && configuration.seedsDemoCatalog)
        #expect(configuration.bcryptCost == 12)
    }

    /// Each default is written once, in the struct: with nothing set, `resolve` gives exactly the
    /// struct's defaults (the bind address was 0.0.0.0 from `resolve` but 127.0.0.1 in the struct).
    @Test func resolveWithNothingSetGivesTheStructsDefaults() throws {
        let resolved = try ServerConfiguration.resolve(ConfigurationFlags(), environment: [:])
        #expect(resolved == ServerConfiguration())
        #expect(ServerConfiguration().host == "0.0.0.0")
        var verbose = ConfigurationFlags()
        verbose.verbose = true
        #expect(try ServerConfiguration.resolve(verbose, environment: [:]).logLevel == .debug)
    }

    /// The sandbox's test cards are public: coins are sold with them only in the demo store, or when
    /// asked for.
    @Test func paymentsAreOnOnlyForTheDemoStoreUnlessChosen() throws {
        #expect(try ServerConfiguration.resolve(ConfigurationFlags(), environment: [:]).payments == .sandbox)
        #expect(
            try ServerConfiguration.resolve(ConfigurationFlags(), environment: ["SOTUBE_DEMO": "0"]).payments == .off)
        let chosen = ["SOTUBE_DEMO": "0", "SOTUBE_PAYMENTS": "sandbox"]
        #expect(try ServerConfiguration.resolve(ConfigurationFlags(), environment: chosen).payments == .sandbox)
        var flags = ConfigurationFlags()
        flags.payments = "off"
        #expect(try ServerConfiguration.resolve(flags, environment: chosen).payments == .off)
        flags.payments = "stripe"
        #expect(throws: ConfigurationError.self) { try ServerConfiguration.resolve(flags, environment: [:]) }
    }

    @Test func flagsWinOverTheEnvironment() throws {
        var flags = ConfigurationFlags()
        flags.port = 9000
        flags.previewSeconds = 20
        let environment = [
            "SOTUBE_PORT": "9100", "SOTUBE_PREVIEW_SECONDS": "45", "SOTUBE_DEMO": "0", "SOTUBE_BCRYPT_COST": "4",
            "SOTUBE_DATABASE_URL": "postgres://u@127.0.0.1:5432/s", "SOTUBE_DATABASE_POOL_SIZE": "4",
            "SOTUBE_DATABASE_TLS": "verify-full", "SOTUBE_PUBLIC_URL": "https://music.example/",
            "SOTUBE_DATABASE_STATEMENT_TIMEOUT_MS": "5000",
        ]
        let configuration = try ServerConfiguration.resolve(flags, environment: environment)
        #expect(configuration.port == 9000 && configuration.preview.seconds == 20)
        #expect(!configuration.seedsDemoCatalog && configuration.bcryptCost == 4)
        #expect(
            configuration.database
                == DatabaseSettings(
                    location: "postgres://u@127.0.0.1:5432/s", poolSize: 4, tls: .verifyFull, statementTimeoutMs: 5000))
        #expect(configuration.baseURL == "https://music.example")
        #expect(try ServerConfiguration.resolve(ConfigurationFlags(), environment: environment).preview.seconds == 45)
    }

    @Test(arguments: [
        ("SOTUBE_PORT", "eighty"), ("SOTUBE_PORT", "70000"), ("SOTUBE_PREVIEW_SECONDS", "2"),
        ("SOTUBE_BCRYPT_COST", "40"), ("SOTUBE_DATABASE_TLS", "maybe"), ("SOTUBE_DATABASE_URL", "mysql://x"),
        ("SOTUBE_DATABASE_POOL_SIZE", "0"), ("SOTUBE_DATABASE_STATEMENT_TIMEOUT_MS", "-1"),
    ])
    func unusableValuesAreErrorsNamingThem(_ variable: String, _ value: String) {
        #expect {
            try ServerConfiguration.resolve(ConfigurationFlags(), environment: [variable: value])
        } throws: { error in
            "\(error)".contains(variable == "SOTUBE_DATABASE_URL" ? "postgres://" : variable)
        }
    }
}

extension String {
    fileprivate var asAbsolutePath: String { URL(fileURLWithPath: self).path }
}
