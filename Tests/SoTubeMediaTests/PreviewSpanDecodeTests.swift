import Foundation
import SoTubeCore
import SoTubeMedia
import SoTubeStoreSQL
import Testing

/// A song whose header counts its samples goes on sale after decoding only its preview's span; its
/// waveform comes from the loudness job, which decodes the whole song. A header that overstates the
/// song (a truncated file) never leaves a preview longer than half of what is really there.
@Suite(.serialized) struct PreviewSpanDecodeTests {
    /// A harness closed however the test ends (an open SQLite connection traps when released).
    func withHarness(_ body: (MediaHarness) async throws -> Void) async throws {
        let h = try await MediaHarness.make()
        do {
            try await body(h)
        } catch {
            await h.close()
            throw error
        }
        await h.close()
    }

    func row(_ h: MediaHarness, _ title: String) async throws -> MediaHarness.Row {
        try #require(try await h.rows().first { $0.title == title })
    }

    /// Imports `music` without waiting, then runs jobs until the song is on sale (its picture and
    /// renditions jobs, at most four); returns the worker for the rest.
    func importUntilOnSale(_ h: MediaHarness, _ music: URL, _ title: String) async throws -> MediaWorker {
        var importer = h.importer()
        importer.waitsForJobs = false
        _ = try await importer.importFolder(music)
        let worker = importer.worker(workerID: "w")
        let limit = 4
        for _ in 0..<limit {
            let id = try await row(h, title).id
            if try await h.count("SELECT ready AS n FROM tracks WHERE id = '\(id)'") == 1 { return worker }
            #expect(try await worker.runOne())
        }
        Issue.record("\(title) is not on sale after \(limit) jobs")
        return worker
    }

    func peaks(_ row: MediaHarness.Row) throws -> [Double] {
        let text = try #require(row.waveform, "\(row.title) has no waveform")
        return try JSONDecoder().decode([Double].self, from: Data(text.utf8))
    }

    /// An MP3 (CBR, with its Info frame counting `seconds`) cut to `keep` of its bytes.
    func truncatedMP3(_ h: MediaHarness, _ path: URL, seconds: Double, keep: Double) async throws {
        try await h.make(path, seconds: seconds, codec: Codec.mp3)
        let bytes = try Data(contentsOf: path)
        try bytes.prefix(Int(Double(bytes.count) * keep)).write(to: path)
        let probe = try await h.tools.probe(path.path)
        #expect(
            probe.durationIsExact && abs(probe.durationSeconds - seconds) < 0.5, "the header still says \(seconds) s")
    }

    @Test func aSongGoesOnSaleBeforeItsWaveformWhichCoversTheWholeSong() async throws {
        try await withHarness { h in
            let music = h.directory.appendingPathComponent("music")
            let flac = music.appendingPathComponent("A/B/01 Half Silent.flac")
            try FileManager.default.createDirectory(
                at: flac.deletingLastPathComponent(), withIntermediateDirectories: true)
            // 40 s of a tone, then 40 s of silence.
            let toneThenSilence = "sine=frequency=440:sample_rate=44100:duration=40,apad=whole_dur=80"
            try await h.tools.ffmpeg(["-f", "lavfi", "-i", toneThenSilence, "-c:a", "flac", flac.path])
            let worker = try await importUntilOnSale(h, music, "Half Silent")

            var song = try await row(h, "Half Silent")
            let preview = try await h.duration(h.mediaRoot.appendingPathComponent(song.previewPath))
            #expect(abs(preview - 30) < 0.2, "a 30 s preview: \(preview) s")
            #expect(song.waveform == nil, "the waveform is the loudness job's: \(song.waveform ?? "")")

            while try await worker.runOne() {}
            song = try await row(h, "Half Silent")
            let waveform = try peaks(song)
            #expect(waveform.count == MediaTools.waveformPeaks)
            // 120 peaks over 80 s: the tone fills the first 60, the silence the rest.
            #expect(waveform.prefix(55).allSatisfy { $0 > 0.5 }, "\(waveform.prefix(60))")
            #expect(waveform.suffix(55).allSatisfy { $0 < 0.05 }, "the silent half is in it: \(waveform.suffix(60))")
            #expect(try await h.count("SELECT COUNT(*) AS n FROM tracks WHERE loudness_centi IS NOT NULL") == 1)
        }
    }

    @Test func aSongEndingWithinThePreviewsSpanGetsAPreviewOfHalfOfIt() async throws {
        try await withHarness { h in
            let music = h.directory.appendingPathComponent("music")
            // The header says 60 s; 12 s are there.
            try await truncatedMP3(h, music.appendingPathComponent("A/B/01 Cut Short.mp3"), seconds: 60, keep: 0.2)
            let worker = try await importUntilOnSale(h, music, "Cut Short")

            let song = try await row(h, "Cut Short")
            let preview = try await h.duration(h.mediaRoot.appendingPathComponent(song.previewPath))
            #expect(preview <= 6.2 && preview > 5, "on sale with half of the 12 s: \(preview) s")
            #expect(try peaks(song).count == MediaTools.waveformPeaks, "decoded whole, its waveform is known at once")
        }
    }

    @Test func aSongFoundShorterThanItsHeaderByTheLoudnessJobGetsItsPreviewAgain() async throws {
        try await withHarness { h in
            let music = h.directory.appendingPathComponent("music")
            // The header says 120 s; 40 s are there, more than the preview's span.
            try await truncatedMP3(h, music.appendingPathComponent("A/B/01 Truncated.mp3"), seconds: 120, keep: 1.0 / 3)
            let worker = try await importUntilOnSale(h, music, "Truncated")
            let song = try await row(h, "Truncated")
            let previewFile = h.mediaRoot.appendingPathComponent(song.previewPath)
            #expect(abs(try await h.duration(previewFile) - 30) < 0.2, "from the header's 120 s: a 30 s preview")

            while try await worker.runOne() {}
            let preview = try await h.duration(previewFile)
            #expect(preview <= 20.2 && preview > 19, "half of the 40 s there: \(preview) s")
            #expect(try await h.queue.counts(trackIDs: nil).failed == 0)
            #expect(try peaks(try await row(h, "Truncated")).count == MediaTools.waveformPeaks)
        }
    }
}
