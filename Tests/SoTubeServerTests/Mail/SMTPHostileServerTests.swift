import Logging
import NIOCore
import NIOPosix
import Testing

@testable import SoTubeServer

/// A fake server on loopback that plays a script: the first entry on connect, then one entry per line
/// received. "<close>" closes the connection, "<silent>" sends nothing.
final class ScriptedServerHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
    private var script: [String]
    private var pending = ""
    private var inData = false

    init(script: [String]) { self.script = script }

    func channelActive(context: ChannelHandlerContext) { playNext(context: context) }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        pending += String(buffer: unwrapInboundIn(data))
        while let newline = pending.firstIndex(where: \.isNewline) {  // "\r\n" is one Character
            let line = pending[..<newline].trimmingCharacters(in: .whitespacesAndNewlines)
            pending = String(pending[pending.index(after: newline)...])
            if inData {
                if line == "." { inData = false } else { continue }
            } else if line == "DATA" {
                inData = true
            }
            playNext(context: context)
        }
    }

    private func playNext(context: ChannelHandlerContext) {
        guard !script.isEmpty else { return }
        let step = script.removeFirst()
        switch step {
        case "<close>": context.close(promise: nil)
        case "<silent>": break
        default: context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: step)), promise: nil)
        }
    }
}

@Suite(.serialized) struct SMTPHostileServerTests {
    let group = MultiThreadedEventLoopGroup.singleton

    /// Sends one mail to a scripted server and returns the error (nil on success).
    func send(url: String = "smtp://127.0.0.1", _ script: [String]) async throws -> SMTPError? {
        let server = try await ServerBootstrap(group: group)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ScriptedServerHandler(script: script))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(server.localAddress?.port)
        var settings = try SMTPSettings(url: url.replacingOccurrences(of: "127.0.0.1", with: "127.0.0.1:\(port)"))
        // Generous: a busy machine must not turn a scripted reply into a timeout.
        settings.replyTimeout = .seconds(2)
        let client = SMTPClient(settings: settings, eventLoopGroup: group, logger: Logger(label: "hostile"))
        defer { server.close(promise: nil) }
        do {
            try await client.send(from: "a@sotube.example", to: ["b@example.com"], message: "Subject: x\r\n\r\nhi\r\n")
            return nil
        } catch let error as SMTPError {
            return error
        }
    }

    let ok = ["220 hi\r\n", "250 hi\r\n", "250 ok\r\n", "250 ok\r\n", "354 go\r\n", "250 queued\r\n", "221 bye\r\n"]

    @Test func happyPathAndHELOFallback() async throws {
        #expect(try await send(ok) == nil)
        let helo = ["220 hi\r\n", "502 no EHLO\r\n", "250 hello\r\n"] + ok.dropFirst(2)
        #expect(try await send(helo) == nil)
    }

    @Test func rejectionsCarryTheServersWords() async throws {
        let rcpt = try await send([
            "220 hi\r\n", "250-hi\r\n250 8BITMIME\r\n", "250 ok\r\n", "450-4.2.1 mailbox\r\n450 4.2.1 busy\r\n",
        ])
        #expect(rcpt == .rejected(code: 450, message: "4.2.1 mailbox 4.2.1 busy", command: "RCPT TO:<b@example.com>"))
        let greeting = try await send(["554 5.3.2 go away\r\n"])
        #expect(greeting == .rejected(code: 554, message: "5.3.2 go away", command: "greeting"))
        let data = try await send(Array(ok.prefix(5)) + ["552 5.3.4 too big\r\n"])
        #expect(data == .rejected(code: 552, message: "5.3.4 too big", command: "end of DATA"))
    }

    @Test func garbageAndOverlongReplies() async throws {
        guard case .protocolViolation? = try await send(["HTTP/1.1 400 Bad Request\r\n"]) else {
            Issue.record("garbage greeting accepted")
            return
        }
        guard case .protocolViolation? = try await send([String(repeating: "2", count: 70_000)]) else {
            Issue.record("overlong reply accepted")
            return
        }
        guard case .protocolViolation? = try await send(["220 hi\r\n250 one\r\n"]) else {
            Issue.record("unsolicited reply accepted")
            return
        }
    }

    @Test func earlyCloseAndSilence() async throws {
        for script in [["<close>"], ["220 hi\r\n", "<close>"], ["220 hi\r\n", "250-hi\r\n25"], ["<silent>"]] {
            let error = try await send(script)
            guard case .connection? = error else {
                Issue.record("\(script): expected a connection error, got \(String(describing: error))")
                continue
            }
        }
    }

    @Test func startTLSIsRequiredWhenCredentialsAreGiven() async throws {
        let error = try await send(url: "smtp://u:p@127.0.0.1", ["220 hi\r\n", "250-hi\r\n250 AUTH PLAIN\r\n"])
        guard case .protocolViolation(let reason)? = error else {
            Issue.record("sent without STARTTLS: \(String(describing: error))")
            return
        }
        #expect(reason.contains("STARTTLS"))
    }

    @Test func plaintextInjectedAfterSTARTTLSIsRefused() async throws {
        let script = ["220 hi\r\n", "250-hi\r\n250 STARTTLS\r\n", "220 go ahead\r\n250 injected"]
        guard case .protocolViolation? = try await send(url: "smtp://u:p@127.0.0.1", script) else {
            Issue.record("injected plaintext not detected")
            return
        }
    }

    @Test func badAddressesNeverReachTheServer() async throws {
        let client = SMTPClient(
            settings: try SMTPSettings(url: "smtp://127.0.0.1:1"), eventLoopGroup: group, logger: Logger(label: "x"))
        for (from, to) in [("a@b.c", ["x@y.z>\r\nRSET"]), ("a@b.c\r\nRCPT TO:<evil@x>", ["x@y.z"]), ("a@b.c", [])] {
            await #expect(throws: SMTPError.self) { try await client.send(from: from, to: to, message: "x") }
        }
    }
}
