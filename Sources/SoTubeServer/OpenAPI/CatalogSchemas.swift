import SoTubeAPI

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
