import Foundation
import SoTubeCore
import SoTubeMedia
import Testing

/// An import's album pictures are made by artwork jobs, one an album, not by the scan: the scan
/// writes every song's row (with its album's picture path) without starting an ffmpeg, and the
/// workers make each album's picture from its songs' attached picture, else a cover image in the
/// folder, else a generated one.
@Suite(.serialized) struct AlbumPictureJobTests {
    @Test func theScanQueuesOnePictureAnAlbumAndTheWorkersMakeIt() async throws {
        let h = try await MediaHarness.make()
        let music = h.directory.appendingPathComponent("music")
        for n in 1...3 {  // an attached picture, colour 0x336699
            try await h.make(
                music.appendingPathComponent("Blue/Attached/0\(n).mp3"), seconds: 2, frequency: 300 + n * 40,
                tags: ["title": "Attached \(n)", "artist": "Blue", "album": "Attached", "track": "\(n)"],
                cover: true, codec: Codec.mp3)
        }
        for n in 1...2 {  // a cover.jpg beside the songs
            try await h.make(
                music.appendingPathComponent("Red/Folder/0\(n).ogg"), seconds: 2, frequency: 500 + n * 40,
                tags: ["title": "Folder \(n)", "artist": "Red", "album": "Folder"], codec: Codec.vorbis)
        }
        try await h.tools.ffmpeg([
            "-f", "lavfi", "-i", "color=c=0xcc2222:s=300x300:d=1", "-frames:v", "1",
            music.appendingPathComponent("Red/Folder/cover.jpg").path,
        ])
        try await h.make(  // nothing: a generated cover
            music.appendingPathComponent("Plain/None/01.flac"), seconds: 2,
            tags: ["TITLE": "Plain", "ARTIST": "Plain", "ALBUM": "None"], codec: Codec.flac)

        var importer = h.importer()
        importer.waitsForJobs = false
        let report = try await importer.importFolder(music)
        #expect(report.imported.count == 6, "\(report.skipped)")

        // The rows are written, each naming its album's picture, which is not made yet.
        let rows = try await h.rows()
        var pictureOf: [String: String] = [:]
        for row in rows {
            let artwork = try #require(row.artwork, "\(row.title) names its album's picture")
            #expect(!exists(h, artwork, size: 600), "\(row.title): the scan made no picture")
            #expect(pictureOf[row.album, default: artwork] == artwork, "one picture an album")
            pictureOf[row.album] = artwork
        }
        #expect(Set(pictureOf.values).count == 3)
        #expect(try await h.count("SELECT COUNT(*) AS n FROM media_jobs WHERE kind = 'artwork'") == 3)

        try await importer.runJobs(trackIDs: Array(report.imported.values))
        #expect(try await h.count("SELECT COUNT(*) AS n FROM media_jobs WHERE state <> 'done'") == 0)
        for (album, artwork) in pictureOf {
            for size in ArtworkSizes.sizes {
                #expect(exists(h, artwork, size: size), "\(album) \(size) px")
            }
        }
        let attached = try await averageColour(h, try #require(pictureOf["Attached"]))
        #expect(near(attached, (0x33, 0x66, 0x99)), "the attached picture: \(attached)")
        let folder = try await averageColour(h, try #require(pictureOf["Folder"]))
        #expect(near(folder, (0xcc, 0x22, 0x22)), "the folder's cover.jpg: \(folder)")
        let generated = try await averageColour(h, try #require(pictureOf["None"]))
        #expect(!near(generated, attached) && !near(generated, folder), "a generated cover: \(generated)")

        // Imported again, unchanged: no picture is queued or made again.
        let again = try await importer.importFolder(music)
        #expect(again.unchanged.count == 6)
        #expect(try await h.count("SELECT COUNT(*) AS n FROM media_jobs WHERE state <> 'done'") == 0)
        await h.close()
    }

    @Test func anArtworkJobIsTakenBeforeRenditionsAndABrokenPictureFallsBackToAGeneratedOne() async throws {
        let h = try await MediaHarness.make()
        let music = h.directory.appendingPathComponent("music")
        try await h.make(
            music.appendingPathComponent("Broken/Cover/01.ogg"), seconds: 2,
            tags: ["title": "Broken", "artist": "Broken", "album": "Cover"], codec: Codec.vorbis)
        try Data("not a picture".utf8).write(to: music.appendingPathComponent("Broken/Cover/cover.jpg"))
        var importer = h.importer()
        importer.waitsForJobs = false
        let report = try await importer.importFolder(music)
        let trackID = try #require(report.imported.values.first)

        let worker = importer.worker(workerID: "test")
        let first = try await h.queue.claim(workerID: "peek", now: Date(), leaseUntil: 0)
        #expect(first?.kind == .artwork, "the album's picture is taken first")
        #expect(first?.trackID == trackID)
        // Put back (its lease has already ended), then done by a worker as usual.
        while try await worker.runOne() {}
        let artwork = try #require(try await h.rows().first?.artwork)
        for size in ArtworkSizes.sizes { #expect(exists(h, artwork, size: size), "\(size) px") }
        #expect(try await h.count("SELECT COUNT(*) AS n FROM media_jobs WHERE state <> 'done'") == 0)
        await h.close()
    }

    private func exists(_ h: MediaHarness, _ artwork: String, size: Int) -> Bool {
        FileManager.default.fileExists(
            atPath: h.mediaRoot.appendingPathComponent(ArtworkSizes.path(for: artwork, size: size)).path)
    }

    /// The 100 px JPEG scaled to one pixel.
    private func averageColour(_ h: MediaHarness, _ artwork: String) async throws -> (Int, Int, Int) {
        let file = h.mediaRoot.appendingPathComponent(ArtworkSizes.path(for: artwork, size: 100))
        let pixel = try await h.tools.ffmpeg([
            "-i", file.path, "-vf", "scale=1:1:flags=area", "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1",
        ])
        let bytes = [UInt8](pixel)
        guard bytes.count >= 3 else { return (-1, -1, -1) }
        return (Int(bytes[0]), Int(bytes[1]), Int(bytes[2]))
    }

    private func near(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Bool {
        abs(a.0 - b.0) <= 16 && abs(a.1 - b.1) <= 16 && abs(a.2 - b.2) <= 16
    }
}
