import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP proxy in front of a test server that loses purchase answers: it forwards a
/// `POST /api/v1/purchases` to the server, waits for the whole answer (the purchase is done and
/// committed), then closes the client's connection without sending it — what a dropped mobile
/// connection does. Every other request and answer passes through.
final class DroppingProxy: @unchecked Sendable {
    /// The loopback port clients connect to.
    let port: Int
    private let upstreamPort: Int
    private let listener: Int32
    private let lock = NSLock()
    private var answersToDrop: Int
    private var keys: [String] = []

    /// A proxy to the server on `upstreamPort` (localhost) that drops the next `dropping` purchase answers.
    init(upstreamPort: Int, dropping: Int) throws {
        self.upstreamPort = upstreamPort
        answersToDrop = dropping
        (listener, port) = try Self.listenOnLoopback()
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// A listening socket on 127.0.0.1 and the port the system gave it.
    static func listenOnLoopback() throws -> (Int32, Int) {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(listener, 16) == 0 else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        return (listener, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// The `Idempotency-Key` of every purchase request that passed, in order.
    var purchaseKeys: [String] { lock.withLock { keys } }

    /// From now on drop `count` more purchase answers.
    func drop(_ count: Int) { lock.withLock { answersToDrop = count } }

    /// Stops accepting connections.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            Thread { [self] in serve(client) }.start()
        }
    }

    /// Requests from `client` one at a time (keep-alive), each to the server and its answer back.
    private func serve(_ client: Int32) {
        defer { close(client) }
        guard let upstream = Self.connectToLocalhost(port: upstreamPort) else { return }
        defer { close(upstream) }
        var fromClient = Data()
        var fromServer = Data()
        while let request = Self.readMessage(client, buffer: &fromClient) {
            guard Self.writeAll(upstream, request), let answer = Self.readMessage(upstream, buffer: &fromServer)
            else { return }
            let head = String(decoding: request.prefix(while: { $0 != 13 }), as: UTF8.self)
            if head.hasPrefix("POST /api/v1/purchases ") {
                let key = Self.header("Idempotency-Key", in: request) ?? ""
                let drop = lock.withLock {
                    keys.append(key)
                    guard answersToDrop > 0 else { return false }
                    answersToDrop -= 1
                    return true
                }
                if drop {
                    shutdown(client, Int32(SHUT_RDWR))
                    return
                }
            }
            guard Self.writeAll(client, answer) else { return }
        }
    }

    /// One HTTP/1.1 message (head and a `Content-Length` or chunked body) from `socket`, using and
    /// keeping what was read past it in `buffer`; nil at the end of the stream.
    static func readMessage(_ socket: Int32, buffer: inout Data) -> Data? {
        let separator = Data("\r\n\r\n".utf8)
        while buffer.range(of: separator) == nil {
            guard read(socket, into: &buffer) else { return nil }
        }
        let headEnd = buffer.range(of: separator)!.upperBound
        let head = buffer[buffer.startIndex..<headEnd]
        var total = headEnd - buffer.startIndex
        if let length = header("Content-Length", in: head).flatMap({ Int($0) }) {
            total += length
            while buffer.count < total { guard read(socket, into: &buffer) else { return nil } }
        } else if header("Transfer-Encoding", in: head)?.lowercased() == "chunked" {
            let end = Data("0\r\n\r\n".utf8)
            while buffer[buffer.startIndex.advanced(by: total)...].range(of: end) == nil {
                guard read(socket, into: &buffer) else { return nil }
            }
            total = buffer[buffer.startIndex.advanced(by: total)...].range(of: end)!.upperBound - buffer.startIndex
        }
        let message = Data(buffer.prefix(total))
        buffer = Data(buffer.dropFirst(total))
        return message
    }

    static func header(_ name: String, in message: Data) -> String? {
        let text = String(decoding: message, as: UTF8.self)
        let head = text.components(separatedBy: "\r\n\r\n").first ?? ""
        for line in head.components(separatedBy: "\r\n").dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == name.lowercased() {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    static func read(_ socket: Int32, into buffer: inout Data) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = recv(socket, &chunk, chunk.count, 0)
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    static func writeAll(_ socket: Int32, _ data: Data) -> Bool {
        var offset = 0
        let bytes = [UInt8](data)
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// A connection to `port` on the loopback address the server listens on (IPv4 or IPv6).
    static func connectToLocalhost(port: Int) -> Int32? {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var results: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo("localhost", String(port), &hints, &results) == 0 else { return nil }
        defer { freeaddrinfo(results) }
        var next = results
        while let info = next {
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            if fd >= 0 {
                if connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return fd }
                close(fd)
            }
            next = info.pointee.ai_next
        }
        return nil
    }
}
