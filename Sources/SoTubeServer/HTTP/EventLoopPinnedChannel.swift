import HummingbirdCore
import Logging
import NIOCore

extension HTTPServerBuilder {
    /// HTTP/1.1 as `.http1(configuration:)`, with each connection's requests handled on the event loop
    /// that reads and writes its socket (see `EventLoopPinnedChannel`).
    static func http1OnItsEventLoop(configuration: HTTP1Channel.Configuration) -> HTTPServerBuilder {
        .init { responder in
            EventLoopPinnedChannel(inner: HTTP1Channel(responder: responder, configuration: configuration))
        }
    }
}

/// Runs a connection's handling task on the connection's own event loop (a task executor
/// preference): a request read from the socket resumes its handler there, and the answer is written
/// from there, without waking another thread in between. Without it the handler resumes on whichever
/// loop the global executor picks, and every read and write crosses threads.
struct EventLoopPinnedChannel<Inner: ServerChildChannel>: ServerChildChannel {
    let inner: Inner

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Inner.Value> {
        inner.setup(channel: channel, logger: logger)
    }

    func handle(value: Inner.Value, logger: Logger) async {
        await withTaskExecutorPreference(EventLoopTaskExecutor(value.channel.eventLoop)) {
            await inner.handle(value: value, logger: logger)
        }
    }
}

/// An event loop as a task executor: jobs run on the loop's thread, in order.
final class EventLoopTaskExecutor: TaskExecutor {
    let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) { self.eventLoop = eventLoop }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        eventLoop.execute { job.runSynchronously(on: executor) }
    }
}
