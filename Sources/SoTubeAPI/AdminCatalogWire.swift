import Foundation

// Wire types of the operator's console (`/api/v1/admin/…`, docs/console.md): the catalog, the store home and media jobs.
// Money is integers: amounts in minor units, coins as whole coins.

/// A song as the console lists it.
public struct AdminTrackDTO: Codable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var artist: String
    public var artistId: String
    public var album: String
    public var albumId: String
    public var genre: String?
    public var explicit: Bool
    public var lyrics: String?
    public var price: Int
    public var withdrawn: Bool
    public var ready: Bool
    /// The album's price now (the operator's, else the derived one).
    public var albumPrice: Int
    public var albumDerivedPrice: Int
    /// Set by an operator; absent when the album's price is derived from its songs.
    public var albumOperatorPrice: Int?
    public init(
        id: String, title: String, artist: String, artistId: String, album: String, albumId: String, genre: String?,
        explicit: Bool, lyrics: String?, price: Int, withdrawn: Bool, ready: Bool, albumPrice: Int,
        albumDerivedPrice: Int, albumOperatorPrice: Int?
    ) {
        self.id = id
        self.title = title
        self.artist = artist
        self.artistId = artistId
        self.album = album
        self.albumId = albumId
        self.genre = genre
        self.explicit = explicit
        self.lyrics = lyrics
        self.price = price
        self.withdrawn = withdrawn
        self.ready = ready
        self.albumPrice = albumPrice
        self.albumDerivedPrice = albumDerivedPrice
        self.albumOperatorPrice = albumOperatorPrice
    }
}

public struct AdminTrackListDTO: Codable, Sendable, Equatable {
    public var tracks: [AdminTrackDTO]
    public init(tracks: [AdminTrackDTO]) { self.tracks = tracks }
}

/// `PATCH /api/v1/admin/tracks/{id}`: only the fields sent change (an empty genre or lyrics clears it).
public struct TrackEditRequest: Codable, Sendable {
    public var title: String?
    public var genre: String?
    public var explicit: Bool?
    public var lyrics: String?
    public var price: Int?
    public var withdrawn: Bool?
    public init(
        title: String? = nil, genre: String? = nil, explicit: Bool? = nil, lyrics: String? = nil, price: Int? = nil,
        withdrawn: Bool? = nil
    ) {
        self.title = title
        self.genre = genre
        self.explicit = explicit
        self.lyrics = lyrics
        self.price = price
        self.withdrawn = withdrawn
    }
}

/// `PUT /api/v1/admin/albums/{id}/price`: null or absent returns the album to its derived price.
public struct AlbumPriceRequest: Codable, Sendable {
    public var price: Int?
    public init(price: Int?) { self.price = price }
}

public struct AlbumPriceDTO: Codable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var price: Int
    public var derivedPrice: Int
    public var operatorPrice: Int?
    public init(id: String, title: String, price: Int, derivedPrice: Int, operatorPrice: Int?) {
        self.id = id
        self.title = title
        self.price = price
        self.derivedPrice = derivedPrice
        self.operatorPrice = operatorPrice
    }
}

/// `PATCH /api/v1/admin/artists/{id}`.
public struct ArtistRenameRequest: Codable, Sendable {
    public var name: String
    public init(name: String) { self.name = name }
}

public struct AdminArtistDTO: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

/// `PUT /api/v1/admin/albums/{id}/artwork`: where the album's new picture is served.
public struct AlbumArtworkDTO: Codable, Sendable, Equatable {
    public var id: String
    public var artworkUrl: String
    public init(id: String, artworkUrl: String) {
        self.id = id
        self.artworkUrl = artworkUrl
    }
}

public struct CuratedPlaylistDTO: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    /// `volume`, `mood`, …
    public var kind: String
    public var featured: Bool
    public var trackCount: Int
    public init(id: String, name: String, kind: String, featured: Bool, trackCount: Int) {
        self.id = id
        self.name = name
        self.kind = kind
        self.featured = featured
        self.trackCount = trackCount
    }
}

public struct CuratedMoodDTO: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var playlistId: String
    public init(id: String, name: String, playlistId: String) {
        self.id = id
        self.name = name
        self.playlistId = playlistId
    }
}

/// `GET /api/v1/admin/curation`: the featured playlists first in the store home's order, then the
/// others; the moods in the home's order.
public struct CurationDTO: Codable, Sendable, Equatable {
    public var playlists: [CuratedPlaylistDTO]
    public var moods: [CuratedMoodDTO]
    public init(playlists: [CuratedPlaylistDTO], moods: [CuratedMoodDTO]) {
        self.playlists = playlists
        self.moods = moods
    }
}

/// `PUT /api/v1/admin/curation`: the featured playlists' ids in order (the others are not featured)
/// and every mood's id in the new order.
public struct CurationRequest: Codable, Sendable {
    public var featured: [String]
    public var moods: [String]
    public init(featured: [String], moods: [String]) {
        self.featured = featured
        self.moods = moods
    }
}

public struct AdminJobDTO: Codable, Sendable, Equatable {
    public var id: String
    public var kind: String
    public var trackId: String
    /// The song's title, when it still exists.
    public var title: String?
    public var attempts: Int
    public var error: String?
    public var updatedAt: Date
    public init(
        id: String, kind: String, trackId: String, title: String?, attempts: Int, error: String?, updatedAt: Date
    ) {
        self.id = id
        self.kind = kind
        self.trackId = trackId
        self.title = title
        self.attempts = attempts
        self.error = error
        self.updatedAt = updatedAt
    }
}

/// `GET /api/v1/admin/jobs`.
public struct AdminJobsDTO: Codable, Sendable, Equatable {
    public var queued: Int
    public var running: Int
    public var done: Int
    public var failed: Int
    public var failedJobs: [AdminJobDTO]
    public init(queued: Int, running: Int, done: Int, failed: Int, failedJobs: [AdminJobDTO]) {
        self.queued = queued
        self.running = running
        self.done = done
        self.failed = failed
        self.failedJobs = failedJobs
    }
}

public struct JobRetryDTO: Codable, Sendable, Equatable {
    public var retried: Int
    public init(retried: Int) { self.retried = retried }
}
