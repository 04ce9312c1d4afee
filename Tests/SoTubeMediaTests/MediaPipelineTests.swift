import Foundation
import SQLKit
import SoTubeCore
import SoTubeMedia
import SoTubeStoreSQL
import Testing

/// The two-stage import on a real SQLite store with real ffmpeg: the scan writes songs that are not
/// on sale yet and queues their jobs; workers make the files (a damaged file fails its jobs with a
/// reason while the others go on); loudness agrees with ffmpeg's own measurement.
@Suite(.serialized) struct MediaPipelineTests {
    struct State: Sendable {
        var title: String
        var ready: Bool
        var previewPath: String
        var loudness: Int?
        var peak: Int?
        var albumLoudness: Int?
    }

    func states(_ h: MediaHarness) async throws -> [String: State] {
        let rows = try await h.database.backend.read { db in
            try await db.raw(
                """
                SELECT t.title, t.ready, t.preview_path, t.loudness_centi, t.true_peak_centi,
                    al.loudness_centi AS album_loudness
                FROM tracks t JOIN albums al ON al.id = t.album_id
                """
            ).all().map {
                State(
                    title: try $0.decode(column: "title", as: String.self),
                    ready: try $0.decode(column: "ready", as: Int.self) != 0,
                    previewPath: try $0.decode(column: "preview_path", as: String.self),
                    loudness: try $0.decode(column: "loudness_centi", as: Int?.self),
                    peak: try $0.decode(column: "true_peak_centi", as: Int?.self),
                    albumLoudness: try $0.decode(column: "album_loudness", as: Int?.self))
            }
        }
        return Dictionary(uniqueKeysWithValues: rows.map { ($0.title, $0) })
    }

    /// A FLAC whose header probes as a 20-second song but whose frames are garbage.
    func damagedFLAC(_ h: MediaHarness, at path: URL) async throws {
        let good = h.directory.appendingPathComponent("good-\(UUID().uuidString).flac")
        try await h.make(good, seconds: 20, codec: Codec.flac)
        var bytes = [UInt8](try Data(contentsOf: good))
        for index in 8192..<bytes.count { bytes[index] = UInt8(truncatingIfNeeded: index &* 31 &+ 7) }
        try Data(bytes).write(to: path)
    }

    /// Runs due jobs; when none is due, moves the worker's clock past any backoff. Bounded.
    func drain(_ worker: MediaWorker, _ clock: ManualClock, _ queue: SQLMediaJobQueue) async throws {
        for _ in 0..<20 {
            while try await worker.runOne() {}
            if try await queue.counts(trackIDs: nil).pending == 0 { return }
            clock.advance(by: 600)
        }
        Issue.record("jobs still pending")
    }

    @Test func theScanSellsNothingUntilWorkersMakeThePreviewsAndABadFileFailsAlone() async throws {
        let h = try await MediaHarness.make()
        let music = h.directory.appendingPathComponent("music")
        let album = music.appendingPathComponent("Band/Record")
        for (n, codec, ext) in [(1, Codec.mp3, "mp3"), (2, Codec.flac, "flac"), (3, Codec.vorbis, "ogg")] {
            try await h.make(
                album.appendingPathComponent("0\(n) Song \(n).\(ext)"), seconds: 40, frequency: 300 + 100 * n,
                codec: codec)
        }
        try await damagedFLAC(h, at: album.appendingPathComponent("04 Damaged.flac"))
        var importer = h.importer()
        importer.waitsForJobs = false
        let report = try await importer.importFolder(music)
        #expect(report.imported.count == 4 && report.skipped.isEmpty, "\(report.skipped)")
        #expect(report.pendingJobs == 9, "two jobs a song, and the album's picture")
        #expect(try await h.count("SELECT COUNT(*) AS n FROM media_jobs WHERE kind = 'artwork'") == 1)
        var songs = try await states(h)
        #expect(songs.values.allSatisfy { !$0.ready }, "nothing on sale before its preview")
        #expect(
            songs.values.allSatisfy {
                !FileManager.default.fileExists(atPath: h.mediaRoot.appendingPathComponent($0.previewPath).path)
            }, "the scan never transcodes")

