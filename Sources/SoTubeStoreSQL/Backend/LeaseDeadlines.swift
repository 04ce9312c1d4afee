import Synchronization

/// The deadlines of the requests waiting for a PostgreSQL connection (`PostgresBackend.leased`),
/// watched by one sweeper task while any is waiting, instead of a timer per request.
///
/// A timer per request was a `Task.sleep` of 30 s, cancelled once its request had a connection. The
/// cancelled sleep's job stays in the event loop's timer queue until its time comes: under the
/// cluster's purchases that was tens of thousands of timers, and 0.06 ms of each purchase's
/// 0.6 ms of server CPU (`scripts/bench-purchases.sh` with `CLUSTER=1`, docs/performance.md).
final class LeaseDeadlines: Sendable {
    /// How often the sweeper looks while requests wait: a deadline is kept to within this.
    static let sweepInterval: Duration = .milliseconds(250)

    private enum Wait {
        case waiting(ContinuousClock.Instant, CheckedContinuation<Bool, Never>?)
        case acquired
        case expired
    }

    private struct State {
        var waits: [UInt64: Wait] = [:]
        var nextID: UInt64 = 0
        var sweeping = false
    }

    private let state = Mutex(State())

    /// A new wait that expires at `deadline` unless `acquire` comes first.
    func start(until deadline: ContinuousClock.Instant) -> UInt64 {
        let (id, startSweeper) = state.withLock { state in
            state.nextID &+= 1
            state.waits[state.nextID] = .waiting(deadline, nil)
            defer { state.sweeping = true }
            return (state.nextID, !state.sweeping)
        }
        if startSweeper { Task { await self.sweep() } }
        return id
    }

    /// The connection came: the wait can no longer expire. False when it already has.
    func acquire(_ id: UInt64) -> Bool {
        let (acquired, waiter) = state.withLock { state -> (Bool, CheckedContinuation<Bool, Never>?) in
            guard case .waiting(_, let waiter) = state.waits[id] else { return (false, nil) }
            state.waits[id] = .acquired
            return (true, waiter)
        }
        waiter?.resume(returning: false)
        return acquired
    }

    /// Suspends until the wait is over: true when it expired, false when the connection came (or the
    /// waiting task was cancelled).
    func expired(_ id: UInt64) async -> Bool {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let answer = state.withLock { state -> Bool? in
                    // Cancelled before this: `onCancel` found no continuation to resume.
                    if Task.isCancelled { return false }
                    switch state.waits[id] {
                    case .waiting(let deadline, _):
                        state.waits[id] = .waiting(deadline, continuation)
                        return nil
                    case .expired: return true
                    case .acquired, nil: return false
                    }
                }
                if let answer { continuation.resume(returning: answer) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
                guard case .waiting(let deadline, let waiter) = state.waits[id] else { return nil }
                state.waits[id] = .waiting(deadline, nil)
                return waiter
            }
            waiter?.resume(returning: false)
        }
    }

    /// Forgets the wait (its request is done).
    func finish(_ id: UInt64) {
        let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard case .waiting(_, let waiter) = state.waits.removeValue(forKey: id) else { return nil }
            return waiter
        }
        waiter?.resume(returning: false)
    }

    /// How many waits are kept (for tests).
    var count: Int { state.withLock { $0.waits.count } }

    /// Expires what has passed its deadline, every `sweepInterval` while anything waits.
    private func sweep() async {
        while true {
            try? await Task.sleep(for: Self.sweepInterval)
            let now = ContinuousClock.now
            let (expired, done) = state.withLock { state -> ([CheckedContinuation<Bool, Never>], Bool) in
                var expired: [CheckedContinuation<Bool, Never>] = []
                for (id, wait) in state.waits {
                    guard case .waiting(let deadline, let waiter) = wait, deadline <= now else { continue }
                    state.waits[id] = .expired
                    if let waiter { expired.append(waiter) }
                }
                if state.waits.isEmpty { state.sweeping = false }
                return (expired, state.waits.isEmpty)
            }
            for waiter in expired { waiter.resume(returning: true) }
            if done { return }
        }
    }
}
