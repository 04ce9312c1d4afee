import Hummingbird
import SoTubeAPI
import SoTubeCore

/// My Music: only purchased songs, as Songs, Albums and Artists (SPEC L1–L3). Login required.
struct LibraryController {
    let services: AppServices

    func register(on router: some RouterMethods<AppRequestContext>) {
        let library = router.group("/api/v1/library")
        library.get("songs") { request, context in
            let userID = try context.requireIdentity().user.id
            let sort = try QueryParameters(request: request).choice("sort", default: LibrarySongSort.default)
            let tracks = try await services.database.library.ownedTracks(userID: userID)
            let sorted = LibraryOrder.songs(tracks, by: sort).map { TrackDTO($0, owned: true) }
            return try jsonResponse(LibrarySongsDTO(sort: .init(sort), tracks: sorted))
        }
        library.get("albums") { request, context in
            let userID = try context.requireIdentity().user.id
            let sort = try QueryParameters(request: request).choice("sort", default: LibraryAlbumSort.artist)
            let albums = try await ownedAlbums(userID: userID)
            let ordered = LibraryOrder.albums(albums.map(\.album), by: sort)
            let byID = Dictionary(albums.map { ($0.album.id, $0) }, uniquingKeysWith: { first, _ in first })
            return try jsonResponse(
                LibraryAlbumsDTO(sort: .init(sort), albums: ordered.compactMap { byID[$0.id]?.dto }))
        }
        library.get("artists") { _, context in
            let userID = try context.requireIdentity().user.id
            let albums = try await ownedAlbums(userID: userID)
            let grouped = Dictionary(grouping: albums, by: { $0.album.artistID })
            let artists = try await services.database.catalog.artists(ids: Array(grouped.keys))
            let dtos = LibraryOrder.artists(artists).map { artist in
                let own = grouped[artist.id] ?? []
                let byID = Dictionary(own.map { ($0.album.id, $0) }, uniquingKeysWith: { first, _ in first })
                let ordered = LibraryOrder.albums(own.map(\.album), by: .artist)
                return LibraryArtistDTO(
                    artist: ArtistSummaryDTO(artist), albums: ordered.compactMap { byID[$0.id]?.dto })
            }
            return try jsonResponse(LibraryArtistsDTO(artists: dtos))
        }
    }

    struct OwnedAlbum {
        var album: CatalogAlbum
        var tracks: [CatalogTrack]
        var dto: LibraryAlbumDTO {
            LibraryAlbumDTO(
                album: AlbumSummaryDTO(album),
                ownedTracks: LibraryOrder.songs(tracks, by: .default).map { TrackDTO($0, owned: true) })
        }
    }

    /// The albums the user owns songs of, each with those songs.
    func ownedAlbums(userID: String) async throws -> [OwnedAlbum] {
        let tracks = try await services.database.library.ownedTracks(userID: userID)
        let byAlbum = Dictionary(grouping: tracks, by: \.albumID)
        let albums = try await services.database.catalog.albums(ids: Array(byAlbum.keys.sorted()))
        return albums.map { OwnedAlbum(album: $0, tracks: byAlbum[$0.id] ?? []) }
    }
}
