import Hummingbird
import SoTubeAPI
import SoTubeCore

/// Favourite songs and volumes, and recently played songs (SPEC C5, C6). Logged-in users only.
struct FavouritesController {
    let services: AppServices

    func register(on router: some RouterMethods<AppRequestContext>) {
        let me = router.group("/api/v1/me")
        me.put("favourites/tracks/:id") { _, context in try await setTrack(context, favourite: true) }
        me.delete("favourites/tracks/:id") { _, context in try await setTrack(context, favourite: false) }
        me.put("favourites/playlists/:id") { _, context in try await setPlaylist(context, favourite: true) }
        me.delete("favourites/playlists/:id") { _, context in try await setPlaylist(context, favourite: false) }
        me.get("favourites") { _, context in
            let userID = try context.requireIdentity().user.id
            let database = services.database
            let presenter = TrackPresenter(services: services, userID: userID)
            let tracks = try await presenter.present(
                database.catalog.tracks(ids: database.discovery.favouriteTrackIDs(userID: userID)))
            let playlists = try await database.catalog.playlists(
                ids: database.discovery.favouritePlaylistIDs(userID: userID))
            return try jsonResponse(FavouritesDTO(tracks: tracks, playlists: playlists.map(PlaylistSummaryDTO.init)))
        }
        me.post("recently-played") { request, context in
            let userID = try context.requireIdentity().user.id
            let body = try await request.decodeJSON(RecordPlayRequest.self, context: context)
            guard
                try await services.database.discovery.recordPlay(
                    userID: userID, trackID: body.trackId, at: services.clock.now())
            else { throw DomainError.notFound(what: "This song") }
            return Response(status: .noContent)
        }
        me.get("recently-played") { _, context in
            let userID = try context.requireIdentity().user.id
            let database = services.database
            let presenter = TrackPresenter(services: services, userID: userID)
            let tracks = try await presenter.present(
                database.catalog.tracks(ids: database.discovery.recentlyPlayedIDs(userID: userID)))
            return try jsonResponse(RecentlyPlayedDTO(tracks: tracks))
        }
    }

    func setTrack(_ context: AppRequestContext, favourite: Bool) async throws -> Response {
        let userID = try context.requireIdentity().user.id
        let id = try context.pathID()
        guard
            try await services.database.discovery.setFavouriteTrack(
                userID: userID, trackID: id, favourite: favourite, at: services.clock.now())
        else { throw DomainError.notFound(what: "This song") }
        return Response(status: .noContent)
    }

    func setPlaylist(_ context: AppRequestContext, favourite: Bool) async throws -> Response {
        let userID = try context.requireIdentity().user.id
        let id = try context.pathID()
        guard
            try await services.database.discovery.setFavouritePlaylist(
                userID: userID, playlistID: id, favourite: favourite, at: services.clock.now())
        else { throw DomainError.notFound(what: "This playlist") }
        return Response(status: .noContent)
    }
}
