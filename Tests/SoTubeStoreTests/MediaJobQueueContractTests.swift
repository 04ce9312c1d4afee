import Foundation
import SQLKit
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// The media job queue on every engine: claims, leases, failures, retries; and on PostgreSQL two
/// processes' workers (two connection pools) taking jobs at once never hold the same one.
@Suite struct MediaJobQueueContractTests {
    let rules = MediaJobRules(maxAttempts: 2, leaseSeconds: 30, backoffSeconds: 10)

    @Test(arguments: TestEngine.enabled)
    func aJobIsClaimedOnceDoneOnceAndTakenAgainWhenItsWorkerDies(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db async throws in
            let tracks = try await CommerceCatalog.album(db.backend, "al", prices: [1, 1])
            let queue = db.mediaJobs(ids: SequentialIDSource(prefix: "job"))
            let now = TestEngine.now
            for track in tracks {
                try await queue.enqueue(kind: .renditions, trackID: track, payload: "{}", now: now)
            }
            try await queue.enqueue(kind: .renditions, trackID: tracks[0], payload: "{}", now: now)  // no duplicate
            #expect(try await queue.counts(trackIDs: nil) == MediaJobCounts(queued: 2))

            let a = try #require(try await queue.claim(workerID: "A", now: now, leaseUntil: rules.leaseEnd(now: now)))
            let b = try #require(try await queue.claim(workerID: "B", now: now, leaseUntil: rules.leaseEnd(now: now)))
            #expect(a.id != b.id && a.attempts == 1 && a.state == .running && a.workerID == "A")
            #expect(try await queue.claim(workerID: "C", now: now + 1, leaseUntil: rules.leaseEnd(now: now + 1)) == nil)
            #expect(try await queue.complete(jobID: a.id, workerID: "A", now: now + 2))
            #expect(try await queue.counts(trackIDs: [a.trackID]) == MediaJobCounts(done: 1))

            // B dies (no renewal): at the end of its lease C takes the job; B's late answer changes nothing.
            #expect(
                try await queue.claim(workerID: "C", now: now + 29, leaseUntil: rules.leaseEnd(now: now + 29)) == nil)
            let taken = try #require(
                try await queue.claim(workerID: "C", now: now + 31, leaseUntil: rules.leaseEnd(now: now + 31)))
            #expect(taken.id == b.id && taken.attempts == 2 && taken.workerID == "C")
            #expect(try await !queue.complete(jobID: b.id, workerID: "B", now: now + 32))
            #expect(try await !queue.renew(jobID: b.id, workerID: "B", leaseUntil: 0, now: now + 32))
            #expect(
                try await queue.renew(
                    jobID: b.id, workerID: "C", leaseUntil: rules.leaseEnd(now: now + 50), now: now + 50))
            #expect(
                try await queue.claim(workerID: "D", now: now + 70, leaseUntil: rules.leaseEnd(now: now + 70)) == nil,
                "a renewed lease holds")
            #expect(try await queue.complete(jobID: b.id, workerID: "C", now: now + 71))
            #expect(try await queue.counts(trackIDs: nil) == MediaJobCounts(done: 2))

            // A changed file queues its finished job again, from zero attempts.
            try await queue.enqueue(kind: .renditions, trackID: tracks[1], payload: "{\"v\":2}", now: now + 80)
            let again = try #require(try await queue.job(id: b.id))
            #expect(again.state == .queued && again.attempts == 0 && again.payload == "{\"v\":2}")
        }
    }

    @Test(arguments: TestEngine.enabled)
    func albumPicturesThenEveryPreviewAreMadeBeforeAnyLoudnessSoSongsGoOnSaleFirst(_ engine: TestEngine)
        async throws
    {
        try await engine.freshDatabase().use { db async throws in
            let tracks = try await CommerceCatalog.album(db.backend, "al", prices: [1, 1])
            let other = try await CommerceCatalog.album(db.backend, "al2", prices: [1])
            let queue = db.mediaJobs(ids: SequentialIDSource(prefix: "job"))
            let now = TestEngine.now
            // As an import queues them: song after song, each song's jobs, and with an album's first
            // song its picture's.
            for (offset, track) in (tracks + other).enumerated() {
                let at = now + Double(offset)
                if offset != 1 { try await queue.enqueue(kind: .artwork, trackID: track, payload: "{}", now: at) }
                try await queue.enqueue(kind: .renditions, trackID: track, payload: "{}", now: at)
                try await queue.enqueue(kind: .loudness, trackID: track, payload: "{}", now: at)
            }
            var kinds: [MediaJobKind] = []
            while let job = try await queue.claim(workerID: "A", now: now + 5, leaseUntil: rules.leaseEnd(now: now + 5))
            {
                kinds.append(job.kind)
            }
            #expect(
                kinds == [.artwork, .artwork, .renditions, .renditions, .renditions, .loudness, .loudness, .loudness])
        }
    }

    @Test(arguments: TestEngine.enabled)
    func aFailureWaitsThenFailsForGoodAndARetryQueuesIt(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db async throws in
            let tracks = try await CommerceCatalog.album(db.backend, "al", prices: [1])
            let queue = db.mediaJobs(ids: SequentialIDSource(prefix: "job"))
            let now = TestEngine.now
            try await queue.enqueue(kind: .loudness, trackID: tracks[0], payload: "{}", now: now)
            let first = try #require(
                try await queue.claim(workerID: "A", now: now, leaseUntil: rules.leaseEnd(now: now)))
            var next = rules.afterFailure(attempts: first.attempts, now: now)
            #expect(
                try await queue.fail(
                    jobID: first.id, workerID: "A", error: "cannot decode", state: next.state, runAfter: next.runAfter,
                    now: now))
            #expect(try await queue.claim(workerID: "A", now: now + 9, leaseUntil: rules.leaseEnd(now: now + 9)) == nil)
            let second = try #require(
                try await queue.claim(workerID: "A", now: now + 10, leaseUntil: rules.leaseEnd(now: now + 10)))
            next = rules.afterFailure(attempts: second.attempts, now: now + 10)
            #expect(next.state == .failed)
            _ = try await queue.fail(
                jobID: second.id, workerID: "A", error: "cannot decode: still", state: next.state,
                runAfter: next.runAfter,
                now: now + 10)
            #expect(
                try await queue.claim(workerID: "A", now: now + 1000, leaseUntil: rules.leaseEnd(now: now + 1000))
                    == nil)
            let failed = try await queue.failedJobs(limit: 10)
            #expect(failed.map(\.id) == [first.id] && failed.first?.lastError == "cannot decode: still")
            #expect(try await queue.retry(jobID: "no-such-job", now: now + 1000) == 0)
            #expect(try await queue.retry(jobID: nil, now: now + 1000) == 1)
            let retried = try #require(try await queue.job(id: first.id))
            #expect(retried.state == .queued && retried.attempts == 0)
            #expect(
                try await queue.claim(workerID: "B", now: now + 1000, leaseUntil: rules.leaseEnd(now: now + 1000))
                    != nil)
        }
    }

    /// Two processes' worth of workers (each its own connection pool) claim 60 jobs at once: every
    /// job is held by exactly one worker, and each claimed once.
    @Test(arguments: TestEngine.enabled)
    func concurrentWorkersNeverHoldTheSameJob(_ engine: TestEngine) async throws {
        let fresh = try await engine.freshDatabase()
        let other = try await SoTubeDatabase.open(
            DatabaseSettings(location: fresh.location), now: TestEngine.now, logger: TestEngine.logger, migrate: false)
        do {
            let db = fresh.database
            let tracks = try await CommerceCatalog.album(db.backend, "al", prices: Array(repeating: 1, count: 60))
            let queue = db.mediaJobs(ids: SequentialIDSource(prefix: "job"))
            for track in tracks {
                try await queue.enqueue(kind: .renditions, trackID: track, payload: "{}", now: TestEngine.now)
            }
            let queues = [queue, other.mediaJobs(ids: SequentialIDSource(prefix: "x"))]
            let claims = try await withThrowingTaskGroup(of: [(String, String)].self) { group in
                for worker in 0..<8 {
                    group.addTask {
                        var mine: [(String, String)] = []
                        let workerID = "w\(worker)"
                        while let job = try await queues[worker % 2].claim(
                            workerID: workerID, now: TestEngine.now, leaseUntil: rules.leaseEnd(now: TestEngine.now))
                        {
                            mine.append((job.id, workerID))
                        }
                        return mine
                    }
                }
                return try await group.reduce(into: [(String, String)]()) { $0 += $1 }
            }
            #expect(claims.count == 60)
            #expect(Set(claims.map(\.0)).count == 60, "no job claimed twice")
            let holders = try await db.backend.read { db in
                try await db.raw("SELECT id, worker_id, attempts FROM media_jobs").all().map {
                    (
                        try $0.decode(column: "id", as: String.self),
                        try $0.decode(column: "worker_id", as: String.self),
                        try $0.decode(column: "attempts", as: Int.self)
                    )
                }
            }
            let claimedBy = Dictionary(uniqueKeysWithValues: claims)
            #expect(holders.allSatisfy { claimedBy[$0.0] == $0.1 && $0.2 == 1 })
        } catch {
            await other.shutdown()
            await fresh.close()
            throw error
        }
        await other.shutdown()
        await fresh.close()
    }
}
