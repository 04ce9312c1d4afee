import Foundation

/// A user's purchased library as music players see it (SPEC O2): only the songs the user owns, and
/// the albums and artists those songs belong to, with the user's play counts and stars (a play is
/// counted by `DiscoveryStore.recordPlay`). Implemented on SQL by `SQLPlayerLibrary`.
public protocol PlayerLibrary: Sendable {
    func songs(userID: String, _ filter: PlayerSongFilter, offset: Int, limit: Int) async throws -> [PlayerSong]
    func albums(userID: String, _ filter: PlayerAlbumFilter, offset: Int, limit: Int) async throws -> [PlayerAlbum]
    func artists(userID: String, _ filter: PlayerArtistFilter, offset: Int, limit: Int) async throws
        -> [PlayerArtist]
    func genres(userID: String) async throws -> [PlayerGenre]
}

/// Which owned songs, in which order.
public enum PlayerSongFilter: Sendable, Equatable {
    /// Every owned song by artist, album, disc and track (stable, for paging).
    case all
    /// An album's owned songs by disc and track.
    case album(String)
    /// The owned songs with these ids, in this order.
    case ids([String])
    /// Songs found by the web's search rule (`SearchQuery`: every word starts a word of the title,
    /// artist or album, case and accents folded; withdrawn songs, which search drops, are not
    /// found), by title. A query without words finds nothing.
    case matching(SearchQuery)
    /// Every owned song by title (the order `matching` answers in).
    case byTitle
    /// Starred songs, most recently starred first.
    case starred
    /// Random songs, optionally of a genre and within years.
    case random(genre: String?, fromYear: Int?, toYear: Int?)
    /// Songs of a genre, by artist, album, disc and track.
    case genre(String)
}

/// Which owned albums, in which order (Subsonic `getAlbumList2` types and lookups).
public enum PlayerAlbumFilter: Sendable, Equatable {
    /// Most recently bought first.
    case newest
    /// Most recently played first (played albums only).
    case recent
    /// Most played first (played albums only).
    case frequent
    case random
    case alphabeticalByName
    case alphabeticalByArtist
    /// Albums whose owned songs are all starred.
    case starred
    /// Release years from `from` to `to` (descending when `from` > `to`).
    case byYear(from: Int, to: Int)
    case byGenre(String)
    case ids([String])
    /// An album artist's owned albums, by year and title.
    case artist(String)
    /// Albums found by the web's search rule in their title and artist, by title.
    case matching(SearchQuery)
}

public enum PlayerArtistFilter: Sendable, Equatable {
    /// Every artist of an owned album, by name.
    case all
    case ids([String])
    /// Artists found by the web's search rule in their name, by name.
    case matching(SearchQuery)
}

/// An owned song with what players show about it.
public struct PlayerSong: Sendable, Equatable {
    public var track: CatalogTrack
    public var year: Int?
    /// The full song's file (relative to the media folder) and its content type.
    public var mediaPath: String
    public var mediaType: String
    public var albumHasArtwork: Bool
    public var boughtAt: Date
    public var playCount: Int
    public var starredAt: Date?

    public init(
        track: CatalogTrack, year: Int?, mediaPath: String, mediaType: String, albumHasArtwork: Bool,
        boughtAt: Date, playCount: Int, starredAt: Date?
    ) {
        self.track = track
        self.year = year
        self.mediaPath = mediaPath
        self.mediaType = mediaType
        self.albumHasArtwork = albumHasArtwork
        self.boughtAt = boughtAt
        self.playCount = playCount
        self.starredAt = starredAt
    }
}

/// An album as far as the user owns it: counts and length are of the owned songs.
public struct PlayerAlbum: Sendable, Equatable {
    public var id: String
    public var title: String
    public var artistID: String
    public var artistName: String
    public var year: Int?
    public var genre: String?
    public var songCount: Int
    public var durationMs: Int
    /// When the first of its songs was bought.
    public var boughtAt: Date
    public var playCount: Int
    public var lastPlayedAt: Date?
    public var hasArtwork: Bool
    /// When every owned song is starred: the latest star.
    public var starredAt: Date?

    public init(
        id: String, title: String, artistID: String, artistName: String, year: Int?, genre: String?,
        songCount: Int, durationMs: Int, boughtAt: Date, playCount: Int, lastPlayedAt: Date?, hasArtwork: Bool,
        starredAt: Date?
    ) {
        self.id = id
        self.title = title
        self.artistID = artistID
        self.artistName = artistName
        self.year = year
        self.genre = genre
        self.songCount = songCount
        self.durationMs = durationMs
        self.boughtAt = boughtAt
        self.playCount = playCount
        self.lastPlayedAt = lastPlayedAt
        self.hasArtwork = hasArtwork
        self.starredAt = starredAt
    }
}

public struct PlayerArtist: Sendable, Equatable {
    public var id: String
    public var name: String
    /// Owned albums of this artist.
    public var albumCount: Int
    public init(id: String, name: String, albumCount: Int) {
        self.id = id
        self.name = name
        self.albumCount = albumCount
    }
}

public struct PlayerGenre: Sendable, Equatable {
    public var name: String
    public var songCount: Int
    public var albumCount: Int
    public init(name: String, songCount: Int, albumCount: Int) {
        self.name = name
        self.songCount = songCount
        self.albumCount = albumCount
    }
}
