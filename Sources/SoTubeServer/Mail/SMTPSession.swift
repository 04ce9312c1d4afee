import Logging
import NIOCore
import NIOPosix
import NIOSSL

/// A connected SMTP channel, usable from async code. Sendable: the handler is only touched on its event loop.
struct SMTPSession: Sendable {
    let channel: any Channel
    private let handler: NIOLoopBoundBox<SMTPConnectionHandler?>
    private let logger: Logger

    /// Connects (adding TLS first for implicit TLS). Every failure is an ``SMTPError/connection(_:)``.
    static func connect(
        settings: SMTPSettings, group: any EventLoopGroup, tls: NIOSSLContext?, logger: Logger
    ) async throws -> SMTPSession {
        let host = settings.host
        let replyTimeout = settings.replyTimeout
        let loop = group.any()
        // Filled in by the channel initializer, so the handler is known even if TLS fails and empties the
        // pipeline before the first reply is awaited.
        let box = NIOLoopBoundBox.makeEmptyBox(valueType: SMTPConnectionHandler.self, eventLoop: loop)
        let bootstrap = ClientBootstrap(group: loop)
            .connectTimeout(settings.connectTimeout)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let sync = channel.pipeline.syncOperations
                    if let tls {
                        try sync.addHandler(try Self.tlsHandler(context: tls, host: host))
                    }
                    let handler = SMTPConnectionHandler(eventLoop: channel.eventLoop, replyTimeout: replyTimeout)
                    try sync.addHandler(handler)
                    box.value = handler
                }
            }
        do {
            let channel = try await bootstrap.connect(host: host, port: settings.port).get()
            return SMTPSession(channel: channel, handler: box, logger: logger)
        } catch {
            throw SMTPError.connection(
                "cannot connect to \(host):\(settings.port): \(SMTPConnectionHandler.describe(error))")
        }
    }

    /// SNI only for names: an IP literal is not allowed there, and NIOSSL then checks the certificate
    /// against the peer's IP address instead.
    static func tlsHandler(context: NIOSSLContext, host: String) throws -> NIOSSLClientHandler {
        try NIOSSLClientHandler(context: context, serverHostname: SMTPSettings.isIPAddress(host) ? nil : host)
    }

    func readGreeting() async throws -> SMTPReply {
        let handler = self.handler
        let reply = try await run("greeting") { Self.reply(handler) { $0.readReply() } }
        logger.trace("S: \(reply.code) \(reply.message)")
        return reply
    }

    /// Sends one command line. `shown` replaces the line in logs and errors (credentials).
    func command(_ line: String, shown: String? = nil, timeout: TimeAmount? = nil) async throws -> SMTPReply {
        let display = shown ?? line
        logger.trace("C: \(display)")
        let handler = self.handler
        let bytes = ByteBuffer(string: line + "\r\n")
        let reply = try await run(display) { Self.reply(handler) { $0.send(bytes, timeout: timeout) } }
        logger.trace("S: \(reply.code) \(reply.message)")
        return reply
    }

    /// Sends the already dot-stuffed message, terminated with CRLF.CRLF.
    func data(_ payload: [UInt8]) async throws -> SMTPReply {
        logger.trace("C: <\(payload.count) bytes of message data>")
        let handler = self.handler
        let bytes = ByteBuffer(bytes: payload)
        let reply = try await run("end of DATA") { Self.reply(handler) { $0.send(bytes) } }
        logger.trace("S: \(reply.code) \(reply.message)")
        return reply
    }

    /// Inserts TLS at the front of the pipeline once the server said 220 to STARTTLS.
    func startTLS(context: NIOSSLContext, host: String) async throws {
        let handler = self.handler
        let channel = self.channel
        do {
            try await channel.eventLoop.submit {
                guard let handler = handler.value else { throw SMTPError.connection("not connected") }
                try handler.prepareForTLS()
                try channel.pipeline.syncOperations.addHandler(
                    try Self.tlsHandler(context: context, host: host), position: .first)
            }.get()
        } catch let error as SMTPError {
            throw error
        } catch {
            throw SMTPError.connection("cannot start TLS: \(SMTPConnectionHandler.describe(error))")
        }
    }

    func close() async {
        try? await channel.close()
    }

    /// Runs on the loop: the handler is always set once connected; `nil` would mean a broken setup.
    private static func reply(
        _ box: NIOLoopBoundBox<SMTPConnectionHandler?>, _ body: (SMTPConnectionHandler) -> EventLoopFuture<SMTPReply>
    ) -> EventLoopFuture<SMTPReply> {
        guard let handler = box.value else {
            return box.eventLoop.makeFailedFuture(SMTPError.connection("not connected"))
        }
        return body(handler)
    }

    private func run(
        _ what: String, _ body: @escaping @Sendable () -> EventLoopFuture<SMTPReply>
    ) async throws -> SMTPReply {
        do {
            return try await channel.eventLoop.flatSubmit(body).get()
        } catch SMTPError.connection(let reason) {
            throw SMTPError.connection("\(reason) (waiting for the reply to \(what))")
        } catch let error as SMTPError {
            throw error
        } catch {
            throw SMTPError.connection("\(SMTPConnectionHandler.describe(error)) (waiting for the reply to \(what))")
        }
    }
}
