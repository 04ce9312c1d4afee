import Foundation
import Synchronization
import Testing

@testable import SoTubeStoreSQL

/// The deadlines of requests waiting for a PostgreSQL connection, kept by one sweeper
/// (`LeaseDeadlines`): a wait past its deadline expires, one whose connection came never does, and a
/// finished request leaves nothing behind.
@Suite struct LeaseDeadlinesTests {
    @Test func aWaitPastItsDeadlineExpiresAndAConnectionThatCameLateIsRefused() async throws {
        let deadlines = LeaseDeadlines()
        let wait = deadlines.start(until: .now + .milliseconds(300))
        let started = ContinuousClock.now
        #expect(await deadlines.expired(wait))
        #expect(ContinuousClock.now - started >= .milliseconds(250))
        #expect(!deadlines.acquire(wait))
        deadlines.finish(wait)
        #expect(deadlines.count == 0)
    }

    @Test func aWaitWhoseConnectionCameNeverExpires() async throws {
        let deadlines = LeaseDeadlines()
        let wait = deadlines.start(until: .now + .milliseconds(300))
        let watcher = Task { await deadlines.expired(wait) }
        try await Task.sleep(for: .milliseconds(50))
        #expect(deadlines.acquire(wait))
        #expect(await watcher.value == false)
        try await Task.sleep(for: .milliseconds(600))
        #expect(await deadlines.expired(wait) == false)
        deadlines.finish(wait)
        #expect(deadlines.count == 0)
    }

    @Test func aFinishedOrCancelledWaitLetsItsWatcherGo() async throws {
        let deadlines = LeaseDeadlines()
        let finished = deadlines.start(until: .now + .seconds(30))
        let watcher = Task { await deadlines.expired(finished) }
        try await Task.sleep(for: .milliseconds(50))
        deadlines.finish(finished)
        #expect(await watcher.value == false)

        let cancelled = deadlines.start(until: .now + .seconds(30))
        let other = Task { await deadlines.expired(cancelled) }
        try await Task.sleep(for: .milliseconds(50))
        other.cancel()
        #expect(await other.value == false)
        deadlines.finish(cancelled)
        #expect(deadlines.count == 0)
    }

    /// A database that refuses connections is found out by the probe once a request has waited
    /// `probeAfter`: the waits expire then, not at their 30-second deadlines.
    @Test func waitsExpireAtOnceWhenTheDatabaseRefusesConnections() async throws {
        let asked = Mutex(0)
        let deadlines = LeaseDeadlines(probe: {
            asked.withLock { $0 += 1 }
            return .refused
        })
        let started = ContinuousClock.now
        let first = deadlines.start(until: started + .seconds(30))
        let second = deadlines.start(until: started + .seconds(30))
        #expect(await deadlines.expired(first))
        #expect(await deadlines.expired(second))
        let waited = ContinuousClock.now - started
        #expect(waited >= LeaseDeadlines.probeAfter && waited < .seconds(15), "\(waited)")
        #expect(asked.withLock { $0 } == 1, "one probe for every waiting request")
        deadlines.finish(first)
        deadlines.finish(second)
        #expect(deadlines.count == 0)
    }

    /// A database that answers (a busy pool), or a probe with no answer in time (a loaded machine),
    /// keeps the waits to their deadlines. The sweeper probes again only after it has acted on the
    /// first answer, so once the second probe is asked, the first answer's effect is final: the wait
    /// must still be waiting. (An earlier form waited for a 2.5 s deadline and expected a probe
    /// before it; on a starved machine the sweeper first woke after the deadline, so it never probed.)
    @Test(.timeLimit(.minutes(1)), arguments: [LeaseDeadlines.Probe.answers, .noAnswer])
    func aDatabaseThatDoesNotRefuseKeepsTheDeadlines(_ found: LeaseDeadlines.Probe) async throws {
        let (asked, ask) = AsyncStream<Void>.makeStream()
        let deadlines = LeaseDeadlines(probe: {
            ask.yield()
            return found
        })
        let wait = deadlines.start(until: .now + .seconds(120))
        var probes = asked.makeAsyncIterator()
        for _ in 0..<2 { #expect(await probes.next() != nil) }
        #expect(deadlines.acquire(wait), "the wait outlived a probe that found \(found)")
        #expect(await deadlines.expired(wait) == false)
        deadlines.finish(wait)
        #expect(deadlines.count == 0)
    }
}
