// Wire types for My Music (SPEC L1–L3): only purchased songs.

/// `GET /api/v1/library/songs?sort=default|name`.
public struct LibrarySongsDTO: Codable, Sendable, Equatable {
    /// The order of the songs.
    public enum Sort: String, Codable, Sendable, CaseIterable {
        /// By artist, then album, then disc and track number.
        case `default`
        /// By song title.
        case name
    }

    public var sort: Sort
    public var tracks: [TrackDTO]
    public init(sort: Sort, tracks: [TrackDTO]) {
        self.sort = sort
        self.tracks = tracks
    }
}

/// `GET /api/v1/library/albums?sort=artist|name`: each album with the caller's owned tracks.
public struct LibraryAlbumDTO: Codable, Sendable, Equatable {
    public var album: AlbumSummaryDTO
    public var ownedTracks: [TrackDTO]
    public init(album: AlbumSummaryDTO, ownedTracks: [TrackDTO]) {
        self.album = album
        self.ownedTracks = ownedTracks
    }
}

public struct LibraryAlbumsDTO: Codable, Sendable, Equatable {
    /// The order of the albums.
    public enum Sort: String, Codable, Sendable, CaseIterable {
        /// By artist, then year, then album title.
        case artist
        /// By album title.
        case name
    }

    public var sort: Sort
    public var albums: [LibraryAlbumDTO]
    public init(sort: Sort, albums: [LibraryAlbumDTO]) {
        self.sort = sort
        self.albums = albums
    }
}

/// `GET /api/v1/library/artists`: artists by name, each with their owned albums.
public struct LibraryArtistDTO: Codable, Sendable, Equatable {
    public var artist: ArtistSummaryDTO
    public var albums: [LibraryAlbumDTO]
    public init(artist: ArtistSummaryDTO, albums: [LibraryAlbumDTO]) {
        self.artist = artist
        self.albums = albums
    }
}

public struct LibraryArtistsDTO: Codable, Sendable, Equatable {
    public var artists: [LibraryArtistDTO]
    public init(artists: [LibraryArtistDTO]) { self.artists = artists }
}
