import Logging
import NIOConcurrencyHelpers

/// Waits for `body` at most `limit`, then goes on (logging what it left): a stopping server must
/// exit even when work it waits for is stuck, e.g. on a database that went away during the stop.
func waitAtMost(
    _ limit: Duration, for what: String, logger: Logger, _ body: @escaping @Sendable () async -> Void
) async {
    let resumed = NIOLockedValueBox(false)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        @Sendable func resume(timedOut: Bool) {
            let first = resumed.withLockedValue { done in
                defer { done = true }
                return !done
            }
            guard first else { return }
            if timedOut {
                logger.warning("stopping without waiting longer", metadata: ["for": "\(what)", "waited": "\(limit)"])
            }
            continuation.resume()
        }
        Task {
            await body()
            resume(timedOut: false)
        }
        Task {
            try? await Task.sleep(for: limit)
            resume(timedOut: true)
        }
    }
}
