import Foundation
import Logging
import NIOCore
import NIOPosix
import Testing

@testable import SoTubeServer

let russianSubject = "Ваш чек: 100 монет"

func receiptMessage(boundary: String = "=_test_boundary_42") -> MIMEMessage {
    MIMEMessage(
        fromName: "SoTube Магазин", fromAddress: "noreply@sotube.example", toName: "Иван Петров",
        toAddress: "ivan@example.com", subject: russianSubject,
        textBody: "Здравствуйте!\n\nВы купили 100 монет.\n.строка с точкой\nЦена = 99,00 ₽ \n",
        htmlBody: "<p>Здравствуйте!</p>\n<p>Вы купили <b>100 монет</b>.</p>\n" + String(repeating: "ж", count: 120)
            + "\n",
        date: Date(timeIntervalSince1970: 1_772_528_707), messageID: "receipt-1@sotube.example", language: "ru",
        boundary: boundary)
}

func expectMatches(_ parsed: ParsedMail, _ message: MIMEMessage, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(parsed.subject == message.subject, sourceLocation: sourceLocation)
    #expect(parsed.fromName == message.fromName, sourceLocation: sourceLocation)
    #expect(parsed.fromAddress == message.fromAddress, sourceLocation: sourceLocation)
    #expect(parsed.toName == (message.toName ?? ""), sourceLocation: sourceLocation)
    #expect(parsed.toAddress == message.toAddress, sourceLocation: sourceLocation)
    #expect(parsed.language == message.language, sourceLocation: sourceLocation)
    #expect(parsed.messageID == "<\(message.messageID)>", sourceLocation: sourceLocation)
    #expect(parsed.date == "2026-03-03T09:05:07+00:00", sourceLocation: sourceLocation)
    #expect(parsed.defects.isEmpty, "\(parsed.defects)", sourceLocation: sourceLocation)
    if let html = message.htmlBody {
        #expect(parsed.contentType == "multipart/alternative", sourceLocation: sourceLocation)
        #expect(parsed.parts.map(\.type) == ["text/plain", "text/html"], sourceLocation: sourceLocation)
        #expect(parsed.parts.map(\.charset) == ["utf-8", "utf-8"], sourceLocation: sourceLocation)
        #expect(parsed.parts.first?.text == message.textBody, sourceLocation: sourceLocation)
        #expect(parsed.parts.last?.text == html, sourceLocation: sourceLocation)
    } else {
        #expect(parsed.parts.map(\.type) == ["text/plain"], sourceLocation: sourceLocation)
        #expect(parsed.parts.first?.text == message.textBody, sourceLocation: sourceLocation)
    }
}

@Suite struct MIMEPythonRoundTripTests {
    @Test func russianMultipartParsesInPython() throws {
        let message = receiptMessage()
        expectMatches(try parseWithPython(rendered: message.render()), message)
    }

    @Test func singlePartAndLongNames() throws {
        var message = receiptMessage()
        message.htmlBody = nil
        message.fromName = String(repeating: "Очень длинное имя отправителя ", count: 4).trimmingCharacters(
            in: .whitespaces)
        message.subject = String(repeating: "Тема 👨‍👩‍👧 ", count: 12) + "end"
        message.toName = "Doe, John (\"JD\")"
        let parsed = try parseWithPython(rendered: message.render())
        #expect(parsed.fromRFC2047 == "\(message.fromName) <\(message.fromAddress)>")
        // policy.default puts a space between the encoded words of a long display name (a Python quirk).
        #expect(
            parsed.fromName.replacingOccurrences(of: " ", with: "")
                == message.fromName.replacingOccurrences(of: " ", with: ""))
        var expected = message
        expected.fromName = parsed.fromName
        expectMatches(parsed, expected)
    }
}

@Suite(.serialized) struct SMTPIntegrationTests {
    static let group = MultiThreadedEventLoopGroup.singleton
    let logger = Logger(label: "smtp-test")

