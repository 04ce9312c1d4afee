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

    @Test func pageCarriesOpenGraphTagsAndThePreviewAndEscapesText() {
        let song = CatalogTrack(
            id: "t1", title: "Rock & <Roll>", artistID: "r1", artistName: "The \"Quotes\"", albumID: "a1",
            albumTitle: "Album", trackNumber: 1, discNumber: 1, durationMs: 184_000, genre: nil, explicit: false,
            price: 10)
        let html = SharePageController.page(song, base: "https://music.example", previewSeconds: 30)
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
