import NIOCore

/// One SMTP reply: a three-digit code and one or more lines of text (continuation lines use `250-…`).
public struct SMTPReply: Sendable, Equatable {
    public var code: Int
    public var lines: [String]

    public init(code: Int, lines: [String]) {
        self.code = code
        self.lines = lines
    }

    /// The text of all lines, joined by spaces, truncated to a size fit for an error message or a log.
    public var message: String {
        let joined = lines.joined(separator: " ")
        return joined.count > 2000 ? String(joined.prefix(2000)) + "…" : joined
    }
}

/// Incremental parser of SMTP replies (RFC 5321 §4.2). Treats every byte from the server as hostile:
/// never traps, caps one reply at ``maxReplyBytes``, accepts LF or CRLF line ends.
public struct SMTPReplyParser: Sendable {
    public static let maxReplyBytes = 64 * 1024

    private var code: Int?
    private var lines: [String] = []
    private var replyBytes = 0

    public init() {}

    /// Consumes complete lines from `buffer` and returns a reply once its last line has arrived.
    /// Incomplete lines stay in `buffer`.
    public mutating func next(from buffer: inout ByteBuffer) throws -> SMTPReply? {
        while true {
            guard let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) else {
                guard replyBytes + buffer.readableBytes <= Self.maxReplyBytes else {
                    throw SMTPError.protocolViolation("server reply longer than \(Self.maxReplyBytes) bytes")
                }
                return nil
            }
            let length = newline - buffer.readerIndex
            replyBytes += length + 1
            guard replyBytes <= Self.maxReplyBytes else {
                throw SMTPError.protocolViolation("server reply longer than \(Self.maxReplyBytes) bytes")
            }
            var line = buffer.readBytes(length: length) ?? []
            buffer.moveReaderIndex(forwardBy: 1)
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            if let reply = try consume(line) { return reply }
        }
    }

    private mutating func consume(_ line: [UInt8]) throws -> SMTPReply? {
        let digits = line.prefix(3).map { Int($0) - Int(UInt8(ascii: "0")) }
        guard digits.count == 3, digits.allSatisfy({ (0...9).contains($0) }), (2...5).contains(digits[0]) else {
            throw SMTPError.protocolViolation("malformed reply line: \(Self.printable(line.prefix(80)))")
        }
        let lineCode = digits[0] * 100 + digits[1] * 10 + digits[2]
        let separator = line.count > 3 ? line[3] : UInt8(ascii: " ")
        guard separator == UInt8(ascii: " ") || separator == UInt8(ascii: "-") else {
            throw SMTPError.protocolViolation("malformed reply line: \(Self.printable(line.prefix(80)))")
        }
        if let code, code != lineCode {
            throw SMTPError.protocolViolation("reply lines with different codes \(code) and \(lineCode)")
        }
        code = lineCode
        lines.append(Self.printable(line.dropFirst(4)))
        guard separator == UInt8(ascii: " ") else { return nil }
        let reply = SMTPReply(code: lineCode, lines: lines)
        code = nil
        lines = []
        replyBytes = 0
        return reply
    }

    /// Decodes as UTF-8 (repairing invalid sequences) and replaces control characters with `?`.
    static func printable<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        let text = String(decoding: Array(bytes), as: UTF8.self)
        let scalars = text.unicodeScalars.map { scalar -> Unicode.Scalar in
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) ? "?" : scalar
        }
        return String(String.UnicodeScalarView(scalars))
    }
}

