import Foundation
import SoTubeCore

/// getAlbumList(2), getRandomSongs, getSongsByGenre, getStarred(2), search2, search3.
enum SubsonicListMethods {
    static func register(into methods: inout [String: SubsonicMethod], _ deps: SubsonicLibraryDeps) {
        let page = 0...SubsonicLibraryDeps.maxPage
        for (method, key, folderStyle) in [("getAlbumList2", "albumList2", false), ("getAlbumList", "albumList", true)]
        {
            methods[method] = { call in
                let filter = try albumFilter(call.parameters)
                let size = try call.parameters.int("size", default: 10, in: page)
                let offset = try call.parameters.int("offset", default: 0, in: 0...Int(Int32.max))
                let albums = try await deps.player.albums(userID: call.userID, filter, offset: offset, limit: size)
                var list = SubsonicElement()
                list.add("album", list: albums.map(folderStyle ? deps.items.albumChild : deps.items.album))
                return .one(key, list)
            }
        }
        methods["getRandomSongs"] = { call in
            let filter = PlayerSongFilter.random(
                genre: call.parameters.string("genre"), fromYear: try call.parameters.optionalInt("fromYear"),
                toYear: try call.parameters.optionalInt("toYear"))
            let size = try call.parameters.int("size", default: 10, in: page)
            let songs = try await deps.player.songs(userID: call.userID, filter, offset: 0, limit: size)
            var list = SubsonicElement()
            list.add("song", list: songs.map(deps.items.song))
            return .one("randomSongs", list)
        }
        methods["getSongsByGenre"] = { call in
            let genre = try call.parameters.required("genre")
            let size = try call.parameters.int("count", default: 10, in: page)
            let offset = try call.parameters.int("offset", default: 0, in: 0...Int(Int32.max))
            let songs = try await deps.player.songs(userID: call.userID, .genre(genre), offset: offset, limit: size)
            var list = SubsonicElement()
            list.add("song", list: songs.map(deps.items.song))
            return .one("songsByGenre", list)
        }
        for (method, key, folderStyle) in [("getStarred2", "starred2", false), ("getStarred", "starred", true)] {
            methods[method] = { call in
                let everything = SubsonicLibraryDeps.everything
                let songs = try await deps.player.songs(userID: call.userID, .starred, offset: 0, limit: everything)
                let albums = try await deps.player.albums(userID: call.userID, .starred, offset: 0, limit: everything)
                var element = SubsonicElement()
                element.add("artist", list: [])
                element.add("album", list: albums.map(folderStyle ? deps.items.albumChild : deps.items.album))
                element.add("song", list: songs.map(deps.items.song))
                return .one(key, element)
            }
        }
        for (method, key, folderStyle) in [("search3", "searchResult3", false), ("search2", "searchResult2", true)] {
            methods[method] = { call in
                let parameters = call.parameters
                // The web's search rule (`SearchQuery`: case and accents folded, each word a prefix;
                // text without a word finds nothing), on the caller's own library.
                let search = searchText(parameters.string("query")).map(SearchQuery.init)
                func count(_ name: String) throws -> Int { try parameters.int(name, default: 20, in: page) }
                func offset(_ name: String) throws -> Int {
                    try parameters.int(name, default: 0, in: 0...Int(Int32.max))
                }
                let artists = try await deps.player.artists(
                    userID: call.userID, search.map(PlayerArtistFilter.matching) ?? .all,
                    offset: try offset("artistOffset"), limit: try count("artistCount"))
                let albums = try await deps.player.albums(
                    userID: call.userID, search.map(PlayerAlbumFilter.matching) ?? .alphabeticalByArtist,
                    offset: try offset("albumOffset"), limit: try count("albumCount"))
                let songs = try await deps.player.songs(
                    userID: call.userID, search.map(PlayerSongFilter.matching) ?? .all,
                    offset: try offset("songOffset"), limit: try count("songCount"))
                var element = SubsonicElement()
                element.add(
                    "artist",
                    list: artists.map { artist in
                        folderStyle ? folderArtist(artist) : deps.items.artist(artist)
                    })
                element.add("album", list: albums.map(folderStyle ? deps.items.albumChild : deps.items.album))
                element.add("song", list: songs.map(deps.items.song))
                return .one(key, element)
            }
        }
    }

    /// The text to look for; nil for "everything" (`""`, `''`, `*` or nothing: how players sync).
    static func searchText(_ query: String?) -> String? {
        var text = (query ?? "").trimmingCharacters(in: .whitespaces)
        if text.count >= 2, let first = text.first, first == text.last, first == "\"" || first == "'" {
            text = String(text.dropFirst().dropLast())
        }
        text = text.trimmingCharacters(in: CharacterSet(charactersIn: "* ").union(.whitespaces))
        return text.isEmpty ? nil : text
    }

    static func folderArtist(_ artist: PlayerArtist) -> SubsonicElement {
        var element = SubsonicElement()
        element.set("id", artist.id)
        element.set("name", artist.name)
        return element
    }

    static func albumFilter(_ parameters: SubsonicParameters) throws -> PlayerAlbumFilter {
        switch try parameters.required("type") {
        case "newest": return .newest
        case "recent": return .recent
        case "frequent": return .frequent
        case "random": return .random
        case "alphabeticalByName": return .alphabeticalByName
        case "alphabeticalByArtist": return .alphabeticalByArtist
        case "starred": return .starred
        case "byYear":
            guard let from = try parameters.optionalInt("fromYear") else { throw SubsonicError.missing("fromYear") }
            guard let to = try parameters.optionalInt("toYear") else { throw SubsonicError.missing("toYear") }
            return .byYear(from: from, to: to)
        case "byGenre": return .byGenre(try parameters.required("genre"))
        case "highest": return .frequent
        case let other: throw SubsonicError.invalid("type", "'\(other)' is not a list type")
        }
    }
}
