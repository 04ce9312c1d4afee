import Foundation

/// Stripe's keys and addresses (`SOTUBE_PAYMENTS=stripe`). The API and Stripe.js addresses default
/// to Stripe's own; tests point both at a local stand-in (localstripe).
public struct StripeSettings: Sendable, Equatable {
    public var secretKey: String
    public var publishableKey: String
    public var webhookSecret: String
    public var apiURL: String = "https://api.stripe.com"
    public var jsURL: String = "https://js.stripe.com/v3/"

    public init(
        secretKey: String, publishableKey: String, webhookSecret: String, apiURL: String = "https://api.stripe.com",
        jsURL: String = "https://js.stripe.com/v3/"
    ) {
        self.secretKey = secretKey
        self.publishableKey = publishableKey
        self.webhookSecret = webhookSecret
        self.apiURL = apiURL
        self.jsURL = jsURL
    }

    /// Reads and checks the four variables; a missing or malformed one is an error naming it.
    static func resolve(environment: [String: String]) throws -> StripeSettings {
        func key(_ variable: String, prefixes: [String]) throws -> String {
            guard let value = environment[variable]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
                throw ConfigurationError(description: "\(variable) is required when payments are stripe")
            }
            guard prefixes.contains(where: value.hasPrefix), value.utf8.count <= 255,
                value.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
            else {
                let expected = prefixes.map { "\($0)…" }.joined(separator: " or ")
                throw ConfigurationError(description: "\(variable) must look like \(expected)")
            }
            return value
        }
        var settings = StripeSettings(
            secretKey: try key("SOTUBE_STRIPE_SECRET_KEY", prefixes: ["sk_test_", "sk_live_", "rk_test_", "rk_live_"]),
            publishableKey: try key("SOTUBE_STRIPE_PUBLISHABLE_KEY", prefixes: ["pk_test_", "pk_live_"]),
            webhookSecret: try key("SOTUBE_STRIPE_WEBHOOK_SECRET", prefixes: ["whsec_"]))
        if let api = environment["SOTUBE_STRIPE_API_URL"] {
            settings.apiURL = try httpURL(api, variable: "SOTUBE_STRIPE_API_URL")
        }
        if let js = environment["SOTUBE_STRIPE_JS_URL"] {
            settings.jsURL = try httpURL(js, variable: "SOTUBE_STRIPE_JS_URL")
        }
        return settings
    }

    static func httpURL(_ text: String, variable: String) throws -> String {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host != nil
        else { throw ConfigurationError(description: "\(variable) must be an http(s) URL, not \(text)") }
        return text.hasSuffix("/") && variable == "SOTUBE_STRIPE_API_URL" ? String(text.dropLast()) : text
    }

    /// `scheme://host[:port]` of a URL, for the page's Content-Security-Policy.
    static func origin(_ text: String) -> String? {
        guard let url = URL(string: text), let scheme = url.scheme, let host = url.host else { return nil }
        return url.port.map { "\(scheme)://\(host):\($0)" } ?? "\(scheme)://\(host)"
    }

    /// The origins Stripe.js loads from and talks to.
    public var contentSecurityOrigins: [String] {
        var origins = [Self.origin(jsURL), Self.origin(apiURL)].compactMap { $0 }
        if jsURL.hasPrefix("https://js.stripe.com") {
            origins += ["https://m.stripe.network", "https://hooks.stripe.com"]
        }
        return Array(Set(origins)).sorted()
    }
}

/// Where mail goes: an SMTP server (`SOTUBE_SMTP_URL`), or, without one, the outbox folder.
public struct MailSettings: Sendable, Equatable {
    /// `smtp://user:pass@host:587` (STARTTLS), `smtps://…:465`, `smtp://host:25` on loopback only.
    public var smtpURL: String?
    /// An extra certificate authority to trust (PEM), for a mail server with a private certificate.
    public var smtpCAFile: String?
    public var from = "SoTube <no-reply@sotube.local>"
    /// The first retry's delay (then doubling, at most an hour).
    public var retryBase: TimeInterval = 30

    static func resolve(environment: [String: String]) throws -> MailSettings {
        var settings = MailSettings()
        if let url = environment["SOTUBE_SMTP_URL"], !url.isEmpty {
            do {
                _ = try SMTPSettings(url: url, trustRootsPEMPath: nil)
            } catch {
                throw ConfigurationError(description: String(describing: error))
            }
            settings.smtpURL = url
        }
        settings.smtpCAFile = environment["SOTUBE_SMTP_CA_FILE"]
        if let from = environment["SOTUBE_MAIL_FROM"] {
            guard MailAddress.parse(from) != nil else {
                throw ConfigurationError(
                    description: "SOTUBE_MAIL_FROM must be an address, e.g. 'SoTube <shop@example.com>', not \(from)")
            }
            settings.from = from
        }
        if let text = environment["SOTUBE_MAIL_RETRY_SECONDS"] {
            guard let seconds = Double(text), seconds.isFinite, (0.05...3600).contains(seconds) else {
                throw ConfigurationError(description: "SOTUBE_MAIL_RETRY_SECONDS must be between 0.05 and 3600")
            }
            settings.retryBase = seconds
        }
        return settings
    }
}

/// "Name <address>" or a bare address, split.
public struct MailAddress: Sendable, Equatable {
    public var name: String?
    public var address: String

    public init(name: String?, address: String) {
        self.name = name
        self.address = address
    }

    public static func parse(_ text: String) -> MailAddress? {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard !text.contains("\r"), !text.contains("\n") else { return nil }
        if let open = text.lastIndex(of: "<"), text.hasSuffix(">") {
            let address = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
            let name = text[..<open].trimmingCharacters(in: .whitespaces).trimmingCharacters(
                in: CharacterSet(charactersIn: "\""))
            guard isAddress(address) else { return nil }
            return MailAddress(name: name.isEmpty ? nil : name, address: address)
        }
        return isAddress(text) ? MailAddress(name: nil, address: text) : nil
    }

    static func isAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty && !text.contains(" ")
            && text.utf8.count <= 254
    }
}
