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
        "Track": JSONSchema.object(
            [
                "id": JSONSchema.string, "title": JSONSchema.string, "artistId": JSONSchema.string,
                "artistName": JSONSchema.string, "albumId": JSONSchema.string,
                "albumTitle": JSONSchema.string, "trackNumber": JSONSchema.int, "discNumber": JSONSchema.int,
                "durationMs": JSONSchema.int,
                "genre": JSONSchema.nullable("string"), "explicit": JSONSchema.bool, "price": JSONSchema.int,
                "owned": JSONSchema.bool,
                "artworkUrl": JSONSchema.string, "audioUrl": JSONSchema.string, "previewSeconds": JSONSchema.int,
                "ready": JSONSchema.bool, "withdrawn": JSONSchema.bool, "loudness": JSONSchema.ref("Loudness"),
            ],
            required: [
                "id", "title", "artistId", "artistName", "albumId", "albumTitle", "trackNumber", "discNumber",
                "durationMs", "explicit", "price", "owned", "artworkUrl", "audioUrl", "previewSeconds",
            ]),
        "Loudness": JSONSchema.object(
            [
                "integratedLufs": JSONSchema.number, "truePeakDb": JSONSchema.number,
                "albumIntegratedLufs": JSONSchema.nullable("number"), "albumTruePeakDb": JSONSchema.nullable("number"),
                "trackGainDb": JSONSchema.number, "albumGainDb": JSONSchema.nullable("number"),
            ],
            required: ["integratedLufs", "truePeakDb", "trackGainDb"]),
        "TrackDetail": JSONSchema.object(
            [
                "track": JSONSchema.ref("Track"), "lyrics": JSONSchema.nullable("string"),
                "artistIntro": JSONSchema.nullable("string"),
                "releaseDate": JSONSchema.nullable("string"), "waveform": JSONSchema.array(JSONSchema.number),
            ],
            required: ["track", "waveform"]),
        "ArtistSummary": JSONSchema.object([
            "id": JSONSchema.string, "name": JSONSchema.string, "imageUrl": JSONSchema.string,
        ]),
        "AlbumSummary": JSONSchema.object(
            [
                "id": JSONSchema.string, "title": JSONSchema.string, "artistId": JSONSchema.string,
                "artistName": JSONSchema.string,
                "releaseDate": JSONSchema.nullable("string"), "year": JSONSchema.nullable("integer"),
                "genre": JSONSchema.nullable("string"),
                "artworkUrl": JSONSchema.string, "trackCount": JSONSchema.int, "price": JSONSchema.int,
                "explicit": JSONSchema.bool,
            ],
            required: ["id", "title", "artistId", "artistName", "artworkUrl", "trackCount", "price", "explicit"]),
        "AlbumDetail": JSONSchema.object([
            "album": JSONSchema.ref("AlbumSummary"), "tracks": JSONSchema.array(JSONSchema.ref("Track")),
            "priceForCaller": JSONSchema.int,
        ]),
        "ArtistDetail": JSONSchema.object(
            [
                "artist": JSONSchema.ref("ArtistSummary"), "bio": JSONSchema.nullable("string"),
                "albums": JSONSchema.array(JSONSchema.ref("AlbumSummary")),
                "otherAlbums": JSONSchema.array(JSONSchema.ref("AlbumSummary")),
                "topTracks": JSONSchema.array(JSONSchema.ref("Track")),
            ],
            required: ["artist", "albums", "otherAlbums", "topTracks"]),
        "PlaylistSummary": JSONSchema.object(
            [
                "id": JSONSchema.string, "name": JSONSchema.string, "description": JSONSchema.string,
                "artworkUrl": JSONSchema.string, "trackCount": JSONSchema.int,
                "kind": JSONSchema.enumeration(PlaylistSummaryDTO.Kind.self),
            ]),
        "PlaylistDetail": JSONSchema.object([
            "playlist": JSONSchema.ref("PlaylistSummary"), "tracks": JSONSchema.array(JSONSchema.ref("Track")),
            "favourite": JSONSchema.bool,
        ]),
        "Mood": JSONSchema.object([
            "id": JSONSchema.string, "name": JSONSchema.string, "playlistId": JSONSchema.string,
            "artworkUrl": JSONSchema.string,
        ]),
        "MoodList": JSONSchema.object(["moods": JSONSchema.array(JSONSchema.ref("Mood"))]),
        "StoreHome": JSONSchema.object(
            [
                "newReleases": JSONSchema.array(JSONSchema.ref("AlbumSummary")),
                "featuredPlaylists": JSONSchema.array(JSONSchema.ref("PlaylistSummary")),
                "moods": JSONSchema.array(JSONSchema.ref("Mood")),
                "favourites": JSONSchema.array(JSONSchema.ref("Track")),
                "favouritePlaylists": JSONSchema.array(JSONSchema.ref("PlaylistSummary")),
                "recentlyPlayed": JSONSchema.array(JSONSchema.ref("Track")),
            ]),
        "SearchResults": JSONSchema.object(
            [
                "query": JSONSchema.string, "artists": JSONSchema.array(JSONSchema.ref("ArtistSummary")),
                "albums": JSONSchema.array(JSONSchema.ref("AlbumSummary")),
                "tracks": JSONSchema.array(JSONSchema.ref("Track")),
                "playlists": JSONSchema.array(JSONSchema.ref("PlaylistSummary")),
            ]),
        "SearchHistory": JSONSchema.object(["queries": JSONSchema.array(JSONSchema.string)]),
        "SearchSuggestions": JSONSchema.object(["queries": JSONSchema.array(JSONSchema.string)]),
        "Favourites": JSONSchema.object([
            "tracks": JSONSchema.array(JSONSchema.ref("Track")),
            "playlists": JSONSchema.array(JSONSchema.ref("PlaylistSummary")),
        ]),
        "RecentlyPlayed": JSONSchema.object(["tracks": JSONSchema.array(JSONSchema.ref("Track"))]),
        "RecordPlayRequest": JSONSchema.object(["trackId": JSONSchema.string]),
        "LibrarySongs": JSONSchema.object([
            "sort": JSONSchema.enumeration(LibrarySongsDTO.Sort.self),
            "tracks": JSONSchema.array(JSONSchema.ref("Track")),
        ]),
        "LibraryAlbum": JSONSchema.object([
            "album": JSONSchema.ref("AlbumSummary"), "ownedTracks": JSONSchema.array(JSONSchema.ref("Track")),
        ]),
        "LibraryAlbums": JSONSchema.object([
            "sort": JSONSchema.enumeration(LibraryAlbumsDTO.Sort.self),
            "albums": JSONSchema.array(JSONSchema.ref("LibraryAlbum")),
        ]),
        "LibraryArtist": JSONSchema.object([
            "artist": JSONSchema.ref("ArtistSummary"), "albums": JSONSchema.array(JSONSchema.ref("LibraryAlbum")),
        ]),
        "LibraryArtists": JSONSchema.object(["artists": JSONSchema.array(JSONSchema.ref("LibraryArtist"))]),
    ]
}
