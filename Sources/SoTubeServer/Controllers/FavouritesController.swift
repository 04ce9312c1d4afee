import Hummingbird
import SoTubeAPI
import SoTubeCore

/// Favourite songs and volumes, and recently played songs (SPEC C5, C6). Logged-in users only.
struct FavouritesController {
    let discovery: any DiscoveryStore
    let catalog: any CatalogReader
    let presenter: TrackPresenter
    let clock: any SoTubeClock
    /// The longest lists shown.
    static let favouritesShown = 200
    static let recentShown = 50

    func register(on router: some RouterMethods<AppRequestContext>) {
        let me = router.group("/api/v1/me")
        me.put("favourites/tracks/{id}") { _, context in try await setTrack(context, favourite: true) }
        me.delete("favourites/tracks/{id}") { _, context in try await setTrack(context, favourite: false) }
        me.put("favourites/playlists/{id}") { _, context in try await setPlaylist(context, favourite: true) }
        me.delete("favourites/playlists/{id}") { _, context in try await setPlaylist(context, favourite: false) }
        me.get("favourites") { _, context in
            let userID = try context.requireIdentity().user.id
            let trackIDs = try await discovery.favouriteTrackIDs(userID: userID, limit: Self.favouritesShown)
            let tracks = try await presenter.present(catalog.tracks(ids: trackIDs), for: userID)
            let playlists = try await catalog.playlists(
                ids: discovery.favouritePlaylistIDs(userID: userID, limit: Self.favouritesShown))
            return try jsonResponse(FavouritesDTO(tracks: tracks, playlists: playlists.map(PlaylistSummaryDTO.init)))
        }
        me.post("recently-played") { request, context in
            let userID = try context.requireIdentity().user.id
            let body = try await request.decodeJSON(RecordPlayRequest.self, context: context)
            guard try await discovery.recordPlay(userID: userID, trackID: body.trackId, at: clock.now()) else {
                throw DomainError.notFound(what: "This song")
            }
            return Response(status: .noContent)
        }
        me.get("recently-played") { _, context in
            let userID = try context.requireIdentity().user.id
            let ids = try await discovery.recentlyPlayedIDs(userID: userID, limit: Self.recentShown)
            let tracks = try await presenter.present(catalog.tracks(ids: ids), for: userID)
            return try jsonResponse(RecentlyPlayedDTO(tracks: tracks))
        }
    }

    func setTrack(_ context: AppRequestContext, favourite: Bool) async throws -> Response {
        let userID = try context.requireIdentity().user.id
        let id = try context.pathID()
        guard
            try await discovery.setFavouriteTrack(userID: userID, trackID: id, favourite: favourite, at: clock.now())
        else { throw DomainError.notFound(what: "This song") }
        return Response(status: .noContent)
    }

    func setPlaylist(_ context: AppRequestContext, favourite: Bool) async throws -> Response {
        let userID = try context.requireIdentity().user.id
        let id = try context.pathID()
        guard
            try await discovery.setFavouritePlaylist(
                userID: userID, playlistID: id, favourite: favourite, at: clock.now())
        else { throw DomainError.notFound(what: "This playlist") }
        return Response(status: .noContent)
    }
}
