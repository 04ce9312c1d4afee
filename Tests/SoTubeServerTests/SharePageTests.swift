import Foundation
import HummingbirdTesting
import SoTubeCore
import Testing

@testable import SoTubeServer

@Suite struct SharePageTests {
    @Test func unknownSongIsANotFoundProblem() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let response = try await client.execute(uri: "/song/no-such-song", method: .get)
            #expect(response.status == .notFound)
            #expect(response.headers[.contentType]?.hasPrefix("application/problem+json") == true)
        }
    }

    /// The share page through the controller, with or without a configured public URL.
    static func sharePage(publicBaseURL: String?) async throws -> (page: String, cacheControl: String?) {
        let root = try MediaControllerSeamTests.mediaFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = InMemoryCatalog(prices: [10])
        let media = await MediaControllerSeamTests.media(catalog, root: root)
        return try await withSeam({
            SharePageController(
                catalog: catalog, media: media,
                base: PageBase(publicBaseURL: publicBaseURL, fallbackBaseURL: "http://localhost:8080")
            ).register(on: RouteRegistrar($0))
        }) { client in
            let response = try await client.execute(uri: "/song/t1", method: .get)
            #expect(response.status == .ok)
            return (String(buffer: response.body), response.headers[.cacheControl])
        }
    }

    @Test func aConfiguredPublicURLMakesTheLinksAndThePageIsCached() async throws {
        let (page, cacheControl) = try await Self.sharePage(publicBaseURL: "https://music.example")
        #expect(page.contains(#"<meta property="og:url" content="https://music.example/song/t1">"#))
        #expect(page.contains(#"content="https://music.example/api/v1/albums/al1/artwork?size=600""#))
        #expect(!page.contains("http://localhost/"))
        #expect(cacheControl == "public, max-age=300")
    }

    @Test func aPageBuiltFromTheRequestIsNeverCached() async throws {
        let (page, cacheControl) = try await Self.sharePage(publicBaseURL: nil)
        // The in-process client's request names the host "localhost": the links come from it.
        #expect(page.contains(#"<meta property="og:url" content="http://localhost/song/t1">"#))
        #expect(cacheControl == "no-store")
    }

    @Test func pageCarriesOpenGraphTagsAndThePreviewAndEscapesText() {
        let song = CatalogTrack(
            id: "t1", title: "Rock & <Roll>", artistID: "r1", artistName: "The \"Quotes\"", albumID: "a1",
            albumTitle: "Album", trackNumber: 1, discNumber: 1, durationMs: 184_000, genre: nil, explicit: false,
            price: 10)
        let html = SharePage.html(song, base: "https://music.example", previewSeconds: 30)
        #expect(
            html.contains(
                #"<meta property="og:title" content="Rock &amp; &lt;Roll&gt; · The &quot;Quotes&quot;">"#))
        #expect(
            html.contains(
                #"<meta property="og:image" content="https://music.example/api/v1/albums/a1/artwork?size=600">"#
            ))
        #expect(html.contains(#"<meta property="og:url" content="https://music.example/song/t1">"#))
        #expect(html.contains(#"<audio controls preload="none" src="/api/v1/tracks/t1/audio""#))
        #expect(html.contains(#"href="/#/song/t1""#))
        #expect(!html.contains("<Roll>"))
    }
}
