import Foundation
import SoTubeCore

/// star, unstar (the web app's favourite songs), scrobble (play counts and recently played), and the
/// caller's favourite volumes as read-only playlists (listed by `SubsonicPlaylistMethods`).
enum SubsonicActivityMethods {
    static func register(into methods: inout [String: SubsonicMethod], _ deps: SubsonicLibraryDeps) {
        methods["star"] = { call in try await star(call, deps, favourite: true) }
        methods["unstar"] = { call in try await star(call, deps, favourite: false) }
        methods["scrobble"] = { call in
            let ids = call.parameters.all("id")
            guard !ids.isEmpty else { throw SubsonicError.missing("id") }
            let owned = try await deps.player.songs(userID: call.userID, .ids(ids), offset: 0, limit: ids.count)
            guard owned.count == Set(ids).count else { throw SubsonicError.notFound("Song") }
            // `submission=false` is "now playing": nothing is counted.
            guard call.parameters.bool("submission", default: true) else { return .empty }
            let now = deps.clock.now()
            // The web app's record of a play: play count and recently played in one transaction.
            for id in ids {
                _ = try await deps.discovery.recordPlay(userID: call.userID, trackID: id, at: now)
            }
            return .empty
        }
    }

    /// The caller's favourite volumes (read-only playlists), as far as they own the songs.
    static func favouriteVolumes(_ call: SubsonicCall, _ deps: SubsonicLibraryDeps) async throws -> [SubsonicElement] {
        let ids = try await deps.discovery.favouritePlaylistIDs(userID: call.userID, limit: 200)
        var playlists: [SubsonicElement] = []
        for playlist in try await deps.catalog.playlists(ids: ids) {
            let songs = try await ownedSongs(of: playlist.id, call.userID, deps)
            playlists.append(element(playlist, songs: songs, owner: call.user?.username))
        }
        return playlists
    }

    /// One favourite volume with its owned songs; not found (70) when it is not a favourite.
    static func favouriteVolume(_ id: String, _ call: SubsonicCall, _ deps: SubsonicLibraryDeps) async throws
        -> SubsonicElement
    {
        guard try await deps.discovery.isFavouritePlaylist(userID: call.userID, playlistID: id),
            let playlist = try await deps.catalog.playlist(id: id)
        else { throw SubsonicError.notFound("Playlist") }
        let songs = try await ownedSongs(of: playlist.id, call.userID, deps)
        var result = element(playlist, songs: songs, owner: call.user?.username)
        result.add("entry", list: songs.map(deps.items.song))
        return result
    }

    /// Stars or unstars songs (`id`), every owned song of albums (`albumId`) and of artists
    /// (`artistId`). Checked first: one id the caller does not own and nothing changes (70).
    static func star(_ call: SubsonicCall, _ deps: SubsonicLibraryDeps, favourite: Bool) async throws
        -> SubsonicOutcome
    {
        let parameters = call.parameters
        let ids = parameters.all("id")
        let albumIDs = parameters.all("albumId")
        let artistIDs = parameters.all("artistId")
        guard !(ids + albumIDs + artistIDs).isEmpty else { throw SubsonicError.missing("id") }
        var trackIDs: [String] = []
        for id in ids {
            // Folder-style players send an album's id as `id`.
            if let song = try await deps.player.songs(userID: call.userID, .ids([id]), offset: 0, limit: 1).first {
                trackIDs.append(song.track.id)
            } else if try await !deps.player.albums(userID: call.userID, .ids([id]), offset: 0, limit: 1).isEmpty {
                trackIDs += try await songsOfAlbum(id, call.userID, deps)
            } else {
                throw SubsonicError.notFound("Song")
            }
        }
        for id in albumIDs {
            _ = try await deps.ownedAlbum(call.userID, id)
            trackIDs += try await songsOfAlbum(id, call.userID, deps)
        }
        for id in artistIDs {
            _ = try await deps.ownedArtist(call.userID, id)
            for album in try await deps.player.albums(
                userID: call.userID, .artist(id), offset: 0, limit: SubsonicLibraryDeps.everything)
            {
                trackIDs += try await songsOfAlbum(album.id, call.userID, deps)
            }
        }
        let now = deps.clock.now()
        for id in trackIDs {
            _ = try await deps.discovery.setFavouriteTrack(
                userID: call.userID, trackID: id, favourite: favourite, at: now)
        }
        return .empty
    }

    static func songsOfAlbum(_ albumID: String, _ userID: String, _ deps: SubsonicLibraryDeps) async throws
        -> [String]
    {
        try await deps.player.songs(userID: userID, .album(albumID), offset: 0, limit: SubsonicLibraryDeps.everything)
            .map(\.track.id)
    }

    /// The playlist's songs the user owns, in the playlist's order.
    static func ownedSongs(of playlistID: String, _ userID: String, _ deps: SubsonicLibraryDeps) async throws
        -> [PlayerSong]
    {
        let ids = try await deps.catalog.tracks(inPlaylist: playlistID).map(\.id)
        guard !ids.isEmpty else { return [] }
        return try await deps.player.songs(userID: userID, .ids(ids), offset: 0, limit: ids.count)
    }

    static func element(_ playlist: CatalogPlaylist, songs: [PlayerSong], owner: String?) -> SubsonicElement {
        var element = SubsonicElement()
        element.set("id", playlist.id)
        element.set("name", playlist.name)
        element.set("comment", playlist.description.isEmpty ? nil : playlist.description)
        element.set("owner", owner)
        element.set("public", false)
        element.set("readonly", true)
        element.set("songCount", songs.count)
        element.set("duration", SubsonicItems.seconds(songs.reduce(0) { $0 + $1.track.durationMs }))
        let bought = songs.map(\.boughtAt)
        let created = bought.min() ?? Date(timeIntervalSince1970: 0)
        element.set("created", created)
        element.set("changed", bought.max() ?? created)
        element.set("coverArt", songs.first(where: \.albumHasArtwork)?.track.albumID)
        return element
    }
}
