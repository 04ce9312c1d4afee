import Synchronization

/// The deadlines of the requests waiting for a PostgreSQL connection (`PostgresBackend.leased`),
/// watched by one sweeper task while any is waiting, instead of a timer per request.
///
/// A timer per request was a `Task.sleep` of 30 s, cancelled once its request had a connection. The
/// cancelled sleep's job stays in the event loop's timer queue until its time comes: under the
/// cluster's purchases that was tens of thousands of timers, and 0.06 ms of each purchase's
/// 0.6 ms of server CPU (`scripts/bench-purchases.sh` with `CLUSTER=1`, docs/performance.md).
///
/// A stopped database refuses connections, and the pool keeps requests waiting while it retries. So
/// once a request has waited `probeAfter`, the sweeper probes the database (one connection attempt,
/// at most once per `probeAfter` for all waits): when it refuses, every wait expires then, not at
/// its deadline (measured: the first requests after a stop waited the whole 30 s for their 503).
/// A database that answers, merely busy, leaves the deadlines as they are; so does a probe that had
/// no answer in time, which on a loaded machine is as likely a slow one as a lost one (a test run at
/// a third of the machine's speed got its 503 from such a probe while the database was up).
final class LeaseDeadlines: Sendable {
    /// What one connection attempt to the database's address found.
    enum Probe: Sendable, Equatable {
        /// The connection opened.
        case answers
        /// It was refused or failed at once: nothing listens there.
        case refused
        /// No answer within the attempt's time.
        case noAnswer
    }

    /// How often the sweeper looks while requests wait: a deadline is kept to within this.
    static let sweepInterval: Duration = .milliseconds(250)
    static let probeAfter: Duration = .seconds(1)

    private enum Wait {
        case waiting(ContinuousClock.Instant, CheckedContinuation<Bool, Never>?, since: ContinuousClock.Instant)
        case acquired
        case expired
    }

    private struct State {
        var waits: [UInt64: Wait] = [:]
        var nextID: UInt64 = 0
        var sweeping = false
    }

    private let state = Mutex(State())
    private let probe: (@Sendable () async -> Probe)?

    init(probe: (@Sendable () async -> Probe)? = nil) { self.probe = probe }

    /// A new wait that expires at `deadline` unless `acquire` comes first.
    func start(until deadline: ContinuousClock.Instant) -> UInt64 {
        let (id, startSweeper) = state.withLock { state in
            state.nextID &+= 1
            state.waits[state.nextID] = .waiting(deadline, nil, since: .now)
            defer { state.sweeping = true }
            return (state.nextID, !state.sweeping)
        }
        if startSweeper { Task { await self.sweep() } }
        return id
    }

    /// The connection came: the wait can no longer expire. False when it already has.
    func acquire(_ id: UInt64) -> Bool {
        let (acquired, waiter) = state.withLock { state -> (Bool, CheckedContinuation<Bool, Never>?) in
            guard case .waiting(_, let waiter, _) = state.waits[id] else { return (false, nil) }
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
                    case .waiting(let deadline, _, let since):
                        state.waits[id] = .waiting(deadline, continuation, since: since)
                        return nil
                    case .expired: return true
                    case .acquired, nil: return false
                    }
                }
                if let answer { continuation.resume(returning: answer) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
                guard case .waiting(let deadline, let waiter, let since) = state.waits[id] else { return nil }
                state.waits[id] = .waiting(deadline, nil, since: since)
                return waiter
            }
            waiter?.resume(returning: false)
        }
    }

    /// Forgets the wait (its request is done).
    func finish(_ id: UInt64) {
        let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard case .waiting(_, let waiter, _) = state.waits.removeValue(forKey: id) else { return nil }
            return waiter
        }
        waiter?.resume(returning: false)
    }

    /// How many waits are kept (for tests).
    var count: Int { state.withLock { $0.waits.count } }

    /// Expires what has passed its deadline, every `sweepInterval` while anything waits, and
    /// everything that waits when the database refuses connections.
    private func sweep() async {
        var probed: ContinuousClock.Instant?
        while true {
            try? await Task.sleep(for: Self.sweepInterval)
            var now = ContinuousClock.now
            var (done, oldest) = expire { deadline, _ in deadline <= now }
            if done { return }
            guard let probe, let oldest, now - oldest >= Self.probeAfter,
                probed.map({ now - $0 >= Self.probeAfter }) ?? true
            else { continue }
            probed = now
            guard await probe() == .refused else { continue }
            now = ContinuousClock.now
            (done, _) = expire { _, since in since <= now }
            if done { return }
        }
    }

    /// Expires the waits `expires` picks (by deadline and start); whether none is left, and when
    /// the oldest still waiting began.
    private func expire(_ expires: (ContinuousClock.Instant, ContinuousClock.Instant) -> Bool) -> (
        Bool, ContinuousClock.Instant?
    ) {
        let (expired, done, oldest) = state.withLock {
            state -> ([CheckedContinuation<Bool, Never>], Bool, ContinuousClock.Instant?) in
            var expired: [CheckedContinuation<Bool, Never>] = []
            var oldest: ContinuousClock.Instant?
            for (id, wait) in state.waits {
                guard case .waiting(let deadline, let waiter, let since) = wait else { continue }
                guard expires(deadline, since) else {
                    oldest = min(oldest ?? since, since)
                    continue
                }
                state.waits[id] = .expired
                if let waiter { expired.append(waiter) }
            }
            if state.waits.isEmpty { state.sweeping = false }
            return (expired, state.waits.isEmpty, oldest)
        }
        for waiter in expired { waiter.resume(returning: true) }
        return (done, oldest)
    }
}
