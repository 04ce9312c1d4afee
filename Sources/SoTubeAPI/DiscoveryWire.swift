// Wire types for per-user discovery (SPEC C3, C5, C6): favourites and recently played.

/// `GET /api/v1/me/favourites`: favourite songs and volumes, most recently added first.
public struct FavouritesDTO: Codable, Sendable, Equatable {
    public var tracks: [TrackDTO]
    public var playlists: [PlaylistSummaryDTO]
    public init(tracks: [TrackDTO], playlists: [PlaylistSummaryDTO]) {
        self.tracks = tracks
        self.playlists = playlists
    }
}

/// `GET /api/v1/me/recently-played`: newest first.
public struct RecentlyPlayedDTO: Codable, Sendable, Equatable {
    public var tracks: [TrackDTO]
    public init(tracks: [TrackDTO]) { self.tracks = tracks }
}

/// `POST /api/v1/me/recently-played`: the web player reports a song it started.
public struct RecordPlayRequest: Codable, Sendable, Equatable {
    public var trackId: String
    public init(trackId: String) { self.trackId = trackId }
}

/// `GET /api/v1/moods`.
public struct MoodListDTO: Codable, Sendable, Equatable {
    public var moods: [MoodDTO]
    public init(moods: [MoodDTO]) { self.moods = moods }
}

/// One genre to browse: `GET /api/v1/genres`.
public struct GenreDTO: Codable, Sendable, Equatable {
    public var name: String
    public var albumCount: Int
    /// The cover of one of its albums.
    public var artworkUrl: String
    public init(name: String, albumCount: Int, artworkUrl: String) {
        self.name = name
        self.albumCount = albumCount
        self.artworkUrl = artworkUrl
    }
}

/// `GET /api/v1/genres`: the genres with albums on sale, most albums first.
public struct GenreListDTO: Codable, Sendable, Equatable {
    public var genres: [GenreDTO]
    public init(genres: [GenreDTO]) { self.genres = genres }
}

/// `GET /api/v1/genres/albums?genre=`: a genre's albums on sale, newest first.
public struct GenreAlbumsDTO: Codable, Sendable, Equatable {
    public var genre: String
    public var albums: [AlbumSummaryDTO]
    public init(genre: String, albums: [AlbumSummaryDTO]) {
        self.genre = genre
        self.albums = albums
    }
}
