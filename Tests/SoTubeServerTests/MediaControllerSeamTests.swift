import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import SoTubeAPI
import SoTubeCore
import SoTubeMedia
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
        let controller = AudioController(
            playback: PlaybackService(media: media), transcodes: TranscodeSlots(perUser: 1, perServer: 1),
            ffmpeg: MediaTools().ffmpeg)
        try await withSeam({ controller.register(on: RouteRegistrar($0)) }) { client in
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

    @Test func aBrowserThatTakesAVIFGetsTheMadeAVIFAndEveryoneElseJPEG() async throws {
        let root = try Self.mediaFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("AVIF-300".utf8).write(to: root.appendingPathComponent("art/cover-300.avif"))
        let catalog = InMemoryCatalog(prices: [10])
        let media = await Self.media(catalog, root: root)
        let avif: HTTPFields = [.accept: "image/avif,image/webp,*/*;q=0.8"]
        // Without a maker (no ffmpeg), nobody gets AVIF.
        try await withSeam({ ArtworkController(media: media).register(on: RouteRegistrar($0)) }) { client in
            let plain = try await client.call(.get, "/api/v1/albums/al1/artwork?size=300", headers: avif)
            #expect(String(buffer: plain.body) == "JPEG-300")
        }
        let maker = AVIFArtworkMaker(
            tools: MediaTools(ffmpeg: "/nonexistent/ffmpeg"), store: LocalMediaStore(root: root),
            logger: Logger(label: "test"))
        try await withSeam({ ArtworkController(media: media, avif: maker).register(on: RouteRegistrar($0)) }) {
            client in
            let made = try await client.call(.get, "/api/v1/albums/al1/artwork?size=250", headers: avif)
            #expect(String(buffer: made.body) == "AVIF-300")
            #expect(made.headers[.contentType] == "image/avif" && made.headers[.vary] == "Accept")
            #expect(made.headers[.cacheControl]?.contains("immutable") == true)
            let player = try await client.call(.get, "/api/v1/albums/al1/artwork?size=250", headers: [.accept: "*/*"])
            #expect(String(buffer: player.body) == "JPEG-300" && player.headers[.contentType] == "image/jpeg")
            // No 600 px AVIF yet: the JPEG (here the original), cached for minutes while it is made.
            let missing = try await client.call(.get, "/api/v1/albums/al1/artwork?size=600", headers: avif)
            #expect(String(buffer: missing.body) == "JPEG-ORIGINAL")
            #expect(missing.headers[.cacheControl] == "public, max-age=300")
        }
    }

    @Test func acceptHeadersNameAVIFOnlyWhenTheyDo() {
        #expect(ArtworkController.takesAVIF("image/avif,image/webp,image/apng,image/*,*/*;q=0.8"))
        #expect(ArtworkController.takesAVIF("image/webp, IMAGE/AVIF ; q=0.9"))
        #expect(!ArtworkController.takesAVIF("*/*"))
        #expect(!ArtworkController.takesAVIF("image/*"))
        #expect(!ArtworkController.takesAVIF("image/avif;q=0, image/jpeg"))
        #expect(!ArtworkController.takesAVIF("image/avifx"))
        #expect(!ArtworkController.takesAVIF(nil))
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
            // A shared moment: the app link keeps it ("Open in SoTube" plays from there too).
            let moment = String(buffer: try await client.call(.get, "/song/t1?t=1:05").body)
            #expect(moment.contains(##"href="/#/song/t1?t=65">Open in SoTube</a>"##))
            // The app's language: its link's `lang`, its cookie, else the browser's first supported one.
            for headers: HTTPFields in [
                [:], [.cookie: "sotube_lang=ru"], [.acceptLanguage: "de-DE, ru;q=0.8, en;q=0.5"],
            ] {
                let path = headers.isEmpty ? "/song/t1?lang=ru" : "/song/t1"
                let russian = try await client.call(.get, path, headers: headers)
                let text = String(buffer: russian.body)
                #expect(text.contains(#"<html lang="ru">"#) && text.contains("Открыть в SoTube"), "\(headers)")
                #expect(text.contains("Играет 12-секундный фрагмент"))
                #expect(russian.headers[.vary]?.contains("Accept-Language") == true)
            }
            let english = String(
                buffer: try await client.call(.get, "/song/t1", headers: [.acceptLanguage: "fr, en-GB"]).body)
            #expect(english.contains(#"<html lang="en">"#) && english.contains(">Open in SoTube<"))
        }
    }
}
