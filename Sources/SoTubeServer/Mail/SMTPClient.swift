import Foundation
import Logging
import NIOCore
import NIOSSL

/// Delivers one message per ``send(from:to:message:)`` call over a fresh connection:
/// greeting, EHLO (HELO fallback), STARTTLS and EHLO again, AUTH, MAIL/RCPT/DATA, QUIT.
/// The channel is closed on every path, including errors and task cancellation.
public struct SMTPClient: Sendable {
    public let settings: SMTPSettings
    private let eventLoopGroup: any EventLoopGroup
    private let logger: Logger
    /// Built once: loading the system trust store is not free.
    private let tlsContext: Result<NIOSSLContext, SMTPError>?

    public init(settings: SMTPSettings, eventLoopGroup: any EventLoopGroup, logger: Logger) {
        self.settings = settings
        self.eventLoopGroup = eventLoopGroup
        var logger = logger
        logger[metadataKey: "smtp.server"] = "\(settings.host):\(settings.port)"
        self.logger = logger
        self.tlsContext = settings.security == .plain ? nil : Self.makeTLSContext(settings)
    }

    /// Sends `message` (complete RFC 5322 text, e.g. ``MIMEMessage/render()``) from the bare address `from`
    /// (empty for a null sender) to every address in `to`. Any recipient refused aborts the whole send.
    public func send(from: String, to recipients: [String], message: String) async throws {
        try Self.validate(address: from, allowEmpty: true)
        guard !recipients.isEmpty else { throw SMTPError.invalidMessage("no recipients") }
        for recipient in recipients { try Self.validate(address: recipient, allowEmpty: false) }
        let payload = Self.dataPayload(message)
        let tls = try tlsContext?.get()

        let session = try await SMTPSession.connect(
            settings: settings, group: eventLoopGroup, tls: settings.security == .implicitTLS ? tls : nil,
            logger: logger)
        do {
            try await withTaskCancellationHandler {
                try await converse(session, tls: tls, from: from, to: recipients, payload: payload)
            } onCancel: {
                session.channel.close(promise: nil)
            }
        } catch {
            await session.close()
            logger.debug("mail not sent: \(error)")  // the caller decides how loud a failure is
            throw error
        }
        await session.close()
        logger.debug("mail sent to \(recipients.count) recipient(s)")
    }

    private func converse(
        _ session: SMTPSession, tls: NIOSSLContext?, from: String, to recipients: [String], payload: [UInt8]
    ) async throws {
        try Self.expect(await session.readGreeting(), 220, "greeting")
        var extensions = try await hello(session)
        var encrypted = settings.security == .implicitTLS

        if settings.security == .startTLS {
            guard extensions["STARTTLS"] != nil, let tls else {
                throw SMTPError.protocolViolation(
                    "the server does not offer STARTTLS; refusing to send in plain text (smtps:// uses implicit TLS)")
            }
            try Self.expect(await session.command("STARTTLS"), 220, "STARTTLS")
            try await session.startTLS(context: tls, host: settings.host)
            encrypted = true
            extensions = try await hello(session)
        }

        if let username = settings.username, let password = settings.password {
            guard encrypted else {
                throw SMTPError.protocolViolation("refusing to send credentials over an unencrypted connection")
            }
            try await authenticate(session, extensions: extensions, username: username, password: password)
        }

        let eightBit = payload.contains { $0 >= 0x80 } && extensions["8BITMIME"] != nil
        try Self.expect(
            await session.command("MAIL FROM:<\(from)>" + (eightBit ? " BODY=8BITMIME" : "")), 250, "MAIL FROM")
        for recipient in recipients {
            let reply = try await session.command("RCPT TO:<\(recipient)>")
            guard reply.code == 250 || reply.code == 251 else {
                throw SMTPError.rejected(code: reply.code, message: reply.message, command: "RCPT TO:<\(recipient)>")
            }
        }
        try Self.expect(await session.command("DATA"), 354, "DATA")
        try Self.expect(await session.data(payload), 250, "end of DATA")
        // The message is accepted; a QUIT that goes wrong changes nothing.
        _ = try? await session.command("QUIT", timeout: min(settings.replyTimeout, .seconds(5)))
    }

    /// EHLO, or HELO when the server refuses EHLO with 5xx. Returns the extensions (keyword → parameters).
    private func hello(_ session: SMTPSession) async throws -> [String: String] {
        let ehlo = try await session.command("EHLO \(settings.heloName)")
        if ehlo.code == 250 { return Self.extensions(of: ehlo) }
        guard (500...599).contains(ehlo.code) else {
            throw SMTPError.rejected(code: ehlo.code, message: ehlo.message, command: "EHLO")
        }
        try Self.expect(await session.command("HELO \(settings.heloName)"), 250, "HELO")
        return [:]
    }