        // A scan run again resumes: the queued songs are unchanged, nothing is queued twice.
        let again = try await importer.importFolder(music)
        #expect(again.unchanged.count == 4 && again.imported.isEmpty && again.updated.isEmpty)
        #expect(try await h.queue.counts(trackIDs: nil) == MediaJobCounts(queued: 9))

        let clock = ManualClock()
        var workerImporter = importer
        workerImporter.clock = clock
        try await drain(workerImporter.worker(workerID: "test-worker"), clock, h.queue)
        songs = try await states(h)
        for n in 1...3 {
            let song = try #require(songs["Song \(n)"])
            #expect(song.ready, "Song \(n) is on sale")
            #expect(FileManager.default.fileExists(atPath: h.mediaRoot.appendingPathComponent(song.previewPath).path))
            #expect(song.loudness != nil && song.albumLoudness != nil)
        }
        let damaged = try #require(songs["Damaged"])
        #expect(!damaged.ready && damaged.loudness == nil)
        let damagedFolder = h.mediaRoot.appendingPathComponent(
            (damaged.previewPath as NSString).deletingLastPathComponent)
        let left = (try? FileManager.default.contentsOfDirectory(atPath: damagedFolder.path)) ?? []
        #expect(left.isEmpty, "a failed run leaves no half-written file: \(left)")
        // Seven jobs, and the MP3s of the FLAC and the Ogg song, queued once each was on sale.
        #expect(try await h.queue.counts(trackIDs: nil) == MediaJobCounts(done: 9, failed: 2))
        let failed = try await h.queue.failedJobs(limit: 10)
        #expect(failed.count == 2 && failed.allSatisfy { $0.attempts == MediaJobRules().maxAttempts })
        #expect(failed.allSatisfy { $0.lastError?.contains("no audio could be decoded") == true }, "\(failed)")
        await h.close()
    }

    @Test func aRetriedJobAfterADeadWorkerLeavesOneSetOfFiles() async throws {
        let h = try await MediaHarness.make()
        let music = h.directory.appendingPathComponent("music")
        try await h.make(music.appendingPathComponent("A/B/01 One.flac"), seconds: 30, codec: Codec.flac)
        var importer = h.importer()
        importer.waitsForJobs = false
        _ = try await importer.importFolder(music)
        let clock = ManualClock()
        importer.clock = clock
        let worker = importer.worker(workerID: "alive")
        #expect(try await worker.runOne(), "the album's picture, taken first")
        // A worker took the renditions job and died half-way: its lease runs, its temp files stay.
        let dead = try #require(
            try await h.queue.claim(workerID: "dead", now: clock.now(), leaseUntil: (clock.now() + 60).epochMillis))
        let song = try #require(try await states(h)["One"])
        let folder = h.mediaRoot.appendingPathComponent((song.previewPath as NSString).deletingLastPathComponent)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(repeating: 7, count: 1000).write(to: folder.appendingPathComponent("preview.part.mp3"))
        try Data(repeating: 7, count: 1000).write(to: folder.appendingPathComponent("full.part.mp3"))

        #expect(dead.kind == .renditions)
        while try await worker.runOne() {}  // the loudness job only: the other is still leased
        #expect(try await h.queue.counts(trackIDs: nil) == MediaJobCounts(running: 1, done: 2))
        clock.advance(by: 61)
        #expect(try await worker.runOne())
        let retried = try #require(try await h.queue.job(id: dead.id))
        #expect(retried.state == .done && retried.attempts == 2 && retried.workerID == "alive")
        var names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["original.flac", "preview.mp3"], "no half-written or second files")
        #expect(try await states(h)["One"]?.ready == true)
        while try await worker.runOne() {}  // the song's MP3
        names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["full.mp3", "original.flac", "preview.mp3"])
        #expect(try await h.count("SELECT COUNT(*) AS n FROM tracks") == 1)
        await h.close()
    }

    /// A song imported before loudness existed (no measurement, no job) is measured when its folder
    /// is imported again, though the file is unchanged.
    @Test func aSongFromBeforeLoudnessIsMeasuredOnTheNextImport() async throws {
        let h = try await MediaHarness.make()
        let music = h.directory.appendingPathComponent("music")
        try await h.make(music.appendingPathComponent("A/B/01 Old.mp3"), seconds: 20, codec: Codec.mp3)
        #expect(try await h.importer().importFolder(music).imported.count == 1)
        try await h.database.backend.transaction { db in
            try await db.raw("UPDATE tracks SET loudness_centi = NULL, true_peak_centi = NULL").run()
            try await db.raw("DELETE FROM media_jobs WHERE kind = 'loudness'").run()
        }
        let again = try await h.importer().importFolder(music)
        #expect(again.unchanged.count == 1 && again.imported.isEmpty && again.updated.isEmpty)
        #expect(try await states(h)["Old"]?.loudness != nil)
        let third = try await h.importer().importFolder(music)
        #expect(third.unchanged.count == 1)
        #expect(try await h.queue.counts(trackIDs: nil) == MediaJobCounts(done: 3), "nothing queued twice")
        await h.close()
    }

    /// Tones of known level: the stored loudness is within 0.5 LU of ffmpeg's own `loudnorm`
    /// analysis and of the level the tone was made at (a sine's loudness is its peak level − 3.01).
    @Test func loudnessAgreesWithFFmpegsOwnReport() async throws {
        let h = try await MediaHarness.make()
        let music = h.directory.appendingPathComponent("music/Tones/Levels")
        let levels = [-6.0, -16.0, -26.0]
        for (index, level) in levels.enumerated() {
            let path = music.appendingPathComponent("0\(index + 1) Level \(Int(-level)).flac")
            try FileManager.default.createDirectory(at: music, withIntermediateDirectories: true)
            // 997 Hz (K-weighting is ~0 dB there), full-scale sine scaled to `level` dBFS peak.
            try await h.tools.ffmpeg([
                "-f", "lavfi", "-i", "aevalsrc=pow(10\\,\(level)/20)*sin(2*PI*997*t):s=48000:d=12",
                "-c:a", "flac", path.path,
            ])
        }
        let report = try await h.importer().importFolder(h.directory.appendingPathComponent("music"))
        #expect(report.imported.count == 3 && report.failedJobs.isEmpty, "\(report.failedJobs)")
        let songs = try await states(h)
        var measured: [(Loudness, Int)] = []
        for (index, level) in levels.enumerated() {
            let song = try #require(songs["Level \(Int(-level))"])
            let stored = Double(try #require(song.loudness)) / 100
            let peak = Double(try #require(song.peak)) / 100
            let path = music.appendingPathComponent("0\(index + 1) Level \(Int(-level)).flac").path
            let output = try await h.tools.run(
                h.tools.ffmpeg,
                ["-nostdin", "-hide_banner", "-i", path, "-af", "loudnorm=print_format=json", "-f", "null", "-"])
            let json = try #require(output.errorText.range(of: "{", options: .backwards)).lowerBound
            let report =
                try JSONSerialization.jsonObject(with: Data(output.errorText[json...].utf8)) as? [String: String]
            let ffmpegI = try #require(Double(report?["input_i"] ?? ""))
            let ffmpegTP = try #require(Double(report?["input_tp"] ?? ""))
            #expect(abs(stored - ffmpegI) <= 0.5, "\(level) dBFS: stored \(stored), ffmpeg \(ffmpegI)")
            #expect(abs(stored - (level - 3.01)) <= 0.5, "\(level) dBFS: stored \(stored)")
            #expect(abs(peak - ffmpegTP) <= 0.5 && abs(peak - level) <= 0.5, "peak \(peak), ffmpeg \(ffmpegTP)")
            measured.append((Loudness(integratedLUFS: stored, truePeakDB: peak), 12_000))
        }
        let album = try #require(songs["Level 6"]?.albumLoudness)
        let expected = try #require(Loudness.album(measured.map { (loudness: $0.0, durationMs: $0.1) }))
        #expect(abs(Double(album) / 100 - expected.integratedLUFS) < 0.02)
        await h.close()
    }
}
