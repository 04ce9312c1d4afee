import Foundation

/// One of the caller's own playlists in a list (issue 32 #17).
public struct OwnPlaylistSummaryDTO: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var trackCount: Int
    public var durationMs: Int
    /// The first song's album cover; absent while the playlist is empty.
    public var artworkUrl: String?
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: String, name: String, trackCount: Int, durationMs: Int, artworkUrl: String?, createdAt: Date,
        updatedAt: Date
    ) {
        self.id = id
        self.name = name
        self.trackCount = trackCount
        self.durationMs = durationMs
        self.artworkUrl = artworkUrl
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// `GET /api/v1/me/playlists`: most recently changed first.
public struct OwnPlaylistListDTO: Codable, Sendable, Equatable {
    public var playlists: [OwnPlaylistSummaryDTO]
    public init(playlists: [OwnPlaylistSummaryDTO]) { self.playlists = playlists }
}

/// One own playlist with its songs in the caller's order (songs not owned play as previews).
public struct OwnPlaylistDTO: Codable, Sendable, Equatable {
    public var playlist: OwnPlaylistSummaryDTO
    public var tracks: [TrackDTO]
    public init(playlist: OwnPlaylistSummaryDTO, tracks: [TrackDTO]) {
        self.playlist = playlist
        self.tracks = tracks
    }
}

/// `POST /api/v1/me/playlists`.
public struct CreateOwnPlaylistRequest: Codable, Sendable, Equatable {
    public var name: String
    /// The first songs, in order (optional).
    public var trackIds: [String]?
    public init(name: String, trackIds: [String]? = nil) {
        self.name = name
        self.trackIds = trackIds
    }
}

/// `PUT /api/v1/me/playlists/{id}`: a new name and/or the whole new order of songs (reordering and
/// removing are both a new list).
public struct UpdateOwnPlaylistRequest: Codable, Sendable, Equatable {
    public var name: String?
    public var trackIds: [String]?
    public init(name: String? = nil, trackIds: [String]? = nil) {
        self.name = name
        self.trackIds = trackIds
    }
}

/// `POST /api/v1/me/playlists/{id}/tracks`: songs to append.
public struct AddOwnPlaylistTracksRequest: Codable, Sendable, Equatable {
    public var trackIds: [String]
    public init(trackIds: [String]) { self.trackIds = trackIds }
}

/// What appending did: songs already in the playlist are not added twice.
public struct OwnPlaylistAddedDTO: Codable, Sendable, Equatable {
    public var added: Int
    public var playlist: OwnPlaylistSummaryDTO
    public init(added: Int, playlist: OwnPlaylistSummaryDTO) {
        self.added = added
        self.playlist = playlist
    }
}
