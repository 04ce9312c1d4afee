import SoTubeAPI

// Catalog, search, per-user discovery lists and My Music (SPEC C1–C6, L1–L3).
extension RouteDocs {
    static let catalog: [RouteDoc] = [
        RouteDoc(
            "GET", "/api/v1/store/home",
            "Store home: new releases, featured volumes, moods; favourites and recently played for the caller",
            tag: "catalog",
            responses: [200: ("The home page", "StoreHome")]),
        RouteDoc(
            "GET", "/api/v1/moods", "Every mood with its playlist", tag: "catalog",
            responses: [200: ("Moods", "MoodList")]),
        RouteDoc(
            "GET", "/api/v1/artists/{id}", "Artist page: bio, albums, other albums, top songs", tag: "catalog",
            responses: [200: ("The artist", "ArtistDetail"), 404: ("No such artist", nil)]),
        RouteDoc(
            "GET", "/api/v1/albums/{id}", "Album page: songs in disc/track order and the caller's bundle price",
            tag: "catalog",
            responses: [200: ("The album", "AlbumDetail"), 404: ("No such album", nil)]),
        RouteDoc(
            "GET", "/api/v1/playlists/{id}", "Playlist (volume or mood) page", tag: "catalog",
            responses: [200: ("The playlist", "PlaylistDetail"), 404: ("No such playlist", nil)]),
        RouteDoc(
            "GET", "/api/v1/tracks/{id}", "Song page: lyrics, artist intro, genre, duration, explicit, owned",
            tag: "catalog",
            responses: [200: ("The song", "TrackDetail"), 404: ("No such song", nil)]),
        RouteDoc(
            "GET", "/api/v1/search",
            "Search artists, albums, songs and playlists (prefix, case- and diacritic-insensitive)", tag: "search",
            responses: [
                200: ("Ranked results per kind", "SearchResults"),
                422: ("Missing q, or bad limit, offset or explicit", nil),
            ],
            query: [
                "q": "What to look for (required); every word matches as a prefix",
                "limit": "Results per kind, 1–100 (default 20)", "offset": "Skip this many per kind (0–10000)",
                "explicit": "false hides explicit songs and albums (default true)",
            ]),
        RouteDoc(
            "GET", "/api/v1/search/history", "The caller's last 5 search queries, newest first", tag: "search",
            auth: true,
            responses: [200: ("Queries", "SearchHistory"), 401: ("Not logged in", nil)]),
        RouteDoc(
            "DELETE", "/api/v1/search/history", "Forget the caller's search history", tag: "search", auth: true,
            responses: [204: ("Forgotten", nil), 401: ("Not logged in", nil)]),
        RouteDoc(
            "GET", "/api/v1/search/suggestions", "Suggestions while typing: matching past queries, then catalog names",
            tag: "search",
            responses: [200: ("Suggestions", "SearchSuggestions"), 422: ("Bad explicit", nil)],
            query: ["q": "What has been typed so far", "explicit": "false leaves out explicit names"]),
        RouteDoc(
            "GET", "/api/v1/me/favourites", "The caller's favourite songs and volumes", tag: "discovery", auth: true,
            responses: [200: ("Favourites", "Favourites"), 401: ("Not logged in", nil)]),
        RouteDoc(
            "PUT", "/api/v1/me/favourites/tracks/{id}", "Mark a song as a favourite (idempotent)", tag: "discovery",
            auth: true,
            responses: [204: ("Marked", nil), 401: ("Not logged in", nil), 404: ("No such song", nil)]),
        RouteDoc(
            "DELETE", "/api/v1/me/favourites/tracks/{id}", "Unmark a favourite song (idempotent)", tag: "discovery",
            auth: true,
            responses: [204: ("Unmarked", nil), 401: ("Not logged in", nil), 404: ("No such song", nil)]),
        RouteDoc(
            "PUT", "/api/v1/me/favourites/playlists/{id}", "Mark a volume as a favourite (idempotent)",
            tag: "discovery", auth: true,
            responses: [204: ("Marked", nil), 401: ("Not logged in", nil), 404: ("No such playlist", nil)]),
        RouteDoc(
            "DELETE", "/api/v1/me/favourites/playlists/{id}", "Unmark a favourite volume (idempotent)",
            tag: "discovery", auth: true,
            responses: [204: ("Unmarked", nil), 401: ("Not logged in", nil), 404: ("No such playlist", nil)]),
        RouteDoc(
            "POST", "/api/v1/me/recently-played", "Report that a song started playing", tag: "discovery", auth: true,
            request: "RecordPlayRequest",
            responses: [
                204: ("Recorded", nil), 400: ("Malformed JSON", nil), 401: ("Not logged in", nil),
                404: ("No such song", nil), 422: ("Missing trackId", nil),
            ]),
        RouteDoc(
            "GET", "/api/v1/me/recently-played", "Songs the caller played recently, newest first", tag: "discovery",
            auth: true,
            responses: [200: ("Songs", "RecentlyPlayed"), 401: ("Not logged in", nil)]),
        RouteDoc(
            "GET", "/api/v1/library/songs", "My Music: owned songs", tag: "library", auth: true,
            responses: [200: ("Owned songs", "LibrarySongs"), 401: ("Not logged in", nil), 422: ("Bad sort", nil)],
            query: ["sort": "default (artist › album › track number) or name"]),
        RouteDoc(
            "GET", "/api/v1/library/albums", "My Music: albums with the owned songs", tag: "library", auth: true,
            responses: [200: ("Owned albums", "LibraryAlbums"), 401: ("Not logged in", nil), 422: ("Bad sort", nil)],
            query: ["sort": "artist (default) or name"]),
        RouteDoc(
            "GET", "/api/v1/library/artists", "My Music: artists, each with their owned albums", tag: "library",
            auth: true,
            responses: [200: ("Owned artists", "LibraryArtists"), 401: ("Not logged in", nil)]),
    ]
}

