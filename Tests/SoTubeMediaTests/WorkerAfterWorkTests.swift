import Foundation
import SoTubeMedia
import Synchronization
import Testing

/// A worker calls its `afterWork` (the server gives the heap's free pages back then) once when it
/// runs out of jobs after doing some, again after the next run of jobs, and never while it only
/// waits on an empty queue. Real SQLite queue, real ffmpeg.
@Suite struct WorkerAfterWorkTests {
    /// How often `afterWork` was called, and how many times the worker looked at `stop` since.
    struct Counts {
        var calls = 0
        var pollsSinceCall = 0
        var polls = 0
    }

    final class Tally: Sendable {
        let counts = Mutex(Counts())
        var calls: Int { counts.withLock { $0.calls } }
    }

    /// Runs `worker` until it has looked at `stop` `polls` times since its last `afterWork` (or since it
    /// started), and at most `maxPolls` times in all.
    func run(_ worker: MediaWorker, tally: Tally, polls: Int, maxPolls: Int = 2_000) async {
        var worker = worker
        tally.counts.withLock { $0.pollsSinceCall = 0 }
        worker.afterWork = {
            tally.counts.withLock {
                $0.calls += 1
                $0.pollsSinceCall = 0
            }
        }
        await worker.run(idleSeconds: 0.01) {
            tally.counts.withLock {
                $0.polls += 1
                $0.pollsSinceCall += 1
                return $0.pollsSinceCall > polls || $0.polls > maxPolls
            }
        }
    }

    @Test func aWorkerCallsAfterWorkOnceAfterEachRunOfJobsAndNeverWhileIdle() async throws {
        let h = try await MediaHarness.make()
        var importer = h.importer()
        importer.waitsForJobs = false

        let idle = Tally()
        await run(importer.worker(workerID: "idle"), tally: idle, polls: 10)
        #expect(idle.calls == 0, "no job was done: nothing to give back")

        let music = h.directory.appendingPathComponent("music")
        try await h.make(music.appendingPathComponent("Band/One/01 First.flac"), seconds: 3, codec: Codec.flac)
        _ = try await importer.importFolder(music)
        #expect(try await h.queue.counts(trackIDs: nil).pending > 1, "a song's jobs are queued")

        let tally = Tally()
        let worker = importer.worker(workerID: "busy")
        await run(worker, tally: tally, polls: 10)
        #expect(try await h.queue.counts(trackIDs: nil).pending == 0, "every job is done")
        #expect(tally.calls == 1, "once after the run of jobs, not on each job or each idle look")

        try await h.make(music.appendingPathComponent("Band/One/02 Second.flac"), seconds: 3, codec: Codec.flac)
        _ = try await importer.importFolder(music)
        await run(worker, tally: tally, polls: 10)
        #expect(try await h.queue.counts(trackIDs: nil).pending == 0)
        #expect(tally.calls == 2, "once more after the second song's jobs")
        await h.close()
    }
}
