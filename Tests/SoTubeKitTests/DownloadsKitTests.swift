import Foundation
import SoTubeAPI
import SoTubeKit
import SoTubeTestFixtures
import Testing

/// Downloads of owned songs and albums through the SDK. The routes are issue 14's: until that
/// branch is merged the server answers 404 and these tests fail.
@Suite(.liveServerWithAudio) struct DownloadsKitTests {
    @Test(arguments: TestEngine.enabled) func ownersDownloadSongsAndAlbumsOthersGetNotFound(engine: TestEngine)
        async throws
    {
        let server = try LiveServer.on(engine)
        let songs = try #require(server.audio)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kit-downloads-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (client, username) = try await server.newUser("dl")

        // Not owned: not found, and nothing is written.
        await #expect(throws: SoTubeError.notFound) { try await client.downloadTrack(id: songs.first, into: folder) }
        await #expect(throws: SoTubeError.notFound) { try await client.downloadAlbum(id: songs.album, into: folder) }
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).isEmpty)

        try await server.grant(username, 100)
        try await client.buy(.track(songs.first))
        let song = try await client.downloadTrack(id: songs.first, into: folder)
        #expect(song.deletingLastPathComponent().standardizedFileURL.path == folder.standardizedFileURL.path)
        #expect(song.pathExtension == "mp3")
        let bytes = try Data(contentsOf: song)
        #expect(bytes.count > 400_000)  // 40 s at 96 kbit/s (480 kB): the original, not the 20-second preview

        let zip = try await client.downloadAlbum(id: songs.album, into: folder)
        #expect(zip.pathExtension == "zip")
        let archive = try Data(contentsOf: zip)
        #expect(archive.prefix(4) == Data([0x50, 0x4B, 0x03, 0x04]))
        // Only the owned song is in it (beside the album's cover): the central directory's names.
        let entry = Data([0x50, 0x4B, 0x01, 0x02])
        var names: [String] = []
        var rest = archive[...]
        while let found = rest.range(of: entry) {
            let header = archive[found.lowerBound...]
            let start = header.startIndex
            guard header.count >= 46 else { break }
            let length = Int(header[start + 28]) | Int(header[start + 29]) << 8
            names.append(String(decoding: header[(start + 46)..<(start + 46 + length)], as: UTF8.self))
            rest = archive[found.upperBound...]
        }
        let audio = names.filter { $0 != "cover.jpg" }
        #expect(audio.count == 1, "\(names)")
        #expect(audio.first?.hasSuffix(".mp3") == true, "\(names)")
    }
}
