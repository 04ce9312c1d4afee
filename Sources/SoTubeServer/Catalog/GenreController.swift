import Foundation
import Hummingbird
import SoTubeAPI
import SoTubeCore

/// Browsing by genre (SPEC C1; issue 32 #19's tiles on the empty search page): the genres with albums
/// on sale (kept in the catalog cache until the catalog changes) and a genre's albums.
struct GenreController {
    let genres: any GenreCatalog
    let cache: CatalogCache
    /// How many genres the tiles offer.
    static let shown = 48

    func register(on routes: RouteRegistrar) {
        routes.on(.genres) { _, _ in
            let list = try await cache.value("genres") { try await genres.genres(limit: Self.shown) }
            return try jsonResponse(
                GenreListDTO(
                    genres: list.map {
                        GenreDTO(
                            name: $0.name, albumCount: $0.albumCount,
                            artworkUrl: CatalogURLs.artwork(cover: $0.coverAlbumID))
                    }))
        }
        routes.on(.genreAlbums) { request, _ in
            let parameters = QueryParameters(request: request)
            guard let genre = parameters.typedText("genre")?.trimmingCharacters(in: .whitespaces), !genre.isEmpty else {
                throw Problem(.unprocessableContent, "The parameter 'genre' is required.", field: "genre")
            }
            let limit = try parameters.int("limit", in: 1...100, default: 40)
            let offset = try parameters.int("offset", in: 0...10_000, default: 0)
            // Read each time: a cache keyed by whatever a caller types would grow without bound.
            let albums = try await genres.albums(inGenre: genre, limit: limit, offset: offset)
            return try jsonResponse(GenreAlbumsDTO(genre: genre, albums: albums.map(AlbumSummaryDTO.init)))
        }
    }
}
