import Foundation
import SoTubeAPI
import SoTubeKit
import SoTubeMedia
import SoTubeTestFixtures
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Audio and pictures through the SDK: the preview for everyone, the whole song for its owner
/// with the headers a platform player needs, artwork at public addresses.
@Suite(.liveServerWithAudio) struct MediaKitTests {
    @Test(arguments: TestEngine.enabled) func previewForGuestsTheWholeSongForTheOwner(engine: TestEngine) async throws {
        let server = try LiveServer.on(engine)
        let songs = try #require(server.audio)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kit-audio-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let (client, username) = try await server.newUser("ear")
        let preview = try await client.saveAudio(trackID: songs.first, to: folder.appendingPathComponent("p"))
        #expect(preview.rendition == .preview)
        #expect(try await Self.seconds(preview.file) < 25)  // at most half of a 40-second song

        try await server.grant(username, 100)
        try await client.buy(.track(songs.first))
        let full = try await client.saveAudio(trackID: songs.first, to: folder.appendingPathComponent("f"))
        #expect(full.rendition == .full && full.contentType == "audio/mpeg" && full.fileExtension == "mp3")
        #expect(try await Self.seconds(full.file) > 39)

        // A player fetching the address itself hears the whole song only with the SDK's headers.
        var request = URLRequest(url: client.audioURL(trackID: songs.first))
        request.httpMethod = "HEAD"
        for (name, value) in try await client.authorizationHeaders() {
            request.setValue(value, forHTTPHeaderField: name)
        }
        let (_, owner) = try await URLSession.shared.data(for: request)
        #expect((owner as? HTTPURLResponse)?.value(forHTTPHeaderField: SoTubeHeader.rendition) == "full")
        request.setValue(nil, forHTTPHeaderField: "Authorization")
        let (_, anonymous) = try await URLSession.shared.data(for: request)
        #expect((anonymous as? HTTPURLResponse)?.value(forHTTPHeaderField: SoTubeHeader.rendition) == "preview")

        await #expect(throws: SoTubeError.notFound) {
            try await client.saveAudio(trackID: "nope", to: folder.appendingPathComponent("n"))
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("n").path))
    }

    @Test(arguments: TestEngine.enabled) func artworkAddressesServeJPEG(engine: TestEngine) async throws {
        let server = try LiveServer.on(engine)
        let songs = try #require(server.audio)
        let client = server.client()
        let album = try await client.album(songs.album)
        let urls = [
            client.artworkURL(albumID: songs.album, size: 100), client.artistImageURL(artistID: album.album.artistId),
            client.url(for: album.album.artworkUrl),
        ]
        #expect(
            urls[0].absoluteString == server.baseURL.absoluteString + "/api/v1/albums/\(songs.album)/artwork?size=100")
        for url in urls {
            let (data, response) = try await URLSession.shared.data(from: url)
            #expect((response as? HTTPURLResponse)?.statusCode == 200, "\(url)")
            #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") == "image/jpeg")
            #expect(data.prefix(2) == Data([0xFF, 0xD8]), "\(url)")
        }
        #expect(
            client.playlistArtworkURL(playlistID: "pl 1", size: 600).absoluteString
                == server.baseURL.absoluteString + "/api/v1/playlists/pl%201/artwork?size=600")
    }

    static func seconds(_ file: URL) async throws -> Double {
        let output = try await MediaTools().run(
            MediaTools().ffprobe, ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file.path])
        return Double(String(decoding: output.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
            ?? 0
    }
}
