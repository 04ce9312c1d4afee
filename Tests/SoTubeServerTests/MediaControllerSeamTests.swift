import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import SoTubeCore
import Testing

@testable import SoTubeServer

/// The audio, artwork and share-page routes over `MediaService` on `InMemoryCatalog` and a folder
/// of small files: who gets which file is decided without SQL.
@Suite struct MediaControllerSeamTests {
    /// A media folder with a full song, its preview and one album picture.
    static func mediaFolder() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sotube-seam-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("art"), withIntermediateDirectories: true)
        try Data("FULL SONG BYTES".utf8).write(to: root.appendingPathComponent("full.mp3"))
        try Data("PREVIEW".utf8).write(to: root.appendingPathComponent("preview.mp3"))
        try Data("JPEG-300".utf8).write(to: root.appendingPathComponent("art/cover-300.jpg"))
        try Data("JPEG-ORIGINAL".utf8).write(to: root.appendingPathComponent("art/cover.jpg"))
        return root
    }

    static func media(_ catalog: InMemoryCatalog, root: URL) async -> MediaService {
        await catalog.setFiles(
            TrackFiles(
                mediaPath: "full.mp3", mediaType: "audio/mpeg", previewPath: "preview.mp3", previewType: "audio/mpeg"),
            for: "t1")
        await catalog.setArtwork("art/cover.jpg", albumID: "al1")
        return MediaService(lookup: catalog, ownership: catalog, mediaRoot: root, preview: PreviewPolicy(seconds: 12))
    }

    @Test func ownersGetTheSongAndEveryoneElseThePreview() async throws {
        let root = try Self.mediaFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = InMemoryCatalog(prices: [10])
        await catalog.own(["t1"], userID: "u-ann")
        let media = await Self.media(catalog, root: root)
        try await withSeam({ AudioController(playback: PlaybackService(media: media)).register(on: RouteRegistrar($0)) }
        ) { client in
            let guest = try await client.call(.get, "/api/v1/tracks/t1/audio")
            #expect(String(buffer: guest.body) == "PREVIEW")
            #expect(guest.headers[HTTPField.Name("X-SoTube-Rendition")!] == "preview")
            // A range past the preview's end stays inside the preview file.
            let ranged = try await client.call(
                .get, "/api/v1/tracks/t1/audio", as: "bob", headers: [.range: "bytes=5-"])
            #expect(ranged.status == .partialContent && String(buffer: ranged.body) == "EW")
            let owner = try await client.call(.get, "/api/v1/tracks/t1/audio", as: "ann")
            #expect(String(buffer: owner.body) == "FULL SONG BYTES")
            #expect(owner.headers[HTTPField.Name("X-SoTube-Rendition")!] == "full")
            try await client.call(.get, "/api/v1/tracks/nope/audio").expectProblem(.notFound)
        }
    }

    @Test func artworkServesTheNearestMadeSizeOrTheOriginal() async throws {
        let root = try Self.mediaFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = InMemoryCatalog(prices: [10])
        let media = await Self.media(catalog, root: root)
        try await withSeam({ ArtworkController(media: media).register(on: RouteRegistrar($0)) }) { client in
            #expect(
                String(buffer: try await client.call(.get, "/api/v1/albums/al1/artwork?size=250").body) == "JPEG-300")
            // No 600 px file was made: the original answers.
            #expect(
                String(buffer: try await client.call(.get, "/api/v1/albums/al1/artwork?size=600").body)
                    == "JPEG-ORIGINAL")
            try await client.call(.get, "/api/v1/artists/ar1/image").expectProblem(.notFound)
            try await client.call(.get, "/api/v1/albums/nope/artwork").expectProblem(.notFound)
            try await client.call(.get, "/api/v1/albums/al1/artwork?size=0").expectProblem(
                .unprocessableContent, field: "size")
        }
    }

    @Test func sharePageNamesTheConfiguredPreviewLengthAndPublicURL() async throws {
        let root = try Self.mediaFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = InMemoryCatalog(prices: [10])
        let media = await Self.media(catalog, root: root)
        try await withSeam({
            SharePageController(
                catalog: catalog, media: media,
                base: PageBase(publicBaseURL: "https://music.example", fallbackBaseURL: "http://localhost:8080")
            ).register(on: RouteRegistrar($0))
        }) { client in
            let page = String(buffer: try await client.call(.get, "/song/t1").body)
            #expect(page.contains("12-second preview"))
            #expect(!page.contains("30-second"))
            #expect(page.contains(#"content="https://music.example/song/t1""#))
            #expect(try await client.call(.get, "/song/nope").status == .notFound)
        }
    }
}
