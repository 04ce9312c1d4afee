import Foundation

// Wire types for the catalog (SPEC C1–C6). JSON is camelCase; dates are ISO 8601 strings
// ("2024-05-01" for release dates). Image URLs are absolute paths on the server.

/// A song as every list shows it. `owned` and `price` are for the caller (guests: owned false).
public struct TrackDTO: Codable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var artistId: String
    public var artistName: String
    public var albumId: String
    public var albumTitle: String
    public var trackNumber: Int
    public var discNumber: Int
    /// Milliseconds.
    public var durationMs: Int
    public var genre: String?
    public var explicit: Bool
    /// Price in coins.
    public var price: Int
    public var owned: Bool
    /// e.g. "/api/v1/albums/{albumId}/artwork?size=300"
    public var artworkUrl: String
    /// "/api/v1/tracks/{id}/audio": full for owners, the preview for everyone else.
    public var audioUrl: String
    /// Seconds of audio a non-owner may hear (30).
    public var previewSeconds: Int
    /// False while the song is being prepared (its preview is not made yet): it cannot be bought
    /// until then (409). Absent from older servers: ready.
    public var ready: Bool?
    /// True when the song is no longer on sale (its file left the store's music folder): buying it
    /// answers 409; its owners keep it. Absent otherwise.
    public var withdrawn: Bool?
    /// EBU R128 loudness, once measured: integrated (LUFS) and true peak (dBTP) of the song and of
    /// its album; players turn them into a gain (e.g. toward −14 LUFS, lowered to keep the peak below −1 dBTP).
    public var loudness: LoudnessDTO?
    /// True when the buyer names the price: `price` is the minimum and `coins` in the purchase may be
    /// more. Absent for fixed prices.
    public var nameYourPrice: Bool?
    /// The album's store release date (`YYYY-MM-DD`, UTC) when it has one: before that day buying is a
    /// pre-order and owners hear the preview only. Absent: out now.
    public var availableOn: String?

    public init(
        id: String, title: String, artistId: String, artistName: String, albumId: String, albumTitle: String,
        trackNumber: Int, discNumber: Int, durationMs: Int, genre: String?, explicit: Bool, price: Int,
        owned: Bool, artworkUrl: String, audioUrl: String, previewSeconds: Int
    ) {
        self.id = id
        self.title = title
        self.artistId = artistId
        self.artistName = artistName
        self.albumId = albumId
        self.albumTitle = albumTitle
        self.trackNumber = trackNumber
        self.discNumber = discNumber
        self.durationMs = durationMs
        self.genre = genre
        self.explicit = explicit
        self.price = price
        self.owned = owned
        self.artworkUrl = artworkUrl
        self.audioUrl = audioUrl
        self.previewSeconds = previewSeconds
    }
}

/// EBU R128 measurements of a song and its album, and the gains a player applies for them.
public struct LoudnessDTO: Codable, Sendable, Equatable {
    public var integratedLufs: Double
    public var truePeakDb: Double
    public var albumIntegratedLufs: Double?
    public var albumTruePeakDb: Double?
    /// The gain (dB) to play the song at on its own: toward -14 LUFS, never clipping.
    public var trackGainDb: Double
    /// The gain (dB) while its whole album plays in order; nil until the album is measured.
    public var albumGainDb: Double?

    public init(
        integratedLufs: Double, truePeakDb: Double, albumIntegratedLufs: Double?, albumTruePeakDb: Double?,
        trackGainDb: Double, albumGainDb: Double?
    ) {
        self.integratedLufs = integratedLufs
        self.truePeakDb = truePeakDb
        self.albumIntegratedLufs = albumIntegratedLufs
        self.albumTruePeakDb = albumTruePeakDb
        self.trackGainDb = trackGainDb
        self.albumGainDb = albumGainDb
    }
}

/// `GET /api/v1/tracks/{id}`: the song page.
public struct TrackDetailDTO: Codable, Sendable, Equatable {
    public var track: TrackDTO
    public var lyrics: String?
    /// The artist's bio, shown as "artist intro".
    public var artistIntro: String?
    public var releaseDate: String?
    /// Normalised peaks 0...1 for the player's waveform; empty until the song's media jobs have made it.
    public var waveform: [Double]
    public init(track: TrackDTO, lyrics: String?, artistIntro: String?, releaseDate: String?, waveform: [Double]) {
        self.track = track
        self.lyrics = lyrics
        self.artistIntro = artistIntro
        self.releaseDate = releaseDate
        self.waveform = waveform
    }
}

public struct ArtistSummaryDTO: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var imageUrl: String
    public init(id: String, name: String, imageUrl: String) {
        self.id = id
        self.name = name
        self.imageUrl = imageUrl
    }
}

public struct AlbumSummaryDTO: Codable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var artistId: String
    public var artistName: String
    public var releaseDate: String?
    public var year: Int?
    public var genre: String?
    public var artworkUrl: String
    public var trackCount: Int
    /// Bundle price in coins for the whole album.
    public var price: Int
    public var explicit: Bool
    /// True when the buyer names the price (`price` is the minimum). Absent for fixed prices.
    public var nameYourPrice: Bool?
    /// The store release date (`YYYY-MM-DD`, UTC): before it, buying is a pre-order. Absent: out now.
    public var availableOn: String?
    public init(
        id: String, title: String, artistId: String, artistName: String, releaseDate: String?, year: Int?,
        genre: String?, artworkUrl: String, trackCount: Int, price: Int, explicit: Bool
    ) {
        self.id = id
        self.title = title
        self.artistId = artistId
        self.artistName = artistName
        self.releaseDate = releaseDate
        self.year = year
        self.genre = genre
        self.artworkUrl = artworkUrl
        self.trackCount = trackCount
        self.price = price
        self.explicit = explicit
    }
}