    private func authenticate(
        _ session: SMTPSession, extensions: [String: String], username: String, password: String
    ) async throws {
        let mechanisms = Set((extensions["AUTH"] ?? "").uppercased().split(separator: " ").map(String.init))
        if mechanisms.contains("PLAIN") {
            let token = Data("\0\(username)\0\(password)".utf8).base64EncodedString()
            try Self.expect(
                await session.command("AUTH PLAIN \(token)", shown: "AUTH PLAIN ****"), 235, "AUTH PLAIN")
        } else if mechanisms.contains("LOGIN") {
            try Self.expect(await session.command("AUTH LOGIN"), 334, "AUTH LOGIN")
            let user = Data(username.utf8).base64EncodedString()
            try Self.expect(await session.command(user, shown: "****"), 334, "AUTH LOGIN (user name)")
            let pass = Data(password.utf8).base64EncodedString()
            try Self.expect(await session.command(pass, shown: "****"), 235, "AUTH LOGIN")
        } else {
            let offered = mechanisms.isEmpty ? "none" : mechanisms.sorted().joined(separator: " ")
            throw SMTPError.protocolViolation(
                "no supported AUTH mechanism (PLAIN, LOGIN); the server offers: \(offered)")
        }
    }

    static func expect(_ reply: SMTPReply, _ code: Int, _ command: String) throws {
        guard reply.code == code else {
            throw SMTPError.rejected(code: reply.code, message: reply.message, command: command)
        }
    }

    /// Parses EHLO lines after the first (`AUTH PLAIN LOGIN`, and the old `AUTH=LOGIN` form) into keyword → params.
    static func extensions(of reply: SMTPReply) -> [String: String] {
        var result: [String: String] = [:]
        for line in reply.lines.dropFirst() {
            let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            guard let first = parts.first else { continue }
            var keyword = String(first).uppercased()
            var params = parts.count > 1 ? String(parts[1]) : ""
            if keyword.hasPrefix("AUTH=") {
                params = String(keyword.dropFirst(5)) + " " + params
                keyword = "AUTH"
            }
            result[keyword] = [result[keyword], params].compactMap { $0 }.joined(separator: " ")
        }
        return result
    }

    /// Envelope addresses: ASCII, no spaces, brackets or control characters (no command injection).
    static func validate(address: String, allowEmpty: Bool) throws {
        if address.isEmpty {
            guard allowEmpty else { throw SMTPError.invalidMessage("empty recipient address") }
            return
        }
        let forbidden = Set("<> \t\r\n\"(),;\\".unicodeScalars)
        let ok =
            address.unicodeScalars.count <= 254
            && address.unicodeScalars.allSatisfy {
                $0.isASCII && $0.value > 0x20 && $0.value < 0x7F && !forbidden.contains($0)
            }
            && address.contains("@")
        guard ok else { throw SMTPError.invalidMessage("invalid envelope address '\(address.debugDescription)'") }
    }

    /// The DATA payload: line ends normalised to CRLF (a bare CR or LF becomes CRLF, so no SMTP smuggling),
    /// lines starting with "." get a second one (RFC 5321 §4.5.2), then the terminating CRLF.CRLF.
    public static func dataPayload(_ message: String) -> [UInt8] {
        let cr = UInt8(ascii: "\r")
        let lf = UInt8(ascii: "\n")
        let dot = UInt8(ascii: ".")
        var out: [UInt8] = []
        out.reserveCapacity(message.utf8.count + 64)
        var atLineStart = true
        var previousWasCR = false
        for byte in message.utf8 {
            if byte == lf && previousWasCR {
                previousWasCR = false
                continue  // the CRLF was already written when the CR was seen
            }
            previousWasCR = byte == cr
            if byte == cr || byte == lf {
                out.append(contentsOf: [cr, lf])
                atLineStart = true
                continue
            }
            if atLineStart && byte == dot { out.append(dot) }
            out.append(byte)
            atLineStart = false
        }
        if !atLineStart { out.append(contentsOf: [cr, lf]) }
        out.append(contentsOf: [dot, cr, lf])
        return out
    }

    private static func makeTLSContext(_ settings: SMTPSettings) -> Result<NIOSSLContext, SMTPError> {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .fullVerification
        if let path = settings.trustRootsPEMPath {
            configuration.additionalTrustRoots = [.file(path)]
        }
        do {
            return .success(try NIOSSLContext(configuration: configuration))
        } catch {
            let source = settings.trustRootsPEMPath.map { " (SOTUBE_SMTP_CA_FILE=\($0))" } ?? ""
            return .failure(.connection("cannot set up TLS\(source): \(error)"))
        }
    }
}
