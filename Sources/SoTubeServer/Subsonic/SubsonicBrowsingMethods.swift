import Foundation
import SoTubeCore

/// What the library methods read: the purchased library, favourites (stars) and playlists.
struct SubsonicLibraryDeps: Sendable {
    let player: any PlayerLibrary
    let discovery: any DiscoveryStore
    let ownPlaylists: any OwnPlaylistStore
    let catalog: any CatalogReader
    let items: SubsonicItems
    let clock: any SoTubeClock
    let ids: any IDSource

    /// The most any list answers at once.
    static let maxPage = 500
    /// Every artist or album fits in one answer up to this many.
    static let everything = 100_000

    func ownedAlbum(_ userID: String, _ id: String) async throws -> PlayerAlbum {
        guard let album = try await player.albums(userID: userID, .ids([id]), offset: 0, limit: 1).first else {
            throw SubsonicError.notFound("Album")
        }
        return album
    }

    func ownedArtist(_ userID: String, _ id: String) async throws -> PlayerArtist {
        guard let artist = try await player.artists(userID: userID, .ids([id]), offset: 0, limit: 1).first else {
            throw SubsonicError.notFound("Artist")
        }
        return artist
    }

    func ownedSong(_ userID: String, _ id: String) async throws -> PlayerSong {
        guard let song = try await player.songs(userID: userID, .ids([id]), offset: 0, limit: 1).first else {
            throw SubsonicError.notFound("Song")
        }
        return song
    }
}

/// getIndexes, getArtists, getArtist, getAlbum, getSong, getMusicDirectory, getGenres,
/// getAlbumInfo(2), getArtistInfo(2).
enum SubsonicBrowsingMethods {
    static func register(into methods: inout [String: SubsonicMethod], _ deps: SubsonicLibraryDeps) {
        methods["getArtists"] = { call in
            let artists = try await deps.player.artists(
                userID: call.userID, .all, offset: 0, limit: SubsonicLibraryDeps.everything)
            var element = SubsonicElement()
            element.set("ignoredArticles", SubsonicItems.ignoredArticles.joined(separator: " "))
            element.add("index", list: deps.items.index(artists))
            return .one("artists", element)
        }
        methods["getIndexes"] = { call in
            let artists = try await deps.player.artists(
                userID: call.userID, .all, offset: 0, limit: SubsonicLibraryDeps.everything)
            var element = SubsonicElement()
            element.set("ignoredArticles", SubsonicItems.ignoredArticles.joined(separator: " "))
            element.set("lastModified", Int(deps.clock.now().timeIntervalSince1970 * 1000))
            element.add("index", list: deps.items.index(artists))
            return .one("indexes", element)
        }
        methods["getArtist"] = { call in
            let artist = try await deps.ownedArtist(call.userID, try call.parameters.required("id"))
            let albums = try await deps.player.albums(
                userID: call.userID, .artist(artist.id), offset: 0, limit: SubsonicLibraryDeps.everything)
            var element = deps.items.artist(artist)
            element.add("album", list: albums.map(deps.items.album))
            return .one("artist", element)
        }
        methods["getAlbum"] = { call in
            let album = try await deps.ownedAlbum(call.userID, try call.parameters.required("id"))
            let songs = try await deps.player.songs(
                userID: call.userID, .album(album.id), offset: 0, limit: SubsonicLibraryDeps.everything)
            var element = deps.items.album(album)
            element.add("song", list: songs.map(deps.items.song))
            return .one("album", element)
        }
        methods["getSong"] = { call in
            .one("song", deps.items.song(try await deps.ownedSong(call.userID, try call.parameters.required("id"))))
        }
        methods["getMusicDirectory"] = { call in
            let id = try call.parameters.required("id")
            var directory = SubsonicElement()
            if let artist = try await deps.player.artists(userID: call.userID, .ids([id]), offset: 0, limit: 1).first {
                let albums = try await deps.player.albums(
                    userID: call.userID, .artist(artist.id), offset: 0, limit: SubsonicLibraryDeps.everything)
                directory.set("id", artist.id)
                directory.set("name", artist.name)
                directory.add("child", list: albums.map(deps.items.albumChild))
            } else {
                let album = try await deps.ownedAlbum(call.userID, id)
                let songs = try await deps.player.songs(
                    userID: call.userID, .album(album.id), offset: 0, limit: SubsonicLibraryDeps.everything)
                directory.set("id", album.id)
                directory.set("parent", album.artistID)
                directory.set("name", album.title)
                directory.set("playCount", album.playCount)
                directory.set("starred", album.starredAt)
                directory.add("child", list: songs.map(deps.items.song))
            }
            return .one("directory", directory)
        }
        methods["getGenres"] = { call in
            let genres = try await deps.player.genres(userID: call.userID)
            var element = SubsonicElement()
            element.add(
                "genre",
                list: genres.map { genre in
                    var item = SubsonicElement()
                    item.set("songCount", genre.songCount)
                    item.set("albumCount", genre.albumCount)
                    item.text = genre.name
                    return item
                })
            return .one("genres", element)
        }
        // Album and artist notes: none kept, but the methods answer (players call them on every page).
        for (method, key, kind) in [
            ("getAlbumInfo", "albumInfo", "album"), ("getAlbumInfo2", "albumInfo", "album"),
            ("getArtistInfo", "artistInfo", "artist"), ("getArtistInfo2", "artistInfo2", "artist"),
        ] {
            methods[method] = { call in
                let id = try call.parameters.required("id")
                if kind == "album" {
                    _ = try await deps.ownedAlbum(call.userID, id)
                } else {
                    _ = try await deps.ownedArtist(call.userID, id)
                }
                return .one(key, SubsonicElement())
            }
        }
    }
}
