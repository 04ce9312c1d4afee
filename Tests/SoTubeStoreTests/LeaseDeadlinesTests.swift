import Foundation
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
}
