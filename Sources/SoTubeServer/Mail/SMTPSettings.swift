import Foundation
import NIOCore

/// Where and how to deliver mail, parsed from `SOTUBE_SMTP_URL`.
///
/// - `smtps://user:pass@host:465`: implicit TLS (port 465 by default).
/// - `smtp://user:pass@host:587`: STARTTLS, required (port 587 by default); the client refuses to send when the
///   server does not offer it.
/// - `smtp://host:25`: plain SMTP without credentials, for a relay on loopback only (port 25 by default).
///   `?tls=plain` says so explicitly and is refused for any other host; `?tls=starttls` asks for STARTTLS
///   without credentials (an internal relay that needs no AUTH).
///
/// User and password are percent-decoded, so a `@` or `:` in a password is written `%40` or `%3A`.
public struct SMTPSettings: Sendable, Equatable, CustomStringConvertible {
    public enum Security: String, Sendable, Equatable {
        /// Plain connection, upgraded with STARTTLS before anything else is said; refused if not offered.
        case startTLS
        /// TLS from the first byte (smtps, port 465).
        case implicitTLS
        /// No encryption at all; only ever for loopback hosts and never with credentials.
        case plain
    }

    public var host: String
    public var port: Int
    public var security: Security
    public var username: String?
    public var password: String?
    /// A PEM file of CA certificates trusted in addition to the system roots (`SOTUBE_SMTP_CA_FILE`).
    public var trustRootsPEMPath: String?
    /// The name this client gives in EHLO/HELO.
    public var heloName: String
    public var connectTimeout: TimeAmount = .seconds(10)
    /// How long to wait for each single server reply.
    public var replyTimeout: TimeAmount = .seconds(30)

    /// Parses a URL such as `smtp://user:pass@smtp.example.com:587`.
    /// - Throws: ``SMTPError/invalidURL(_:)`` with a reason meant for the operator.
    public init(url: String, trustRootsPEMPath: String? = nil, heloName: String = "localhost") throws {
        guard let components = URLComponents(string: url.trimmingCharacters(in: .whitespaces)) else {
            throw SMTPError.invalidURL("not a URL (expected smtp://user:password@host:587 or smtps://…)")
        }
        let scheme = components.scheme?.lowercased() ?? ""
        guard scheme == "smtp" || scheme == "smtps" else {
            throw SMTPError.invalidURL("scheme must be smtp or smtps, got '\(scheme)'")
        }
        var host = components.host ?? ""
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { throw SMTPError.invalidURL("the URL has no host") }
        guard !host.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) else {
            throw SMTPError.invalidURL("the host contains spaces or control characters")
        }
        guard components.path.isEmpty || components.path == "/", components.fragment == nil else {
            throw SMTPError.invalidURL("a path or fragment is not allowed")
        }
        let user = components.user ?? ""
        let password = components.password ?? ""
        let hasCredentials = !user.isEmpty || !password.isEmpty
        if hasCredentials && (user.isEmpty || password.isEmpty) {
            throw SMTPError.invalidURL("give both a user and a password, or neither")
        }
        let loopback = Self.isLoopback(host)
        var tlsOption: String?
        for item in components.queryItems ?? [] {
            guard item.name.lowercased() == "tls", let value = item.value?.lowercased(), tlsOption == nil else {
                throw SMTPError.invalidURL("unsupported query '\(item.name)' (only one ?tls=plain|starttls)")
            }
            tlsOption = value
        }

        let security: Security
        switch (scheme, tlsOption) {
        case ("smtps", nil): security = .implicitTLS
        case ("smtps", _): throw SMTPError.invalidURL("smtps:// always uses TLS; remove ?tls=")
        case ("smtp", "starttls"?): security = .startTLS
        case ("smtp", "plain"?):
            guard loopback else {
                throw SMTPError.invalidURL("?tls=plain is allowed only for a loopback host, not '\(host)'")
            }
            security = .plain
        case ("smtp", nil): security = hasCredentials ? .startTLS : .plain
        default: throw SMTPError.invalidURL("?tls= must be plain or starttls")
        }
        if security == .plain {
            guard loopback else {
                throw SMTPError.invalidURL(
                    "plain SMTP without TLS is allowed only to a loopback host, not '\(host)';"
                        + " use smtps://, smtp://user:password@host:587 or ?tls=starttls")
            }
            guard !hasCredentials else {
                throw SMTPError.invalidURL("credentials are never sent without TLS; drop ?tls=plain")
            }
        }

        let defaultPort = security == .implicitTLS ? 465 : (hasCredentials ? 587 : 25)
        let port = components.port ?? defaultPort
        guard (1...65535).contains(port) else { throw SMTPError.invalidURL("port \(port) is out of range") }
        guard !heloName.isEmpty, heloName.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
            throw SMTPError.invalidURL("the HELO name must be ASCII without spaces")
        }

        self.host = host
        self.port = port
        self.security = security
        self.username = hasCredentials ? user : nil
        self.password = hasCredentials ? password : nil
        self.trustRootsPEMPath = trustRootsPEMPath.flatMap { $0.isEmpty ? nil : $0 }
        self.heloName = heloName
    }

    /// Reads `SOTUBE_SMTP_URL` and `SOTUBE_SMTP_CA_FILE`; `nil` when no URL is set (mail disabled).
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment, heloName: String = "localhost"
    ) throws -> SMTPSettings? {
        guard let url = environment["SOTUBE_SMTP_URL"], !url.isEmpty else { return nil }
        return try SMTPSettings(url: url, trustRootsPEMPath: environment["SOTUBE_SMTP_CA_FILE"], heloName: heloName)
    }

    /// Redacts the password.
    public var description: String {
        let scheme = security == .implicitTLS ? "smtps" : "smtp"
        let auth = username.map { "\($0):***@" } ?? ""
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(scheme)://\(auth)\(shownHost):\(port) (\(security.rawValue))"
    }

    /// `localhost`, 127.0.0.0/8 or ::1 (also written in full or as ::ffff:127.x.y.z).
    public static func isLoopback(_ host: String) -> Bool {
        let lowered = host.lowercased()
        if lowered == "localhost" || lowered == "localhost." { return true }
        if let v4 = ipv4Bytes(lowered) { return v4[0] == 127 }
        if let v6 = ipv6Bytes(lowered) {
            if v6 == [UInt8](repeating: 0, count: 15) + [1] { return true }
            return v6.prefix(12) == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF] && v6[12] == 127
        }
        return false
    }

    /// True when `host` is an IPv4 or IPv6 literal (those cannot be sent as TLS SNI).
    public static func isIPAddress(_ host: String) -> Bool {
        ipv4Bytes(host) != nil || ipv6Bytes(host) != nil
    }

    static func ipv4Bytes(_ host: String) -> [UInt8]? {
        var address = in_addr()
        guard inet_pton(AF_INET, host, &address) == 1 else { return nil }
        return withUnsafeBytes(of: &address) { Array($0) }
    }

    static func ipv6Bytes(_ host: String) -> [UInt8]? {
        var address = in6_addr()
        guard inet_pton(AF_INET6, host, &address) == 1 else { return nil }
        return withUnsafeBytes(of: &address) { Array($0) }
    }
}