/// Turns the byte stream into request/reply pairs. Lives on the channel's event loop; reached from async code
/// through ``SMTPSession`` only. One command may be outstanding at a time (no pipelining).
final class SMTPConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let eventLoop: any EventLoop
    private let replyTimeout: TimeAmount
    private var parser = SMTPReplyParser()
    private var buffer = ByteBuffer()
    /// A reply that arrived while nobody waited (the greeting); a second one is a protocol violation.
    private var unclaimed: SMTPReply?
    private var waiter: (promise: EventLoopPromise<SMTPReply>, timeout: Scheduled<Void>)?
    private var failure: SMTPError?
    private var context: ChannelHandlerContext?

    init(eventLoop: any EventLoop, replyTimeout: TimeAmount) {
        self.eventLoop = eventLoop
        self.replyTimeout = replyTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    func handlerRemoved(context: ChannelHandlerContext) {
        fail(.connection("connection handler removed"))
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard failure == nil else { return }
        var bytes = unwrapInboundIn(data)
        buffer.writeBuffer(&bytes)
        do {
            while failure == nil, let reply = try parser.next(from: &buffer) { deliver(reply) }
            buffer.discardReadBytes()
        } catch let error as SMTPError {
            fail(error)
        } catch {
            fail(.protocolViolation("\(error)"))
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        fail(.connection("the server closed the connection"))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        fail(.connection(Self.describe(error)))
    }

    /// Waits for a reply without sending anything (the greeting).
    func readReply() -> EventLoopFuture<SMTPReply> {
        wait(timeout: replyTimeout)
    }

    /// Sends `bytes` (a command line with its CRLF, or the DATA payload) and waits for the reply.
    func send(_ bytes: ByteBuffer, timeout: TimeAmount? = nil) -> EventLoopFuture<SMTPReply> {
        if let failure { return eventLoop.makeFailedFuture(failure) }
        guard let context else { return failed(.connection("not connected")) }
        if let unclaimed {
            fail(.protocolViolation("unexpected reply before command: \(unclaimed.code) \(unclaimed.message)"))
            return failed(failure ?? .protocolViolation("unexpected reply"))
        }
        let future = wait(timeout: timeout ?? replyTimeout)
        context.writeAndFlush(wrapOutboundOut(bytes), promise: nil)
        return future
    }

    /// Called right before the TLS handler is inserted: plaintext the server sent after its STARTTLS reply
    /// would otherwise be mixed into the encrypted session (CVE-2011-0411 style injection).
    func prepareForTLS() throws {
        if let failure { throw failure }
        guard buffer.readableBytes == 0, unclaimed == nil else {
            let error = SMTPError.protocolViolation("server sent data after its STARTTLS reply")
            fail(error)
            throw error
        }
    }

    private func wait(timeout: TimeAmount) -> EventLoopFuture<SMTPReply> {
        if let reply = unclaimed {
            unclaimed = nil
            return eventLoop.makeSucceededFuture(reply)
        }
        if let failure { return eventLoop.makeFailedFuture(failure) }
        guard waiter == nil else { return failed(.protocolViolation("a command is already in flight")) }
        let promise = eventLoop.makePromise(of: SMTPReply.self)
        let seconds = Double(timeout.nanoseconds) / 1e9
        let scheduled = eventLoop.assumeIsolated().scheduleTask(in: timeout) {
            self.fail(.connection("no reply from the server within \(seconds) s"))
        }
        waiter = (promise, scheduled)
        return promise.futureResult
    }

    private func deliver(_ reply: SMTPReply) {
        if let waiter {
            self.waiter = nil
            waiter.timeout.cancel()
            waiter.promise.succeed(reply)
        } else if unclaimed == nil {
            unclaimed = reply
        } else {
            fail(.protocolViolation("unsolicited reply: \(reply.code) \(reply.message)"))
        }
    }

    private func fail(_ error: SMTPError) {
        let first = failure ?? error
        failure = first
        if let waiter {
            self.waiter = nil
            waiter.timeout.cancel()
            waiter.promise.fail(first)
        }
        context?.close(promise: nil)
    }

    private func failed(_ error: SMTPError) -> EventLoopFuture<SMTPReply> {
        eventLoop.makeFailedFuture(error)
    }

    static func describe(_ error: any Error) -> String {
        if let smtp = error as? SMTPError { return smtp.description }
        let text = String(describing: error)
        let type = String(describing: Swift.type(of: error))
        return type.contains("SSL") || text.contains("SSL") ? "TLS error: \(text)" : text
    }
}

@available(*, unavailable)
extension SMTPConnectionHandler: Sendable {}
