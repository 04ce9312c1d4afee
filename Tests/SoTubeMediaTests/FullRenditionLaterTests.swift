import Foundation
import SoTubeCore
import SoTubeMedia
import SoTubeStoreSQL
import Testing

/// A song whose source browsers play as it is (FLAC here) goes on sale with its preview and is played
/// in full from its imported file; its MP3 is a later job, taken before any loudness job, and the
/// song plays the MP3 from then on. An MP3 source is copied as before, in one job.
@Suite(.serialized) struct FullRenditionLaterTests {
    func row(_ h: MediaHarness, _ title: String) async throws -> MediaHarness.Row {
        try #require(try await h.rows().first { $0.title == title })
    }

    func ready(_ h: MediaHarness, _ id: String) async throws -> Bool {
        try await h.count("SELECT ready AS n FROM tracks WHERE id = '\(id)'") == 1
    }

    func queued(_ h: MediaHarness, kind: String) async throws -> Int {
        try await h.count("SELECT COUNT(*) AS n FROM media_jobs WHERE kind = '\(kind)' AND state = 'queued'")
    }

    @Test func aFLACIsOnSaleWithItsPreviewAndPlaysItsOwnFileUntilItsMP3IsMade() async throws {
        let h = try await MediaHarness.make()
        let music = h.directory.appendingPathComponent("music")
        let flac = music.appendingPathComponent("A/B/01 One.flac")
        try await h.make(flac, seconds: 30, codec: Codec.flac)
        try await h.make(music.appendingPathComponent("A/B/02 Two.mp3"), seconds: 30, codec: Codec.mp3)
        var importer = h.importer()
        importer.waitsForJobs = false
        _ = try await importer.importFolder(music)
        let worker = importer.worker(workerID: "w")
        for _ in 0..<3 { #expect(try await worker.runOne()) }  // the album's picture, two songs' renditions

        var one = try await row(h, "One")
        #expect(try await ready(h, one.id), "on sale with its preview")
        #expect(one.mediaType == "audio/flac" && one.mediaPath.hasSuffix("/original.flac"), "\(one.mediaPath)")
        let played = h.mediaRoot.appendingPathComponent(one.mediaPath)
        #expect(try Data(contentsOf: played) == Data(contentsOf: flac), "the whole imported file plays")
        let folder = h.mediaRoot.appendingPathComponent((one.mediaPath as NSString).deletingLastPathComponent)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                "original.flac", "preview.mp3",
            ])
        let two = try await row(h, "Two")
        #expect(two.mediaType == "audio/mpeg" && two.mediaPath.hasSuffix("/full.mp3"), "an MP3 is copied at once")
        #expect(try await queued(h, kind: "full") == 1, "one MP3 to make: the FLAC's")
        #expect(try await queued(h, kind: "loudness") == 2)

        #expect(try await worker.runOne())  // the MP3, before either loudness job
        #expect(try await queued(h, kind: "full") == 0)
        #expect(try await queued(h, kind: "loudness") == 2)
        one = try await row(h, "One")
        #expect(one.mediaType == "audio/mpeg" && one.mediaPath.hasSuffix("/full.mp3"), "\(one.mediaPath)")
        let mp3 = try await h.tools.probe(h.mediaRoot.appendingPathComponent(one.mediaPath).path)
        #expect(
            mp3.audioCodec == "mp3" && abs(mp3.durationSeconds - 30) < 0.5, "\(mp3.audioCodec) \(mp3.durationSeconds)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                "full.mp3", "original.flac", "preview.mp3",
            ], "the original stays for downloads")
        // A late result for a song no longer played from that file changes nothing.
        #expect(
            try await !h.writer.finishFullRendition(
                trackID: one.id, playedFrom: "\((one.mediaPath as NSString).deletingLastPathComponent)/original.flac",
                mediaPath: "elsewhere.mp3", mediaType: "audio/mpeg"))
        #expect(try await row(h, "One").mediaPath == one.mediaPath)
        while try await worker.runOne() {}
        #expect(try await h.queue.counts(trackIDs: nil) == MediaJobCounts(done: 6))
        await h.close()
    }

    @Test func withoutKeptOriginalsTheImportedFileGoesOnceTheMP3Plays() async throws {
        let h = try await MediaHarness.make()
        let music = h.directory.appendingPathComponent("music")
        try await h.make(music.appendingPathComponent("A/B/01 One.ogg"), seconds: 20, codec: Codec.vorbis)
        var importer = h.importer()
        importer.keepsOriginals = false
        importer.waitsForJobs = false
        _ = try await importer.importFolder(music)
        let worker = importer.worker(workerID: "w")
        for _ in 0..<2 { #expect(try await worker.runOne()) }
        var one = try await row(h, "One")
        #expect(one.mediaType == "audio/ogg" && one.mediaPath.hasSuffix("/original.ogg"), "\(one.mediaPath)")
        while try await worker.runOne() {}
        one = try await row(h, "One")
        let folder = h.mediaRoot.appendingPathComponent((one.mediaPath as NSString).deletingLastPathComponent)
        #expect(one.mediaPath.hasSuffix("/full.mp3"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["full.mp3", "preview.mp3"])
        await h.close()
    }
}