extension SchemaDocs {
    static let catalog: [String: JSONValue] = [
        "Track": S.object(
            [
                "id": S.string, "title": S.string, "artistId": S.string, "artistName": S.string, "albumId": S.string,
                "albumTitle": S.string, "trackNumber": S.int, "discNumber": S.int, "durationMs": S.int,
                "genre": S.nullable("string"), "explicit": S.bool, "price": S.int, "owned": S.bool,
                "artworkUrl": S.string, "audioUrl": S.string, "previewSeconds": S.int,
            ],
            required: [
                "id", "title", "artistId", "artistName", "albumId", "albumTitle", "trackNumber", "discNumber",
                "durationMs", "explicit", "price", "owned", "artworkUrl", "audioUrl", "previewSeconds",
            ]),
        "TrackDetail": S.object(
            [
                "track": S.ref("Track"), "lyrics": S.nullable("string"), "artistIntro": S.nullable("string"),
                "releaseDate": S.nullable("string"), "waveform": S.array(S.number),
            ],
            required: ["track", "waveform"]),
        "ArtistSummary": S.object(["id": S.string, "name": S.string, "imageUrl": S.string]),
        "AlbumSummary": S.object(
            [
                "id": S.string, "title": S.string, "artistId": S.string, "artistName": S.string,
                "releaseDate": S.nullable("string"), "year": S.nullable("integer"), "genre": S.nullable("string"),
                "artworkUrl": S.string, "trackCount": S.int, "price": S.int, "explicit": S.bool,
            ],
            required: ["id", "title", "artistId", "artistName", "artworkUrl", "trackCount", "price", "explicit"]),
        "AlbumDetail": S.object([
            "album": S.ref("AlbumSummary"), "tracks": S.array(S.ref("Track")), "priceForCaller": S.int,
        ]),
        "ArtistDetail": S.object(
            [
                "artist": S.ref("ArtistSummary"), "bio": S.nullable("string"), "albums": S.array(S.ref("AlbumSummary")),
                "otherAlbums": S.array(S.ref("AlbumSummary")), "topTracks": S.array(S.ref("Track")),
            ],
            required: ["artist", "albums", "otherAlbums", "topTracks"]),
        "PlaylistSummary": S.object(
            [
                "id": S.string, "name": S.string, "description": S.string, "artworkUrl": S.string, "trackCount": S.int,
                "kind": S.enumeration(PlaylistSummaryDTO.Kind.self),
            ]),
        "PlaylistDetail": S.object([
            "playlist": S.ref("PlaylistSummary"), "tracks": S.array(S.ref("Track")), "favourite": S.bool,
        ]),
        "Mood": S.object(["id": S.string, "name": S.string, "playlistId": S.string, "artworkUrl": S.string]),
        "MoodList": S.object(["moods": S.array(S.ref("Mood"))]),
        "StoreHome": S.object(
            [
                "newReleases": S.array(S.ref("AlbumSummary")), "featuredPlaylists": S.array(S.ref("PlaylistSummary")),
                "moods": S.array(S.ref("Mood")), "favourites": S.array(S.ref("Track")),
                "favouritePlaylists": S.array(S.ref("PlaylistSummary")), "recentlyPlayed": S.array(S.ref("Track")),
            ]),
        "SearchResults": S.object(
            [
                "query": S.string, "artists": S.array(S.ref("ArtistSummary")), "albums": S.array(S.ref("AlbumSummary")),
                "tracks": S.array(S.ref("Track")), "playlists": S.array(S.ref("PlaylistSummary")),
            ]),
        "SearchHistory": S.object(["queries": S.array(S.string)]),
        "SearchSuggestions": S.object(["queries": S.array(S.string)]),
        "Favourites": S.object(["tracks": S.array(S.ref("Track")), "playlists": S.array(S.ref("PlaylistSummary"))]),
        "RecentlyPlayed": S.object(["tracks": S.array(S.ref("Track"))]),
        "RecordPlayRequest": S.object(["trackId": S.string]),
        "LibrarySongs": S.object(["sort": S.enumeration(LibrarySongsDTO.Sort.self), "tracks": S.array(S.ref("Track"))]),
        "LibraryAlbum": S.object(["album": S.ref("AlbumSummary"), "ownedTracks": S.array(S.ref("Track"))]),
        "LibraryAlbums": S.object([
            "sort": S.enumeration(LibraryAlbumsDTO.Sort.self), "albums": S.array(S.ref("LibraryAlbum")),
        ]),
        "LibraryArtist": S.object(["artist": S.ref("ArtistSummary"), "albums": S.array(S.ref("LibraryAlbum"))]),
        "LibraryArtists": S.object(["artists": S.array(S.ref("LibraryArtist"))]),
    ]
}
