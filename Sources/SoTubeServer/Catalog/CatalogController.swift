import Hummingbird
import SoTubeAPI
import SoTubeCore

/// The store: home, moods, artist, album, playlist and song pages (SPEC C1, C4, C5, C6).
/// Guests may browse; `owned` and favourites are for the caller.
struct CatalogController {
    let catalog: any CatalogReader
    let discovery: any DiscoveryStore
    let presenter: TrackPresenter

    func register(on routes: RouteRegistrar) {
        routes.on(.storeHome) { _, context in try await home(context) }
        routes.on(.moods) { _, _ in
            try jsonResponse(MoodListDTO(moods: try await catalog.moods().map(MoodDTO.init)))
        }
        routes.on(.artist) { _, context in try await artist(context) }
        routes.on(.album) { _, context in try await album(context) }
        routes.on(.playlist) { _, context in try await playlist(context) }
        routes.on(.track) { _, context in try await track(context) }
    }

    func home(_ context: AppRequestContext) async throws -> Response {
        var favourites: [TrackDTO] = []
        var favouritePlaylists: [PlaylistSummaryDTO] = []
        var recent: [TrackDTO] = []
        if let userID = context.identity?.user.id {
            favourites = try await presenter.present(
                catalog.tracks(ids: discovery.favouriteTrackIDs(userID: userID, limit: 20)), for: userID)
            favouritePlaylists = try await catalog.playlists(
                ids: discovery.favouritePlaylistIDs(userID: userID, limit: 20)
            ).map(PlaylistSummaryDTO.init)
            recent = try await presenter.present(
                catalog.tracks(ids: discovery.recentlyPlayedIDs(userID: userID, limit: 20)), for: userID)
        }
        let home = StoreHomeDTO(
            newReleases: try await catalog.newReleases(limit: 12).map(AlbumSummaryDTO.init),
            featuredPlaylists: try await catalog.featuredPlaylists(limit: 20).map(PlaylistSummaryDTO.init),
            moods: try await catalog.moods().map(MoodDTO.init), favourites: favourites,
            favouritePlaylists: favouritePlaylists, recentlyPlayed: recent)
        return try jsonResponse(home)
    }

    func artist(_ context: AppRequestContext) async throws -> Response {
        let id = try context.pathID()
        guard let artist = try await catalog.artist(id: id) else { throw DomainError.notFound(what: "This artist") }
        let detail = ArtistDetailDTO(
            artist: ArtistSummaryDTO(artist), bio: artist.bio,
            albums: try await catalog.albums(byArtist: id).map(AlbumSummaryDTO.init),
            otherAlbums: try await catalog.otherAlbums(forArtist: id, limit: 12).map(AlbumSummaryDTO.init),
            topTracks: try await presenter.present(
                catalog.topTracks(forArtist: id, limit: 5), for: context.identity?.user.id))
        return try jsonResponse(detail)
    }

    /// The album with the price the caller pays for it: the same `SaleRules` the purchase charges by.
    func album(_ context: AppRequestContext) async throws -> Response {
        let id = try context.pathID()
        guard let album = try await catalog.album(id: id) else { throw DomainError.notFound(what: "This album") }
        let tracks = try await presenter.present(catalog.tracks(inAlbum: id), for: context.identity?.user.id)
        let price = SaleRules.albumPrice(
            tracks.map { SaleSong(id: $0.id, price: $0.price, owned: $0.owned, withdrawn: $0.withdrawn == true) },
            operatorPrice: album.operatorPrice)
        return try jsonResponse(AlbumDetailDTO(album: AlbumSummaryDTO(album), tracks: tracks, priceForCaller: price))
    }

    func playlist(_ context: AppRequestContext) async throws -> Response {
        let id = try context.pathID()
        guard let playlist = try await catalog.playlist(id: id) else {
            throw DomainError.notFound(what: "This playlist")
        }
        let userID = context.identity?.user.id
        let tracks = try await presenter.present(catalog.tracks(inPlaylist: id), for: userID)
        var favourite = false
        if let userID {
            favourite = try await discovery.isFavouritePlaylist(userID: userID, playlistID: id)
        }
        return try jsonResponse(
            PlaylistDetailDTO(playlist: PlaylistSummaryDTO(playlist), tracks: tracks, favourite: favourite))
    }

    func track(_ context: AppRequestContext) async throws -> Response {
        let id = try context.pathID()
        guard let detail = try await catalog.trackDetail(id: id) else { throw DomainError.notFound(what: "This song") }
        let track = try await presenter.present([detail.track], for: context.identity?.user.id)[0]
        return try jsonResponse(
            TrackDetailDTO(
                track: track, lyrics: detail.lyrics, artistIntro: detail.artistBio, releaseDate: detail.releaseDate,
                waveform: detail.waveform))
    }
}
