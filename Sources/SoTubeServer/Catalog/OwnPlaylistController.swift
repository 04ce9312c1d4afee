import Foundation
import Hummingbird
import SoTubeAPI
import SoTubeCore

/// A buyer's own playlists (issue 32 #17): make, list, open, rename, reorder, remove songs, append,
/// delete. Private: another user's playlist is "not found".
struct OwnPlaylistController {
    let playlists: any OwnPlaylistStore
    let catalog: any CatalogReader
    let presenter: TrackPresenter
    let clock: any SoTubeClock
    let ids: any IDSource

    func register(on routes: RouteRegistrar) {
        routes.on(.ownPlaylists) { _, context in
            let userID = try context.requireIdentity().user.id
            let list = try await playlists.playlists(userID: userID)
            return try jsonResponse(OwnPlaylistListDTO(playlists: list.map(Self.summary)))
        }
        routes.on(.createOwnPlaylist) { request, context in
            let userID = try context.requireIdentity().user.id
            let body = try await request.decodeJSON(CreateOwnPlaylistRequest.self, context: context)
            let now = clock.now()
            let playlist = OwnPlaylist(
                id: ids.makeID(), userID: userID, name: try OwnPlaylistRules.name(body.name),
                trackIDs: try OwnPlaylistRules.songs(body.trackIds ?? []), createdAt: now, updatedAt: now)
            try await playlists.create(playlist)
            return try jsonResponse(try await present(playlist, for: userID), status: .created)
        }
        routes.on(.ownPlaylist) { _, context in
            let userID = try context.requireIdentity().user.id
            return try jsonResponse(try await present(try await mine(context, userID), for: userID))
        }
        routes.on(.updateOwnPlaylist) { request, context in
            let userID = try context.requireIdentity().user.id
            let body = try await request.decodeJSON(UpdateOwnPlaylistRequest.self, context: context)
            let name = try body.name.map { try OwnPlaylistRules.name($0) }
            let songs = try body.trackIds.map { try OwnPlaylistRules.songs($0) }
            guard
                let playlist = try await playlists.update(
                    id: try context.pathID(), userID: userID, name: name, trackIDs: songs, at: clock.now())
            else { throw DomainError.notFound(what: "This playlist") }
            return try jsonResponse(try await present(playlist, for: userID))
        }
        routes.on(.addOwnPlaylistTracks) { request, context in
            let userID = try context.requireIdentity().user.id
            let id = try context.pathID()
            let body = try await request.decodeJSON(AddOwnPlaylistTracksRequest.self, context: context)
            let songs = try OwnPlaylistRules.songs(body.trackIds)
            guard songs.count > 0 else {
                throw DomainError.invalid(field: "trackIds", reason: "Name at least one song to add.")
            }
            guard let added = try await playlists.add(trackIDs: songs, to: id, userID: userID, at: clock.now())
            else { throw DomainError.notFound(what: "This playlist") }
            let playlist = try await present(try await mine(context, userID), for: userID)
            return try jsonResponse(OwnPlaylistAddedDTO(added: added, playlist: playlist.playlist))
        }
        routes.on(.deleteOwnPlaylist) { _, context in
            let userID = try context.requireIdentity().user.id
            guard try await playlists.delete(id: try context.pathID(), userID: userID) else {
                throw DomainError.notFound(what: "This playlist")
            }
            return Response(status: .noContent)
        }
    }

    private func mine(_ context: AppRequestContext, _ userID: String) async throws -> OwnPlaylist {
        guard let playlist = try await playlists.playlist(id: try context.pathID(), userID: userID) else {
            throw DomainError.notFound(what: "This playlist")
        }
        return playlist
    }

    /// The playlist with its songs as the store shows them now (a song gone from the catalog is left out).
    private func present(_ playlist: OwnPlaylist, for userID: String) async throws -> OwnPlaylistDTO {
        let songs = try await catalog.tracks(ids: playlist.trackIDs)
        let summary = OwnPlaylistSummary(
            id: playlist.id, name: playlist.name, trackCount: songs.count,
            durationMs: songs.reduce(0) { $0 &+ max(0, $1.durationMs) }, firstAlbumID: songs.first?.albumID,
            createdAt: playlist.createdAt, updatedAt: playlist.updatedAt)
        return OwnPlaylistDTO(
            playlist: Self.summary(summary), tracks: try await presenter.present(songs, for: userID))
    }

    static func summary(_ playlist: OwnPlaylistSummary) -> OwnPlaylistSummaryDTO {
        OwnPlaylistSummaryDTO(
            id: playlist.id, name: playlist.name, trackCount: playlist.trackCount, durationMs: playlist.durationMs,
            artworkUrl: playlist.firstAlbumID.map { SoTubeRoutes.albumArtwork($0, size: 300) },
            createdAt: playlist.createdAt, updatedAt: playlist.updatedAt)
    }
}
