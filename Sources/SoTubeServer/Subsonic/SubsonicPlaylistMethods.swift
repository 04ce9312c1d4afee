import Foundation
import SoTubeCore

/// The buyer's own playlists over Subsonic (issue 32 #17): getPlaylists and getPlaylist list them
/// before the favourite volumes; createPlaylist, updatePlaylist and deletePlaylist change them.
///
/// A player sees the songs the buyer owns (what it can play), in the playlist's order; songs not
/// owned stay in the playlist for the web app, where they play as previews. So `songIndexToRemove`
/// counts the songs the player was shown, and `createPlaylist` with a `playlistId` sets the owned
/// songs' order, keeping the others after them.
enum SubsonicPlaylistMethods {
    static func register(into methods: inout [String: SubsonicMethod], _ deps: SubsonicLibraryDeps) {
        methods["getPlaylists"] = { call in
            var playlists: [SubsonicElement] = []
            for summary in try await deps.ownPlaylists.playlists(userID: call.userID) {
                guard let playlist = try await deps.ownPlaylists.playlist(id: summary.id, userID: call.userID)
                else { continue }
                playlists.append(try await element(playlist, call, deps).playlist)
            }
            playlists += try await SubsonicActivityMethods.favouriteVolumes(call, deps)
            var list = SubsonicElement()
            list.add("playlist", list: playlists)
            return .one("playlists", list)
        }
        methods["getPlaylist"] = { call in
            let id = try call.parameters.required("id")
            guard let playlist = try await deps.ownPlaylists.playlist(id: id, userID: call.userID) else {
                return .one("playlist", try await SubsonicActivityMethods.favouriteVolume(id, call, deps))
            }
            return .one("playlist", try await withEntries(playlist, call, deps))
        }
        methods["createPlaylist"] = { call in
            let songs = try OwnPlaylistRules.songs(call.parameters.all("songId"), field: "songId")
            let now = deps.clock.now()
            if let id = call.parameters.string("playlistId").flatMap { $0.isEmpty ? nil : $0 } {
                let playlist = try await own(id, call, deps)
                let shown = try await ownedIDs(playlist.trackIDs, call, deps)
                let kept = playlist.trackIDs.filter { !shown.contains($0) && !songs.contains($0) }
                let order = try OwnPlaylistRules.songs(songs + kept, field: "songId")
                let name = try call.parameters.string("name").map { try OwnPlaylistRules.name($0) }
                guard
                    let changed = try await deps.ownPlaylists.update(
                        id: id, userID: call.userID, name: name, trackIDs: order, at: now)
                else { throw SubsonicError.notFound("Playlist") }
                return .one("playlist", try await withEntries(changed, call, deps))
            }
            let playlist = OwnPlaylist(
                id: deps.ids.makeID(), userID: call.userID,
                name: try OwnPlaylistRules.name(try call.parameters.required("name")), trackIDs: songs,
                createdAt: now, updatedAt: now)
            try await deps.ownPlaylists.create(playlist)
            return .one("playlist", try await withEntries(playlist, call, deps))
        }
        methods["updatePlaylist"] = { call in
            let id = try call.parameters.required("playlistId")
            let playlist = try await own(id, call, deps)
            let shown = try await ownedIDs(playlist.trackIDs, call, deps)
            let visible = playlist.trackIDs.filter(shown.contains)
            var indexes: [Int] = []
            for text in call.parameters.all("songIndexToRemove") {
                guard let index = Int(text) else {
                    throw SubsonicError.invalid("songIndexToRemove", "A place in the playlist is a whole number.")
                }
                indexes.append(index)
            }
            // A song is in a playlist once, so the songs removed are the shown ones not kept.
            let removed = Set(visible).subtracting(try OwnPlaylistRules.removing(indexes: indexes, from: visible))
            let remaining = playlist.trackIDs.filter { !removed.contains($0) }
            let order = try OwnPlaylistRules.appending(
                call.parameters.all("songIdToAdd"), to: remaining, field: "songIdToAdd")
            let name = try call.parameters.string("name").map { try OwnPlaylistRules.name($0) }
            let songsChanged = order != playlist.trackIDs
            guard
                try await deps.ownPlaylists.update(
                    id: id, userID: call.userID, name: name, trackIDs: songsChanged ? order : nil,
                    at: deps.clock.now()) != nil
            else { throw SubsonicError.notFound("Playlist") }
            return .empty
        }
        methods["deletePlaylist"] = { call in
            let id = try call.parameters.required("id")
            guard try await deps.ownPlaylists.delete(id: id, userID: call.userID) else {
                throw try await notOwn(id, call, deps)
            }
            return .empty
        }
    }

    /// The caller's playlist `id`; a favourite volume is read-only (50), anything else not found (70).
    static func own(_ id: String, _ call: SubsonicCall, _ deps: SubsonicLibraryDeps) async throws -> OwnPlaylist {
        guard let playlist = try await deps.ownPlaylists.playlist(id: id, userID: call.userID) else {
            throw try await notOwn(id, call, deps)
        }
        return playlist
    }

    static func notOwn(_ id: String, _ call: SubsonicCall, _ deps: SubsonicLibraryDeps) async throws
        -> SubsonicError
    {
        try await deps.discovery.isFavouritePlaylist(userID: call.userID, playlistID: id)
            ? SubsonicError(code: 50, message: "The store's playlists cannot be changed.")
            : SubsonicError.notFound("Playlist")
    }

    /// Of `ids`, those the caller owns.
    static func ownedIDs(_ ids: [String], _ call: SubsonicCall, _ deps: SubsonicLibraryDeps) async throws
        -> Set<String>
    {
        guard !ids.isEmpty else { return [] }
        return Set(
            try await deps.player.songs(userID: call.userID, .ids(ids), offset: 0, limit: ids.count).map(\.track.id))
    }

    static func element(_ playlist: OwnPlaylist, _ call: SubsonicCall, _ deps: SubsonicLibraryDeps) async throws
        -> (playlist: SubsonicElement, songs: [PlayerSong])
    {
        let songs =
            playlist.trackIDs.isEmpty
            ? []
            : try await deps.player.songs(
                userID: call.userID, .ids(playlist.trackIDs), offset: 0, limit: playlist.trackIDs.count)
        var element = SubsonicElement()
        element.set("id", playlist.id)
        element.set("name", playlist.name)
        element.set("owner", call.user?.username)
        element.set("public", false)
        element.set("readonly", false)
        element.set("songCount", songs.count)
        element.set("duration", SubsonicItems.seconds(songs.reduce(0) { $0 &+ $1.track.durationMs }))
        element.set("created", playlist.createdAt)
        element.set("changed", playlist.updatedAt)
        element.set("coverArt", songs.first(where: \.albumHasArtwork)?.track.albumID)
        return (element, songs)
    }

    static func withEntries(_ playlist: OwnPlaylist, _ call: SubsonicCall, _ deps: SubsonicLibraryDeps) async throws
        -> SubsonicElement
    {
        var (result, songs) = try await element(playlist, call, deps)
        result.add("entry", list: songs.map(deps.items.song))
        return result
    }
}
