import Foundation
import SoTubeCore
import SoTubeMedia
import Testing

/// Issue 17 through the real importer: previews are never more than half the song, and an album
/// built by two imports is priced from all its songs.
@Suite(.serialized) struct PreviewAndAlbumImportTests {
    /// ffprobe reads an MP3 preview a few milliseconds longer than it was cut (frames, padding).
    static let codecTolerance = 0.15

    @Test func aShortSongsPreviewIsHalfOfItAndALongOneTheConfiguredLength() async throws {
        let h = try await MediaHarness.make()
        let music = h.directory.appendingPathComponent("music")
        try await h.make(
            music.appendingPathComponent("Short.mp3"), seconds: 20,
            tags: ["title": "Short", "artist": "Preview Artist", "album": "Lengths"], codec: Codec.mp3)
        try await h.make(
            music.appendingPathComponent("Long.m4a"), seconds: 120, frequency: 550,
            tags: ["title": "Long", "artist": "Preview Artist", "album": "Lengths"], codec: Codec.aac)
        let report = try await h.importer().importFolder(music)
        #expect(report.imported.count == 2, "\(report.skipped)")
        let rows = Dictionary(uniqueKeysWithValues: try await h.rows().map { ($0.title, $0) })
        let short = try await h.duration(h.mediaRoot.appendingPathComponent(try #require(rows["Short"]).previewPath))
        let long = try await h.duration(h.mediaRoot.appendingPathComponent(try #require(rows["Long"]).previewPath))
        print("preview of a 20 s song: \(short) s; of a 120 s song: \(long) s")
        #expect(short > 9.5 && short <= 10 + Self.codecTolerance, "\(short) s")
        #expect(long > 29.5 && long <= 30 + Self.codecTolerance, "\(long) s")
        await h.close()
    }

    @Test func reimportRecutsAWholeSongPreviewAnOlderBuildMade() async throws {
        let h = try await MediaHarness.make()
        let music = h.directory.appendingPathComponent("music")
        try await h.make(
            music.appendingPathComponent("Short.mp3"), seconds: 20,
            tags: ["title": "Short", "artist": "Preview Artist", "album": "Lengths"], codec: Codec.mp3)
        try await h.make(
            music.appendingPathComponent("Long.mp3"), seconds: 70, frequency: 550,
            tags: ["title": "Long", "artist": "Preview Artist", "album": "Lengths"], codec: Codec.mp3)
        #expect(try await h.importer().importFolder(music).imported.count == 2)
        // What the old rule left behind: the 20-second song whole as its own preview.
        let row = try #require(try await h.rows().first { $0.title == "Short" })
        let preview = h.mediaRoot.appendingPathComponent(row.previewPath)
        try FileManager.default.removeItem(at: preview)
        try FileManager.default.copyItem(at: music.appendingPathComponent("Short.mp3"), to: preview)
        #expect(try await h.duration(preview) > 19)

        let again = try await h.importer().importFolder(music)
        #expect(again.updated.count == 1 && again.unchanged.count == 1, "\(again)")
        #expect(try await h.duration(preview) <= 10 + Self.codecTolerance)
        let third = try await h.importer().importFolder(music)
        #expect(third.unchanged.count == 2, "a fitting preview is left alone")
        await h.close()
    }

    @Test func anAlbumImportedInTwoRunsCostsEightyPercentOfAllItsSongs() async throws {
        let h = try await MediaHarness.make()
        let tags = { (n: Int) in
            ["title": "Part \(n)", "artist": "Two Runs", "album": "Ten Parts", "track": "\(n)/10"]
        }
        let first = h.directory.appendingPathComponent("first")
        let second = h.directory.appendingPathComponent("second")
        try await h.make(first.appendingPathComponent("01.mp3"), seconds: 2, tags: tags(1), codec: Codec.mp3)
        for n in 2...10 {
            try await h.make(
                second.appendingPathComponent(String(format: "%02d.mp3", n)), seconds: 2, frequency: 300 + n * 40,
                tags: tags(n), codec: Codec.mp3)
        }
        #expect(try await h.importer().importFolder(first).imported.count == 1)
        let trackID = try #require(try await h.rows().first).id
        let albumID = try #require(try await h.database.catalog.tracks(ids: [trackID]).first).albumID
        #expect(try await h.database.catalog.album(id: albumID)?.price == 8)
        #expect(try await h.importer().importFolder(second).imported.count == 9)
        let album = try #require(try await h.database.catalog.album(id: albumID))
        #expect(album.trackCount == 10)
        #expect(album.price == 80, "80 % of ten 10-coin songs")
        #expect(album.operatorPrice == nil)
        await h.close()
    }
}