    func client(_ url: String, caFile: Bool = true) throws -> SMTPClient {
        let ca = try caFile ? testCertificate.get().cert : nil
        return SMTPClient(
            settings: try SMTPSettings(url: url, trustRootsPEMPath: ca), eventLoopGroup: Self.group, logger: logger)
    }

    func sendAndCheck(_ client: SMTPClient, _ server: RunningSMTPServer) async throws {
        let message = receiptMessage()
        try await client.send(
            from: message.fromAddress, to: [message.toAddress, "copy@example.com"], message: message.render())
        let files = try server.messages()
        #expect(files.map(\.lastPathComponent) == ["1.eml"])
        let parsed = try parseWithPython(file: try #require(files.first))
        expectMatches(parsed, message)
        #expect(parsed.envelopeTo == "<ivan@example.com>, <copy@example.com>")
    }

    @Test func startTLSWithAuthPlain() async throws {
        try await withSMTPServer(mode: "starttls") { server in
            // The password has a space, so it is percent-encoded; the host name is checked against DNS:localhost.
            try await sendAndCheck(client("smtp://mailer:s3cret%20pass@localhost:\(server.port)"), server)
        }
    }

    @Test func startTLSWithAuthLogin() async throws {
        try await withSMTPServer(mode: "starttls", extra: ["--auth-exclude", "PLAIN"]) { server in
            try await sendAndCheck(client("smtp://mailer:s3cret%20pass@127.0.0.1:\(server.port)"), server)
        }
    }

    @Test func implicitTLS() async throws {
        try await withSMTPServer(mode: "implicit") { server in
            try await sendAndCheck(client("smtps://mailer:s3cret%20pass@127.0.0.1:\(server.port)"), server)
        }
    }

    @Test func plainOnLoopback() async throws {
        try await withSMTPServer(mode: "plain", auth: nil) { server in
            try await sendAndCheck(client("smtp://127.0.0.1:\(server.port)"), server)
        }
    }

    @Test func wrongPasswordIs535() async throws {
        try await withSMTPServer(mode: "starttls") { server in
            let error = await #expect(throws: SMTPError.self) {
                try await client("smtp://mailer:wrong@localhost:\(server.port)")
                    .send(from: "a@sotube.example", to: ["b@example.com"], message: "Subject: x\r\n\r\nx\r\n")
            }
            guard case .rejected(let code, let message, let command)? = error else {
                Issue.record("expected rejected, got \(String(describing: error))")
                return
            }
            #expect(code == 535 && command == "AUTH PLAIN")
            #expect(message == "5.7.8 Authentication credentials invalid")
            let received = try server.messages()
            #expect(received.isEmpty)
        }
    }

    @Test func untrustedCertificateFails() async throws {
        for (mode, scheme) in [("starttls", "smtp"), ("implicit", "smtps")] {
            try await withSMTPServer(mode: mode) { server in
                let error = await #expect(throws: SMTPError.self) {
                    try await client("\(scheme)://mailer:s3cret%20pass@localhost:\(server.port)", caFile: false)
                        .send(from: "a@sotube.example", to: ["b@example.com"], message: "x\r\n")
                }
                guard case .connection(let reason)? = error else {
                    Issue.record("expected a connection error, got \(String(describing: error))")
                    return
                }
                #expect(reason.contains("TLS") || reason.contains("SSL"), "\(reason)")
                let received = try server.messages()
                #expect(received.isEmpty)
            }
        }
    }

    @Test func serverDownIsConnectionError() async throws {
        let listener = try await ServerBootstrap(group: Self.group).bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(listener.localAddress?.port)
        try await listener.close()
        let error = await #expect(throws: SMTPError.self) {
            try await client("smtp://127.0.0.1:\(port)").send(from: "a@b.example", to: ["c@d.example"], message: "x")
        }
        guard case .connection? = error else {
            Issue.record("expected a connection error, got \(String(describing: error))")
            return
        }
    }
}
