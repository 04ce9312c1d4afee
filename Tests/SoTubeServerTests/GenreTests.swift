import Foundation
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import Testing

/// Browsing by genre (issue 32 #19): the tiles' genres and a genre's albums, for guests.
@Suite struct GenreTests {
    @Test func genresListTheirAlbumsOnSaleMostFirstAndOpenInAnyCase() async throws {
        let app = try await TestApp.withCatalog()
        try await app.run { client in
            let list = try await client.json(.get, "/api/v1/genres").decode(GenreListDTO.self)
            #expect(list.genres.map(\.name) == ["Electronic", "Pop", "Rock"])
            #expect(list.genres.map(\.albumCount) == [3, 1, 1])
            #expect(list.genres.allSatisfy { $0.artworkUrl.contains("/artwork") })
            let electronic = try await client.json(.get, "/api/v1/genres/albums?genre=electronic+").decode(
                GenreAlbumsDTO.self)
            // Newest first.
            #expect(electronic.albums.map(\.id) == ["al5", "al1", "al2"])
            let page = try await client.json(.get, "/api/v1/genres/albums?genre=Electronic&limit=1&offset=1")
                .decode(GenreAlbumsDTO.self)
            #expect(page.albums.map(\.id) == ["al1"])
            let unknown = try await client.json(.get, "/api/v1/genres/albums?genre=Polka").decode(GenreAlbumsDTO.self)
            #expect(unknown.albums.isEmpty)
            try await client.json(.get, "/api/v1/genres/albums").expectProblem(.unprocessableContent, field: "genre")
            try await client.json(.get, "/api/v1/genres/albums?genre=Rock&limit=0").expectProblem(
                .unprocessableContent, field: "limit")
        }
    }
}
