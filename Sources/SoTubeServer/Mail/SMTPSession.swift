import Logging
import NIOCore
import NIOPosix
import NIOSSL

/// A connected SMTP channel, usable from async code. Sendable: the handler is only touched on its event loop.
struct SMTPSession: Sendable {
    let channel: any Channel
    private let handler: NIOLoopBound<SMTPConnectionHandler>
    private let logger: Logger

    /// Connects (adding TLS first for implicit TLS). Every failure is an ``SMTPError/connection(_:)``.
    static func connect(
        settings: SMTPSettings, group: any EventLoopGroup, tls: NIOSSLContext?, logger: Logger
    ) async throws -> SMTPSession {
        let host = settings.host
        let replyTimeout = settings.replyTimeout
        let bootstrap = ClientBootstrap(group: group)
            .connectTimeout(settings.connectTimeout)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let sync = channel.pipeline.syncOperations
                    if let tls {
                        try sync.addHandler(try Self.tlsHandler(context: tls, host: host))
                    }
                    try sync.addHandler(SMTPConnectionHandler(eventLoop: channel.eventLoop, replyTimeout: replyTimeout))
                }
            }
        let channel: any Channel
        do {
            channel = try await bootstrap.connect(host: host, port: settings.port).get()
        } catch {
            throw SMTPError.connection("cannot connect to \(host):\(settings.port): \(SMTPConnectionHandler.describe(error))")
        }
        do {
            let handler = try await channel.eventLoop.submit {
                NIOLoopBound(
                    try channel.pipeline.syncOperations.handler(type: SMTPConnectionHandler.self),
                    eventLoop: channel.eventLoop)
            }.get()
            return SMTPSession(channel: channel, handler: handler, logger: logger)
        } catch {
            try? await channel.close()
            throw SMTPError.connection("connection closed during setup: \(SMTPConnectionHandler.describe(error))")
        }
    }

    /// SNI only for names: an IP literal is not allowed there, and NIOSSL then checks the certificate
    /// against the peer's IP address instead.
    static func tlsHandler(context: NIOSSLContext, host: String) throws -> NIOSSLClientHandler {
        try NIOSSLClientHandler(context: context, serverHostname: SMTPSettings.isIPAddress(host) ? nil : host)
    }

    func readGreeting() async throws -> SMTPReply {
        let handler = self.handler
        let reply = try await run("greeting") { handler.value.readReply() }
        logger.trace("S: \(reply.code) \(reply.message)")
        return reply
    }

    /// Sends one command line. `shown` replaces the line in logs and errors (credentials).
    func command(_ line: String, shown: String? = nil, timeout: TimeAmount? = nil) async throws -> SMTPReply {
        let display = shown ?? line
        logger.trace("C: \(display)")
        let handler = self.handler
        let bytes = ByteBuffer(string: line + "\r\n")
        let reply = try await run(display) { handler.value.send(bytes, timeout: timeout) }
        logger.trace("S: \(reply.code) \(reply.message)")
        return reply
    }

    /// Sends the already dot-stuffed message, terminated with CRLF.CRLF.
    func data(_ payload: [UInt8]) async throws -> SMTPReply {
        logger.trace("C: <\(payload.count) bytes of message data>")
        let handler = self.handler
        let bytes = ByteBuffer(bytes: payload)
        let reply = try await run("end of DATA") { handler.value.send(bytes) }
        logger.trace("S: \(reply.code) \(reply.message)")
        return reply
    }

    /// Inserts TLS at the front of the pipeline once the server said 220 to STARTTLS.
    func startTLS(context: NIOSSLContext, host: String) async throws {
        let handler = self.handler
        let channel = self.channel
        do {
            try await channel.eventLoop.submit {
                try handler.value.prepareForTLS()
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
