import Hummingbird
import NIOCore
import NIOHTTPTypes
import Synchronization

/// A stop that loses no transfer. On SIGTERM the server first drains: `/readyz` answers 503 (a load
/// balancer sends no new clients), and the stop waits until every response it has begun is handed
/// to the kernel in full; only then does Hummingbird's graceful shutdown close the connections.
/// Hummingbird alone closes a connection as soon as a response's last part is queued, which drops
/// what a slow client has not taken yet (measured: up to 6 MB of a 16 MB download). A response
/// counts until the write of its end succeeds, that is until every byte before it is in the
/// socket's buffer, which the kernel still delivers after a close.
public final class Drain: Sendable {
    private let count = Atomic<Int>(0)
    private let started = Atomic<Bool>(false)

    public init() {}

    /// Responses begun and not yet written out.
    var inFlight: Int { count.load(ordering: .relaxed) }
    /// Whether the server is stopping (readiness says no).
    var isDraining: Bool { started.load(ordering: .relaxed) }

    /// Readiness fails from now on; then waits until no response is in flight, checking every
    /// 20 ms, for at most `limit`. True when none is left.
    func drain(within limit: Duration) async -> Bool {
        started.store(true, ordering: .relaxed)
        let deadline = ContinuousClock.now + limit
        while inFlight > 0 {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return true
    }

    fileprivate func begin() { count.add(1, ordering: .relaxed) }
    fileprivate func end(_ n: Int = 1) { count.subtract(n, ordering: .relaxed) }

    /// A handler for one connection's pipeline (after the HTTP codec).
    func handler() -> any RemovableChannelHandler { ResponseFlushTracker(responses: self) }
}

/// Counts a response from its request's head until its end is written to the socket; a connection
/// that closes first gives back what it still counted.
private final class ResponseFlushTracker: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    let responses: Drain
    /// This connection's responses still counted (more than one with pipelined requests).
    private var open = 0

    init(responses: Drain) { self.responses = responses }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) {
            open += 1
            responses.begin()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .end = unwrapOutboundIn(data) else {
            context.write(data, promise: promise)
            return
        }
        let written = promise ?? context.eventLoop.makePromise()
        written.futureResult.assumeIsolated().whenComplete { _ in
            guard self.open > 0 else { return }
            self.open -= 1
            self.responses.end()
        }
        context.write(data, promise: written)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if open > 0 { responses.end(open) }
        open = 0
        context.fireChannelInactive()
    }
}
