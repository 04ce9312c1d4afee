import Foundation
import Logging
import SoTubeCore

public struct MailMessage: Sendable, Equatable {
    public var to: String
    public var subject: String
    public var body: String
}

/// Sends mail. The default writes each message to an outbox folder; SMTP would be another one.
public protocol Mailer: Sendable {
    func send(_ message: MailMessage) async throws
}

/// Writes each message as an RFC 5322 `.eml` file (mode 0600) under `directory` and logs its path.
public struct OutboxMailer: Mailer {
    public let directory: URL
    public let from: String
    let logger: Logger
    let clock: any SoTubeClock

    public init(
        directory: URL, from: String = "SoTube <no-reply@sotube.local>", logger: Logger,
        clock: any SoTubeClock
    ) {
        self.directory = directory
        self.from = from
        self.logger = logger
        self.clock = clock
    }

    public func send(_ message: MailMessage) async throws {
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: PrivateDataFolder.folderMode])
        let now = clock.now()
        let id = UUID().uuidString.lowercased()
        let file = directory.appendingPathComponent("\(now.epochMillisString)-\(id).eml")
        // A reset link is a key to the account: the file is the server's alone (0600).
        try PrivateDataFolder.createPrivateFile(
            atPath: file.path, contents: Data(Self.render(message, from: from, date: now, id: id).utf8))
        logger.info("mail written to outbox", metadata: ["path": "\(file.path)", "to": "\(message.to)"])
    }

    /// RFC 5322 text: CRLF line ends, a Date and Message-ID, UTF-8 body.
    static func render(_ message: MailMessage, from: String, date: Date, id: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        let headers = [
            "From: \(from)",
            "To: \(message.to)",
            "Subject: \(message.subject)",
            "Date: \(formatter.string(from: date))",
            "Message-ID: <\(id)@sotube.local>",
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: 8bit",
        ]
        let body = message.body.replacingOccurrences(of: "\r\n", with: "\n")
            .replacingOccurrences(of: "\n", with: "\r\n")
        return headers.joined(separator: "\r\n") + "\r\n\r\n" + body + "\r\n"
    }
}

extension Date {
    var epochMillisString: String { String(Int64(timeIntervalSince1970 * 1000)) }
}
