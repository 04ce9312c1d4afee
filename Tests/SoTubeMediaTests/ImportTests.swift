import Foundation
import SoTubeCore
import SoTubeMedia
import Testing

@Suite(.serialized) struct ImportTests {
    /// Generated, tagged fixtures in every format, plus files that must be skipped with a reason.
    @Test func importsEveryFormatReadsTagsAndSkipsBadFiles() async throws {
        let h = try await MediaHarness.make()
        let music = h.directory.appendingPathComponent("music")
        try await h.make(
            music.appendingPathComponent("Tagged Artist/Tagged Album/01 file.mp3"), seconds: 42,
            tags: [
                "title": "Sunrise", "artist": "Tagged Artist", "album": "Tagged Album", "track": "1/3",
                "date": "2021-04-02", "genre": "Jazz",
            ], cover: true, codec: Codec.mp3)
        try await h.make(
            music.appendingPathComponent("Tagged Artist/Tagged Album/02.m4a"), seconds: 20,
            frequency: 550,
            tags: ["title": "Noon", "artist": "Tagged Artist", "album": "Tagged Album", "track": "2"],
            codec: Codec.aac)
        try await h.make(
            music.appendingPathComponent("flac/x.flac"), seconds: 36, frequency: 330,
            tags: [
                "TITLE": "Lossless", "ARTIST": "Björk-like", "ALBUM": "Crystals", "TRACKNUMBER": "4",
                "DISCNUMBER": "2",
                "ITUNESADVISORY": "1",
            ], codec: Codec.flac)
        try await h.make(
            music.appendingPathComponent("Path Artist/Path Album/03 Path Title.ogg"), seconds: 12,
            frequency: 660,
            codec: Codec.vorbis)
        try await h.make(
            music.appendingPathComponent("opus/song.opus"), seconds: 8, frequency: 770,
            tags: ["title": "Opus Song", "artist": "Ёлка Дуэт", "album": "Зимний сад"], codec: Codec.opus)
        try await h.make(
            music.appendingPathComponent("Odd Folder/Ünï 'single' \"double\" name.wav"), seconds: 5,
            frequency: 880,
            codec: Codec.wav)
        try Data().write(to: music.appendingPathComponent("empty.mp3"))
        try Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }).write(
            to: music.appendingPathComponent("corrupt.mp3"))
        try Data("liner notes".utf8).write(to: music.appendingPathComponent("notes.txt"))

        let report = try await h.importer().importFolder(music)
        #expect(report.imported.count == 6, "\(report.skipped)")
        #expect(report.updated.isEmpty)
        let reasons = Dictionary(
            uniqueKeysWithValues: report.skipped.map {
                (($0.path as NSString).lastPathComponent, $0.reason)
            })
        #expect(reasons.count == 3)
        #expect(reasons["empty.mp3"]?.contains("empty") == true)
        #expect(reasons["corrupt.mp3"] != nil)
        #expect(reasons["notes.txt"]?.contains("not an audio file") == true)

        let rows = try await h.rows()
        let byTitle = Dictionary(uniqueKeysWithValues: rows.map { ($0.title, $0) })
        let sunrise = try #require(byTitle["Sunrise"])
        #expect(
            sunrise.artist == "Tagged Artist" && sunrise.album == "Tagged Album"
                && sunrise.trackNumber == 1)
        #expect(sunrise.genre == "Jazz")
        #expect(sunrise.mediaType == "audio/mpeg", "MP3 is served as it is")
        #expect(abs(sunrise.durationMs - 42_000) < 500)
        let lossless = try #require(byTitle["Lossless"])
        #expect(
            lossless.artist == "Björk-like" && lossless.trackNumber == 4 && lossless.discNumber == 2)
        #expect(lossless.explicit == 1)
        #expect(lossless.mediaType == "audio/mpeg", "FLAC gets an MP3 rendition")
        let path = try #require(byTitle["Path Title"], "untagged Ogg falls back to its path")
        #expect(path.artist == "Path Artist" && path.album == "Path Album" && path.trackNumber == 3)
        #expect(byTitle["Opus Song"]?.artist == "Ёлка Дуэт")
        #expect(byTitle["Ünï 'single' \"double\" name"] != nil)
        #expect(byTitle["Noon"]?.mediaType == "audio/mp4")

        for row in rows {
            let full = h.mediaRoot.appendingPathComponent(row.mediaPath)
            let preview = h.mediaRoot.appendingPathComponent(row.previewPath)
            let previewSeconds = try await h.duration(preview)
            let fullSeconds = try await h.duration(full)
            #expect(previewSeconds <= 30.5, "\(row.title) preview is \(previewSeconds) s")
            #expect(
                previewSeconds <= Double(row.durationMs) / 2000 + 0.15,
                "\(row.title) preview is \(previewSeconds) s, never more than half the song")
            #expect(
                abs(fullSeconds * 1000 - Double(row.durationMs)) < 1500,
                "\(row.title) full rendition keeps its length")
            #expect(try await h.tools.probe(preview.path).universallyPlayable)
            #expect(try await h.tools.probe(full.path).universallyPlayable)
            let waveform = try #require(row.waveform)
            #expect(
                waveform.hasPrefix("[") && waveform.contains("1.000"), "\(row.title) has waveform peaks")
            let artwork = try #require(row.artwork, "\(row.title) has album artwork")
            for size in ArtworkSizes.sizes {
                #expect(
                    FileManager.default.fileExists(
                        atPath: h.mediaRoot.appendingPathComponent(ArtworkSizes.path(for: artwork, size: size))
                            .path))
            }
        }
        // Sunrise (42 s) is shorter than two previews: its preview is half of it.
        let sunrisePreview = try await h.duration(h.mediaRoot.appendingPathComponent(sunrise.previewPath))
        #expect(sunrisePreview >= 20.5 && sunrisePreview <= 21.15, "\(sunrisePreview) s")
        // No operator prices in these tags: every album is priced from its songs when read.
        #expect(try await h.count("SELECT COUNT(*) AS n FROM albums WHERE price IS NOT NULL") == 0)
        await h.close()
    }

    @Test func reimportAddsNothingTwiceAndUpdatesChangedFiles() async throws {
        let h = try await MediaHarness.make()
        let music = h.directory.appendingPathComponent("music")
        for n in 1...3 {
            try await h.make(
                music.appendingPathComponent("A/B/0\(n) Song \(n).ogg"), seconds: Double(3 + n),
                frequency: 300 + n * 50,
                codec: Codec.vorbis)
        }
        let first = try await h.importer().importFolder(music)
        #expect(first.imported.count == 3)
        let second = try await h.importer().importFolder(music)
        #expect(second.imported.isEmpty && second.updated.isEmpty)
        #expect(second.unchanged.count == 3)
        #expect(try await h.count("SELECT COUNT(*) AS n FROM tracks") == 3)
        #expect(try await h.count("SELECT COUNT(*) AS n FROM albums") == 1)
        #expect(try await h.count("SELECT COUNT(*) AS n FROM artists") == 1)

        // Change one file (new length, new mtime): it is updated in place, same track id.
        let changed = music.appendingPathComponent("A/B/02 Song 2.ogg")
        let before = try await h.rows().first { $0.title == "Song 2" }
        try await h.make(changed, seconds: 9, frequency: 900, codec: Codec.vorbis)
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: changed.path)
        let third = try await h.importer().importFolder(music)
        #expect(
            third.updated.count == 1 && third.imported.isEmpty && third.unchanged.count == 2, "\(third)")
        let after = try await h.rows().first { $0.title == "Song 2" }
        #expect(after?.id == before?.id)
        #expect(abs((after?.durationMs ?? 0) - 9000) < 300)
        #expect(try await h.count("SELECT COUNT(*) AS n FROM tracks") == 3)
        await h.close()
    }

    @Test func previewLengthIsConfigurable() async throws {
        let h = try await MediaHarness.make()
        let music = h.directory.appendingPathComponent("music")
        try await h.make(music.appendingPathComponent("A/B/01 Long.mp3"), seconds: 25, codec: Codec.mp3)
        let report = try await h.importer(previewSeconds: 10).importFolder(music)
        #expect(report.imported.count == 1)
        let row = try #require(try await h.rows().first)
        let seconds = try await h.duration(h.mediaRoot.appendingPathComponent(row.previewPath))
        #expect(seconds > 9 && seconds <= 10.5)
        await h.close()
    }
}
