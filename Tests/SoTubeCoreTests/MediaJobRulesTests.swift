import Foundation
import SoTubeCore
import Testing

@Suite struct MediaJobRulesTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func job(_ state: MediaJobState, runAfter: Date, leaseUntil: Date? = nil, attempts: Int = 0) -> MediaJob {
        MediaJob(
            id: "j1", kind: .renditions, trackID: "t1", state: state, attempts: attempts, lastError: nil,
            leaseUntil: leaseUntil?.epochMillis, workerID: leaseUntil == nil ? nil : "w1", payload: "{}",
            runAfter: runAfter.epochMillis, createdAt: start.epochMillis, updatedAt: start.epochMillis)
    }

    @Test func aQueuedJobIsDueAtItsTimeAndARunningOneOnlyWhenItsLeaseEnded() {
        let rules = MediaJobRules(leaseSeconds: 30)
        #expect(!rules.isClaimable(job(.queued, runAfter: start + 5), now: start))
        #expect(rules.isClaimable(job(.queued, runAfter: start + 5), now: start + 5))
        let lease = Date(epochMillis: rules.leaseEnd(now: start))
        #expect(lease == start + 30)
        let running = job(.running, runAfter: start, leaseUntil: lease, attempts: 1)
        #expect(!rules.isClaimable(running, now: start + 29))
        #expect(rules.isClaimable(running, now: start + 30.001), "its worker died: another takes it")
        #expect(!rules.isClaimable(job(.done, runAfter: start), now: start + 1000))
        #expect(!rules.isClaimable(job(.failed, runAfter: start), now: start + 1000))
    }

    @Test func failuresWaitLongerEachTimeThenFailForGood() {
        let rules = MediaJobRules(maxAttempts: 4, backoffSeconds: 2, maxBackoffSeconds: 5)
        let first = rules.afterFailure(attempts: 1, now: start)
        #expect(first.state == .queued && first.runAfter == (start + 2).epochMillis)
        #expect(rules.afterFailure(attempts: 2, now: start).runAfter == (start + 4).epochMillis)
        #expect(rules.afterFailure(attempts: 3, now: start).runAfter == (start + 5).epochMillis, "capped")
        #expect(rules.afterFailure(attempts: 4, now: start).state == .failed)
        #expect(!rules.isExhausted(attempts: 4) && rules.isExhausted(attempts: 5))
    }

    @Test func onlyTheQueuesMovesAreAllowed() {
        #expect(MediaJobRules.canMove(from: .queued, to: .running))
        #expect(MediaJobRules.canMove(from: .running, to: .running), "a lapsed lease is taken again")
        #expect(MediaJobRules.canMove(from: .running, to: .done))
        #expect(MediaJobRules.canMove(from: .failed, to: .queued), "retry")
        #expect(!MediaJobRules.canMove(from: .queued, to: .done))
        #expect(!MediaJobRules.canMove(from: .done, to: .running))
        #expect(!MediaJobRules.canMove(from: .failed, to: .done))
    }

    @Test func aPayloadSurvivesTheQueue() {
        let payload = MediaJobPayload(file: "/music/Ünï \"x\".flac", keepOriginal: true, previewSeconds: 20)
        #expect(MediaJobPayload.decode(payload.encoded()) == payload)
        #expect(MediaJobPayload.decode("not json") == nil)
    }
}

@Suite struct LoudnessRulesTests {
    static let summary = """
        [Parsed_ebur128_0 @ 0x5] t: 4.9   TARGET:-23 LUFS    M: -41.1 S:-120.7     I: -41.1 LUFS       LRA:   0.0 LU  FTPK: -38.1 dBFS  TPK: -38.1 dBFS
        [Parsed_ebur128_0 @ 0x557db0716340] Summary:

          Integrated loudness:
            I:         -41.1 LUFS
            Threshold: -51.1 LUFS

          Loudness range:
            LRA:         0.0 LU
            Threshold: -61.1 LUFS
            LRA low:   -41.1 LUFS
            LRA high:  -41.1 LUFS

          True peak:
            Peak:      -38.1 dBFS
        """

    @Test func readsFFmpegsSummaryNotItsRunningLines() throws {
        let loudness = try #require(Loudness.parseEBUR128Summary(Self.summary))
        #expect(loudness.integratedLUFS == -41.1 && loudness.truePeakDB == -38.1)
        #expect(Loudness.parseEBUR128Summary("no summary here") == nil)
        let stats = "[Parsed_astats_3 @ 0x5590] Peak level dB: -1.458863\n"
        #expect(Loudness.parsePeakLevel(Self.summary + stats) == -1.458863)
        #expect(Loudness.parsePeakLevel("[Parsed_astats_3 @ 0x5590] Peak level dB: -inf\n") == -120)
        #expect(Loudness.parsePeakLevel("Peak level dB: nan") == nil && Loudness.parsePeakLevel(Self.summary) == nil)
        #expect(Loudness(storedLoudness: loudness.storedLoudness, storedPeak: loudness.storedPeak) == loudness)
    }

    @Test func gainsTowardTheTargetNeverClip() {
        let quiet = Loudness(integratedLUFS: -24, truePeakDB: -6)
        #expect(quiet.replayGainDB == 6, "ReplayGain 2.0: toward -18 LUFS")
        #expect(quiet.playbackGainDB() == 5, "+10 to reach -14 would clip: the peak stops at -1 dBTP")
        let loud = Loudness(integratedLUFS: -8, truePeakDB: 0.5)
        #expect(loud.playbackGainDB() == -6)
        #expect(abs(Loudness(integratedLUFS: -20, truePeakDB: -6.0206).linearPeak - 0.5) < 0.001)
    }

    @Test func anAlbumIsItsSongsEnergyByDuration() throws {
        let same = try #require(
            Loudness.album([
                (Loudness(integratedLUFS: -20, truePeakDB: -3), 60_000),
                (Loudness(integratedLUFS: -20, truePeakDB: -1), 120_000),
            ]))
        #expect(same.integratedLUFS == -20 && same.truePeakDB == -1)
        // Two equal halves 10 LU apart: the loud one dominates (10·log10((1 + 0.1) / 2) ≈ -2.6 LU below it).
        let mixed = try #require(
            Loudness.album([
                (Loudness(integratedLUFS: -10, truePeakDB: -1), 60_000),
                (Loudness(integratedLUFS: -20, truePeakDB: -9), 60_000),
            ]))
        #expect(abs(mixed.integratedLUFS - (-12.6)) < 0.05)
        #expect(Loudness.album([]) == nil)
    }
}
