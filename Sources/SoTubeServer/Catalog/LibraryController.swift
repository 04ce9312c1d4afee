import Hummingbird
import SoTubeAPI
import SoTubeCore

/// My Music: only purchased songs, as Songs, Albums and Artists (SPEC L1–L3). Login required.
struct LibraryController {
    let library: any LibraryStore
    let catalog: any CatalogReader
    let presenter: TrackPresenter

    func register(on routes: RouteRegistrar) {
        routes.on(.librarySongs) { request, context in
            let userID = try context.requireIdentity().user.id
            let sort = try QueryParameters(request: request).choice("sort", default: LibrarySongSort.default)
            let tracks = try await library.ownedTracks(userID: userID)
            let sorted = presenter.presentOwned(LibraryOrder.songs(tracks, by: sort))
            return try jsonResponse(LibrarySongsDTO(sort: .init(sort), tracks: sorted))
        }
        routes.on(.libraryAlbums) { request, context in
            let userID = try context.requireIdentity().user.id
            let sort = try QueryParameters(request: request).choice("sort", default: LibraryAlbumSort.artist)
            let albums = try await ownedAlbums(userID: userID)
            let ordered = LibraryOrder.albums(albums.map(\.album), by: sort)
            let byID = Dictionary(albums.map { ($0.album.id, $0) }, uniquingKeysWith: { first, _ in first })
            return try jsonResponse(
                LibraryAlbumsDTO(sort: .init(sort), albums: ordered.compactMap { byID[$0.id]?.dto(presenter) }))
        }
        routes.on(.libraryArtists) { _, context in
            let userID = try context.requireIdentity().user.id
            let albums = try await ownedAlbums(userID: userID)
            let grouped = Dictionary(grouping: albums, by: { $0.album.artistID })
            let artists = try await catalog.artists(ids: Array(grouped.keys))
            let dtos = LibraryOrder.artists(artists).map { artist in
                let own = grouped[artist.id] ?? []
                let byID = Dictionary(own.map { ($0.album.id, $0) }, uniquingKeysWith: { first, _ in first })
                let ordered = LibraryOrder.albums(own.map(\.album), by: .artist)
                return LibraryArtistDTO(
                    artist: ArtistSummaryDTO(artist), albums: ordered.compactMap { byID[$0.id]?.dto(presenter) })
            }
            return try jsonResponse(LibraryArtistsDTO(artists: dtos))
        }
    }

    struct OwnedAlbum {
        var album: CatalogAlbum
        var tracks: [CatalogTrack]
        func dto(_ presenter: TrackPresenter) -> LibraryAlbumDTO {
            LibraryAlbumDTO(
                album: AlbumSummaryDTO(album),
                ownedTracks: presenter.presentOwned(LibraryOrder.songs(tracks, by: .default)))
        }
    }

    /// The albums the user owns songs of, each with those songs.
    func ownedAlbums(userID: String) async throws -> [OwnedAlbum] {
        let tracks = try await library.ownedTracks(userID: userID)
        let byAlbum = Dictionary(grouping: tracks, by: \.albumID)
        let albums = try await catalog.albums(ids: Array(byAlbum.keys.sorted()))
        return albums.map { OwnedAlbum(album: $0, tracks: byAlbum[$0.id] ?? []) }
    }
}
