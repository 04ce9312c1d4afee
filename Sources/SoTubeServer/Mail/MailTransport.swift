import Foundation
import Logging
import NIOCore
import SoTubeCore

/// Where the delivery hands a rendered message: an SMTP server, or the outbox folder.
public protocol MailTransport: Sendable {
    /// A short name for logs and `sotube mail list` ("smtp mail.example.com:587", "outbox").
    var name: String { get }
    /// Whether bodies may be raw UTF-8 (a file people read) rather than quoted-printable (the wire).
    var eightBit: Bool { get }
    func deliver(_ rendered: String, from: MailAddress, to address: String) async throws
}

/// Hands each message to an SMTP server (STARTTLS, implicit TLS, or plain on loopback only).
public struct SMTPTransport: MailTransport {
    let settings: SMTPSettings
    let client: SMTPClient
    public var name: String { "smtp \(settings.host):\(settings.port)" }
    public var eightBit: Bool { false }

    public init(settings: SMTPSettings, eventLoopGroup: any EventLoopGroup, logger: Logger) {
        self.settings = settings
        self.client = SMTPClient(settings: settings, eventLoopGroup: eventLoopGroup, logger: logger)
    }

    public func deliver(_ rendered: String, from: MailAddress, to address: String) async throws {
        try await client.send(from: from.address, to: [address], message: rendered)
    }
}

/// Writes each message as an RFC 5322 `.eml` file (mode 0600) under `directory`: the demo's mail
/// server, and what a store without SMTP settings keeps.
public struct OutboxTransport: MailTransport {
    public let directory: URL
    let logger: Logger
    public var name: String { "outbox" }
    public var eightBit: Bool { true }

    public init(directory: URL, logger: Logger) {
        self.directory = directory
        self.logger = logger
    }

    public func deliver(_ rendered: String, from: MailAddress, to address: String) async throws {
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: PrivateDataFolder.folderMode])
        let name = "\(Date().epochMillisString)-\(UUID().uuidString.lowercased()).eml"
        let file = directory.appendingPathComponent(name)
        // A reset link is a key to the account: the file is the server's alone (0600).
        try PrivateDataFolder.createPrivateFile(atPath: file.path, contents: Data(rendered.utf8))
        logger.info("mail written to outbox", metadata: ["path": "\(file.path)", "to": "\(address)"])
    }
}

extension Date {
    var epochMillisString: String { String(Int64(timeIntervalSince1970 * 1000)) }
}
