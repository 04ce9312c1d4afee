import Foundation
import SQLKit
import SoTubeCore
import SoTubeMedia
import Testing

@Suite(.serialized) struct DemoCatalogTests {
    @Test func synthesisIsDeterministicAndHasRhythm() {
        let synth = DemoSynth(sampleRate: 22050)
        let style = DemoStyle.all["Party"]!
        let a = synth.render(style: style, seed: 42, seconds: 10)
        let b = synth.render(style: style, seed: 42, seconds: 10)
        let c = synth.render(style: style, seed: 43, seconds: 10)
        #expect(a == b)
        #expect(a != c)
        #expect(Double(a.count) / 22050 >= 10)
        // Loudness moves with the beat: short-window levels vary, unlike a steady test tone.
        let window = 22050 / 20
        let levels = stride(from: 0, to: a.count - window, by: window).map { start in
            (start..<start + window).reduce(0.0) { $0 + abs(Double(a[$1])) } / Double(window)
        }
        let mean = levels.reduce(0, +) / Double(levels.count)
        let deviation = (levels.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(levels.count))
            .squareRoot()
        #expect(deviation / mean > 0.15, "levels vary with the rhythm: \(deviation / mean)")
        let other = synth.render(style: DemoStyle.all["Melancholy"]!, seed: 42, seconds: 10)
        #expect(other.count != a.count, "styles differ in tempo, so bar lengths differ")
    }

    @Test func seedsTheDemoCatalogOnceWithEverythingThePagesNeed() async throws {
        let h = try await MediaHarness.make()
        // Every song's row is written at once; the audio (synthesis, MP3, preview, waveform, loudness)
        // is made here for the first six songs only, which is where the minutes go. Every demo song's
        // audio is made and checked end to end (e2e/api/test_first_start.py: all 66 on sale, each
        // preview 20-31 s).
        var importer = h.importer()
        importer.waitsForJobs = false
        let seeder = DemoSeeder(importer: importer)
        let summary = try #require(try await seeder.seedIfEmpty())
        #expect(summary.skipped.isEmpty, "\(summary.skipped)")
        #expect(summary.trackIDs.count == summary.songs)
        let made = Array(summary.trackIDs.prefix(6))
        try #require(made.count == 6)
        try await h.database.backend.transaction { db in
            try await db.raw("DELETE FROM media_jobs WHERE track_id NOT IN (\(binds: made))").run()
        }
        try await importer.runJobs(trackIDs: made)
        let failed = try await h.queue.failedJobs(limit: 100)
        #expect(failed.isEmpty, "\(failed.map { "\($0.kind.rawValue): \($0.lastError ?? "")" })")
        #expect(try await h.count("SELECT COUNT(*) AS n FROM artists") >= 6)
        #expect(try await h.count("SELECT COUNT(*) AS n FROM albums") >= 10)
        #expect(try await h.count("SELECT COUNT(*) AS n FROM tracks") >= 60)
        #expect(try await h.count("SELECT COUNT(*) AS n FROM moods") == 5)
        #expect(try await h.count("SELECT COUNT(*) AS n FROM playlists WHERE kind = 'mood'") == 5)
        #expect(
            try await h.count(
                "SELECT COUNT(*) AS n FROM playlists WHERE kind = 'volume' AND featured = 1") == 4)
        #expect(
            try await h.count(
                "SELECT MIN(c) AS n FROM (SELECT COUNT(*) AS c FROM playlist_tracks pt JOIN playlists p ON p.id = pt.playlist_id WHERE p.kind = 'volume' GROUP BY p.id) x"
            ) == 10)
        #expect(
            try await h.count("SELECT COUNT(*) AS n FROM artists WHERE bio IS NULL OR image_path IS NULL")
                == 0)
        #expect(
            try await h.count(
                "SELECT COUNT(*) AS n FROM albums WHERE release_date IS NULL OR artwork_path IS NULL") == 0)
        #expect(try await h.count("SELECT COUNT(*) AS n FROM tracks WHERE lyrics IS NOT NULL") >= 10)
        #expect(try await h.count("SELECT COUNT(*) AS n FROM tracks WHERE explicit = 1") >= 1)
        #expect(
            try await h.count("SELECT COUNT(*) AS n FROM tracks WHERE price < 5 OR price > 15") == 0)
        #expect(
            try await h.count(
                "SELECT COUNT(*) AS n FROM albums a WHERE a.price >= (SELECT SUM(price) FROM tracks t WHERE t.album_id = a.id)"
            ) == 0,
            "an album bundle is cheaper than its songs")
        #expect(
            try await h.count("SELECT MIN(duration_ms) AS n FROM tracks") >= 59_500,
            "songs are at least twice as long as previews")
        let rows = try await h.rows()
        let madeRows = rows.filter { made.contains($0.id) }
        #expect(madeRows.count == 6)
        for row in madeRows {
            let preview = try await h.duration(h.mediaRoot.appendingPathComponent(row.previewPath))
            #expect(preview >= 29.5 && preview <= 30.5, "the whole 30-second preview: \(preview) s")
            #expect(row.mediaType == "audio/mpeg")
        }
        #expect(rows.contains { $0.artist == "Ёлка Дуэт" })
        // Once seeded, it is not seeded again.
        #expect(try await seeder.seedIfEmpty() == nil)
        await h.close()
    }
}
