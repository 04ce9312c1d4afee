import Foundation
import SoTubeAPI
import SoTubeCore
import SoTubeKit
import SoTubeMedia
import SoTubeTestFixtures
import Testing

@testable import SoTubeServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An owner's song through a real server, whole and in the parts a player asks for as it seeks:
/// parts up to `FileResponder.directReadLimit` read at once, larger ones (the whole song, an open
/// end) streamed in chunks. Every part is the file's own bytes with the range headers a player reads,
/// asked one after another; a guest gets the preview's bytes.
@Suite(.liveServerWithAudio) struct AudioRangesKitTests {
    @Test(arguments: TestEngine.enabled) func partsAndTheWholeSongAreTheFilesBytes(engine: TestEngine) async throws {
        let server = try LiveServer.on(engine)
        let songID = try await Self.importLargeSong(server)
        let (client, username) = try await server.newUser("ranges")
        try await server.grant(username, 100)
        try await client.buy(.track(songID))
        let me = try await client.me()
        let stored = try await server.services.playback.play(trackID: songID, for: me.id, .browser)
        #expect(stored.rendition == .full)
        let file = try Data(contentsOf: stored.file.url)
        let size = file.count
        #expect(size > FileResponder.directReadLimit + 200_000, "large enough to be streamed in chunks")

        func fetch(_ range: String?) async throws -> (Data, HTTPURLResponse) {
            var request = URLRequest(url: client.audioURL(trackID: songID))
            for (name, value) in try await client.authorizationHeaders() {
                request.setValue(value, forHTTPHeaderField: name)
            }
            request.setValue(range, forHTTPHeaderField: "Range")
            let (data, response) = try await URLSession.shared.data(for: request)
            return (data, try #require(response as? HTTPURLResponse))
        }
        let (whole, wholeAnswer) = try await fetch(nil)
        #expect(wholeAnswer.statusCode == 200 && whole == file)
        #expect(wholeAnswer.value(forHTTPHeaderField: "Content-Length") == String(size))
        // A player's seeks, one after another: an open end from the start and from the middle, a
        // large part, then small ones (the start, a middle part, the end).
        let parts = [
            ("bytes=0-", 0, size - 1), ("bytes=\(size / 4)-", size / 4, size - 1),
            ("bytes=100000-1299999", 100_000, 1_299_999), ("bytes=0-65535", 0, 65_535),
            ("bytes=200000-264999", 200_000, 264_999), ("bytes=-1000", size - 1000, size - 1),
        ]
        for (header, lower, upper) in parts {
            let (part, answer) = try await fetch(header)
            #expect(answer.statusCode == 206, "\(header)")
            #expect(part == file[lower...upper], "\(header)")
            #expect(answer.value(forHTTPHeaderField: "Content-Range") == "bytes \(lower)-\(upper)/\(size)")
            #expect(answer.value(forHTTPHeaderField: "Content-Length") == String(upper - lower + 1))
            #expect(answer.value(forHTTPHeaderField: SoTubeHeader.rendition) == "full")
        }

        // A guest gets the preview file's bytes, never the song's.
        let preview = try await server.services.playback.play(trackID: songID, for: nil, .browser)
        let previewFile = try Data(contentsOf: preview.file.url)
        #expect(preview.rendition == .preview && previewFile != file.prefix(previewFile.count))
        var guest = URLRequest(url: client.audioURL(trackID: songID))
        guest.setValue("bytes=1000-1999", forHTTPHeaderField: "Range")
        let (previewPart, previewAnswer) = try await URLSession.shared.data(for: guest)
        #expect((previewAnswer as? HTTPURLResponse)?.statusCode == 206 && previewPart == previewFile[1000...1999])
        #expect((previewAnswer as? HTTPURLResponse)?.value(forHTTPHeaderField: SoTubeHeader.rendition) == "preview")
    }

    /// A 40-second song at 320 kbit/s (1.6 MB), imported into the running server; its id.
    static func importLargeSong(_ server: LiveServer) async throws -> String {
        let music = server.directory.appendingPathComponent("large-\(server.engine)/Large Artist/Large Album")
        try FileManager.default.createDirectory(at: music, withIntermediateDirectories: true)
        try await MediaTools().ffmpeg([
            "-f", "lavfi", "-i", "sine=frequency=523:sample_rate=44100:duration=40", "-metadata",
            "title=Large Song", "-metadata", "artist=Large Artist", "-metadata", "album=Large Album",
            "-c:a", "libmp3lame", "-b:a", "320k", music.appendingPathComponent("01 Large Song.mp3").path,
        ])
        let report = try await server.services.mediaImporter().importFolder(music.deletingLastPathComponent())
        #expect(report.imported.count == 1, "\(report.skipped)")
        let rows = try await server.services.database.backend.read { db in
            try await db.raw("SELECT id FROM tracks WHERE title = 'Large Song'").all()
        }
        return try #require(rows.first).decode(column: "id", as: String.self)
    }
}
