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
