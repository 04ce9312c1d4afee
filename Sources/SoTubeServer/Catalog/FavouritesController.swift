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

    func register(on routes: RouteRegistrar) {
        routes.on(.markFavouriteTrack) { _, context in try await setTrack(context, favourite: true) }
        routes.on(.unmarkFavouriteTrack) { _, context in try await setTrack(context, favourite: false) }
        routes.on(.markFavouritePlaylist) { _, context in try await setPlaylist(context, favourite: true) }
        routes.on(.unmarkFavouritePlaylist) { _, context in try await setPlaylist(context, favourite: false) }
        routes.on(.favourites) { _, context in
            let userID = try context.requireIdentity().user.id
            let trackIDs = try await discovery.favouriteTrackIDs(userID: userID, limit: Self.favouritesShown)
            let tracks = try await presenter.present(catalog.tracks(ids: trackIDs), for: userID)
            let playlists = try await catalog.playlists(
                ids: discovery.favouritePlaylistIDs(userID: userID, limit: Self.favouritesShown))
            return try jsonResponse(FavouritesDTO(tracks: tracks, playlists: playlists.map(PlaylistSummaryDTO.init)))
        }
        routes.on(.recordPlay) { request, context in
            let userID = try context.requireIdentity().user.id
            let body = try await request.decodeJSON(RecordPlayRequest.self, context: context)
            guard try await discovery.recordPlay(userID: userID, trackID: body.trackId, at: clock.now()) else {
                throw DomainError.notFound(what: "This song")
            }
            return Response(status: .noContent)
        }
        routes.on(.recentlyPlayed) { _, context in
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
