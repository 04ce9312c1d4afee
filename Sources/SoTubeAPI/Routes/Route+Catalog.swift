// The catalog and My Music (SPEC C1–C6, L1–L3).
extension Route {
    public static let storeHome = Route(
        .get, "/api/v1/store/home",
        "Store home: new releases, featured volumes, moods; favourites and recently played for the caller",
        tag: "catalog",
        responses: [200: ("The home page", "StoreHome")], web: "storeHome")
    public static let moods = Route(
        .get, "/api/v1/moods", "Every mood with its playlist", tag: "catalog",
        responses: [200: ("Moods", "MoodList")], web: "moods")
    public static let genres = Route(
        .get, "/api/v1/genres", "The genres with albums on sale, most albums first", tag: "catalog",
        responses: [200: ("Genres", "GenreList")], web: "genres")
    public static let genreAlbums = Route(
        .get, "/api/v1/genres/albums", "A genre's albums on sale, newest first (the genre's name in any case)",
        tag: "catalog",
        responses: [200: ("The albums", "GenreAlbums"), 422: ("No genre, or a bad limit or offset", nil)],
        query: [
            "genre": "the genre's name", "limit": "1–100 (default 40)", "offset": "0–10000 (default 0)",
        ], web: "genreAlbums")
    public static let artist = Route(
        .get, "/api/v1/artists/{id}", "Artist page: bio, albums, other albums, top songs", tag: "catalog",
        responses: [200: ("The artist", "ArtistDetail"), 404: ("No such artist", nil)], web: "artist")
    public static let album = Route(
        .get, "/api/v1/albums/{id}", "Album page: songs in disc/track order and the caller's bundle price",
        tag: "catalog",
        responses: [200: ("The album", "AlbumDetail"), 404: ("No such album", nil)], web: "album")
    public static let playlist = Route(
        .get, "/api/v1/playlists/{id}", "Playlist (volume or mood) page", tag: "catalog",
        responses: [200: ("The playlist", "PlaylistDetail"), 404: ("No such playlist", nil)], web: "playlist")
    public static let track = Route(
        .get, "/api/v1/tracks/{id}", "Song page: lyrics, artist intro, genre, duration, explicit, owned",
        tag: "catalog",
        responses: [200: ("The song", "TrackDetail"), 404: ("No such song", nil)], web: "track")
    public static let librarySongs = Route(
        .get, "/api/v1/library/songs", "My Music: owned songs", tag: "library", access: .user,
        responses: [200: ("Owned songs", "LibrarySongs"), 401: ("Not logged in", nil), 422: ("Bad sort", nil)],
        query: ["sort": "default (artist › album › track number) or name"], web: "librarySongs")
    public static let libraryAlbums = Route(
        .get, "/api/v1/library/albums", "My Music: albums with the owned songs", tag: "library", access: .user,
        responses: [200: ("Owned albums", "LibraryAlbums"), 401: ("Not logged in", nil), 422: ("Bad sort", nil)],
        query: ["sort": "artist (default) or name"], web: "libraryAlbums")
    public static let libraryArtists = Route(
        .get, "/api/v1/library/artists", "My Music: artists, each with their owned albums", tag: "library",
        access: .user,
        responses: [200: ("Owned artists", "LibraryArtists"), 401: ("Not logged in", nil)], web: "libraryArtists")

    /// Every route of this group, in the order the document lists them.
    static let catalog: [Route] = [
        storeHome, moods, genres, genreAlbums, artist, album, playlist, track, librarySongs, libraryAlbums,
        libraryArtists,
    ]
}