/// `GET /api/v1/albums/{id}`: tracks in disc/track order. `priceForCaller` is what buying the
/// album costs the caller now (only songs not yet owned are charged).
public struct AlbumDetailDTO: Codable, Sendable, Equatable {
    public var album: AlbumSummaryDTO
    public var tracks: [TrackDTO]
    public var priceForCaller: Int
    public init(album: AlbumSummaryDTO, tracks: [TrackDTO], priceForCaller: Int) {
        self.album = album
        self.tracks = tracks
        self.priceForCaller = priceForCaller
    }
}

/// `GET /api/v1/artists/{id}`.
public struct ArtistDetailDTO: Codable, Sendable, Equatable {
    public var artist: ArtistSummaryDTO
    public var bio: String?
    public var albums: [AlbumSummaryDTO]
    /// Albums by other artists in the same genres ("other albums").
    public var otherAlbums: [AlbumSummaryDTO]
    public var topTracks: [TrackDTO]
    public init(
        artist: ArtistSummaryDTO, bio: String?, albums: [AlbumSummaryDTO], otherAlbums: [AlbumSummaryDTO],
        topTracks: [TrackDTO]
    ) {
        self.artist = artist
        self.bio = bio
        self.albums = albums
        self.otherAlbums = otherAlbums
        self.topTracks = topTracks
    }
}

/// A featured playlist ("volume") or a mood's playlist.
public struct PlaylistSummaryDTO: Codable, Sendable, Equatable {
    /// What a playlist is for.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// A curated "volume", shown among the featured playlists.
        case volume
        /// The playlist behind a mood (``MoodDTO/playlistId``).
        case mood
    }

    public var id: String
    public var name: String
    public var description: String
    public var artworkUrl: String
    public var trackCount: Int
    public var kind: Kind
    public init(id: String, name: String, description: String, artworkUrl: String, trackCount: Int, kind: Kind) {
        self.id = id
        self.name = name
        self.description = description
        self.artworkUrl = artworkUrl
        self.trackCount = trackCount
        self.kind = kind
    }
}

public struct PlaylistDetailDTO: Codable, Sendable, Equatable {
    public var playlist: PlaylistSummaryDTO
    public var tracks: [TrackDTO]
    public var favourite: Bool
    public init(playlist: PlaylistSummaryDTO, tracks: [TrackDTO], favourite: Bool) {
        self.playlist = playlist
        self.tracks = tracks
        self.favourite = favourite
    }
}

public struct MoodDTO: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    /// The mood's page is this playlist.
    public var playlistId: String
    public var artworkUrl: String
    public init(id: String, name: String, playlistId: String, artworkUrl: String) {
        self.id = id
        self.name = name
        self.playlistId = playlistId
        self.artworkUrl = artworkUrl
    }
}

/// `GET /api/v1/store/home`. `favourites` and `recentlyPlayed` are empty for guests.
public struct StoreHomeDTO: Codable, Sendable, Equatable {
    public var newReleases: [AlbumSummaryDTO]
    public var featuredPlaylists: [PlaylistSummaryDTO]
    public var moods: [MoodDTO]
    public var favourites: [TrackDTO]
    public var favouritePlaylists: [PlaylistSummaryDTO]
    public var recentlyPlayed: [TrackDTO]
    public init(
        newReleases: [AlbumSummaryDTO], featuredPlaylists: [PlaylistSummaryDTO], moods: [MoodDTO],
        favourites: [TrackDTO], favouritePlaylists: [PlaylistSummaryDTO], recentlyPlayed: [TrackDTO]
    ) {
        self.newReleases = newReleases
        self.featuredPlaylists = featuredPlaylists
        self.moods = moods
        self.favourites = favourites
        self.favouritePlaylists = favouritePlaylists
        self.recentlyPlayed = recentlyPlayed
    }
}

/// `GET /api/v1/search?q=&limit=&offset=&explicit=`.
public struct SearchResultsDTO: Codable, Sendable, Equatable {
    public var query: String
    /// When `query` found nothing and a mistyped word was corrected: the query these results are for
    /// ("glacier" for "glaicer").
    public var correctedQuery: String?
    public var artists: [ArtistSummaryDTO]
    public var albums: [AlbumSummaryDTO]
    public var tracks: [TrackDTO]
    public var playlists: [PlaylistSummaryDTO]
    public init(
        query: String, correctedQuery: String? = nil, artists: [ArtistSummaryDTO], albums: [AlbumSummaryDTO],
        tracks: [TrackDTO], playlists: [PlaylistSummaryDTO]
    ) {
        self.query = query
        self.correctedQuery = correctedQuery
        self.artists = artists
        self.albums = albums
        self.tracks = tracks
        self.playlists = playlists
    }
}

/// `GET /api/v1/search/history`: the caller's last 5 queries, newest first.
public struct SearchHistoryDTO: Codable, Sendable, Equatable {
    public var queries: [String]
    public init(queries: [String]) { self.queries = queries }
}

/// `GET /api/v1/search/suggestions?q=`: up to 8 completions for what the user has typed, the
/// caller's matching past queries first, then names from the catalog.
public struct SearchSuggestionsDTO: Codable, Sendable, Equatable {
    /// The suggested search texts, best first.
    public var queries: [String]
    public init(queries: [String]) { self.queries = queries }
}
