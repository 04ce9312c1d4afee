import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOPosix

/// `floor PORT FILE`: `GET /healthz` answers "ok"; `GET /audio` with `Range: bytes=A-B` answers those
/// bytes of FILE (206). No authentication, no middleware, no log: what a request costs in Hummingbird 2
/// itself, set up as `sotube serve` sets it up (NIO's loops as Swift's global executor, each
/// connection's task preferring its own loop).
@main struct Floor {
    static func main() async throws {
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        let arguments = CommandLine.arguments
        guard arguments.count == 3, let port = Int(arguments[1]) else {
            FileHandle.standardError.write(Data("usage: floor PORT FILE\n".utf8))
            exit(2)
        }
        let fd = open(arguments[2], O_RDONLY)
        guard fd >= 0 else {
            FileHandle.standardError.write(Data("floor: cannot open \(arguments[2])\n".utf8))
            exit(1)
        }
        let router = Router()
        router.get("healthz") { _, _ in "ok" }
        router.get("audio") { request, _ -> Response in
            guard let (lower, count) = Floor.range(request.headers[.range]) else {
                return Response(status: .badRequest)
            }
            var buffer = ByteBufferAllocator().buffer(capacity: count)
            let got = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { target in
                max(0, pread(fd, target.baseAddress, count, off_t(lower)))
            }
            guard got > 0 else { return Response(status: .rangeNotSatisfiable) }
            var headers = HTTPFields()
            headers[.contentType] = "audio/mpeg"
            headers[.contentRange] = "bytes \(lower)-\(lower + got - 1)/*"
            headers[.contentLength] = String(got)
            return Response(status: .partialContent, headers: headers, body: .init(byteBuffer: buffer))
        }
        let server = HTTPServerBuilder { responder in OnItsLoop(inner: HTTP1Channel(responder: responder)) }
        let app = Application(
            router: router, server: server, configuration: .init(address: .hostname("127.0.0.1", port: port)))
        try await app.runService()
    }

    /// "bytes=A-B" as (A, B - A + 1), at most 16 MB; nil for anything else.
    static func range(_ header: String?) -> (Int, Int)? {
        guard let header, header.hasPrefix("bytes=") else { return nil }
        let parts = header.dropFirst(6).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let lower = Int(parts[0]), let upper = Int(parts[1]), lower >= 0, upper >= lower,
            upper - lower < 1 << 24
        else { return nil }
        return (lower, upper - lower + 1)
    }
}

/// Each connection's task prefers the connection's own event loop (`EventLoopPinnedChannel` in SoTube).
struct OnItsLoop<Inner: ServerChildChannel>: ServerChildChannel {
    let inner: Inner

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Inner.Value> {
        inner.setup(channel: channel, logger: logger)
    }

    func handle(value: Inner.Value, logger: Logger) async {
        await withTaskExecutorPreference(LoopExecutor(value.channel.eventLoop)) {
            await inner.handle(value: value, logger: logger)
        }
    }
}

final class LoopExecutor: TaskExecutor {
    let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) { self.eventLoop = eventLoop }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        eventLoop.execute { job.runSynchronously(on: executor) }
    }
}
