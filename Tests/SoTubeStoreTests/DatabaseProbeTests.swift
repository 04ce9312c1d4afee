import Foundation
import Testing

@testable import SoTubeStoreSQL

#if canImport(Glibc)
    import Glibc
#endif

/// The one connection attempt that tells a stopped database from a busy one (`PostgresBackend.probe`),
/// against real loopback sockets: one that listens, a port nothing listens on, and one whose queue of
/// connections is full, so the kernel drops the attempt and no answer comes.
@Suite struct DatabaseProbeTests {
    @Test func aListeningAddressAnswers() async throws {
        let listener = try LoopbackListener()
        defer { listener.close() }
        #expect(await PostgresBackend.probe(host: "127.0.0.1", port: listener.port) == .answers)
    }

    @Test func anAddressNothingListensOnRefuses() async throws {
        let listener = try LoopbackListener()
        let port = listener.port
        listener.close()
        #expect(await PostgresBackend.probe(host: "127.0.0.1", port: port) == .refused)
    }

    /// A server too busy to take its connections (its accept queue full) is not called stopped.
    @Test func anAddressThatDoesNotAnswerInTimeIsNotCalledStopped() async throws {
        let listener = try LoopbackListener(backlog: 0)
        defer { listener.close() }
        // Fills the queue of one connection that the listener never accepts.
        let held = try listener.connectAndHold()
        defer { Glibc.close(held) }
        let started = ContinuousClock.now
        #expect(await PostgresBackend.probe(host: "127.0.0.1", port: listener.port) == .noAnswer)
        #expect(ContinuousClock.now - started >= .milliseconds(900))
    }
}

/// A TCP socket listening on 127.0.0.1 that never accepts.
private struct LoopbackListener {
    let fd: Int32
    let port: Int

    struct Failed: Error { let call: String }

    init(backlog: Int32 = 16) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failed(call: "socket") }
        var address = Self.loopback(port: 0)
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, size) == 0 && listen(fd, backlog) == 0 && getsockname(fd, pointer, &size) == 0
            }
        }
        guard bound else {
            Glibc.close(fd)
            throw Failed(call: "bind/listen")
        }
        self.fd = fd
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// A connected socket that takes the listener's one place in its queue.
    func connectAndHold() throws -> Int32 {
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard client >= 0 else { throw Failed(call: "socket") }
        var address = Self.loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            Glibc.close(client)
            throw Failed(call: "connect")
        }
        return client
    }

    func close() { Glibc.close(fd) }

    /// 127.0.0.1 at `port` (0: any free port, when binding).
    static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        return address
    }
}
