import Foundation
import SoTubeCore

/// The rows `InMemoryCatalog` holds, as the SQL schema has them.
extension InMemoryCatalog {
    /// An album row (`albums`).
    public struct Album: Sendable {
        public var id: String
        public var title: String
        public var artistID: String
        public var releaseDate: String?
        public var year: Int?
        public var genre: String?
        public var operatorPrice: Int?
        /// When it was added: the order among albums of one release date.
        public var addedAt: Int

        public init(
            id: String, title: String, artistID: String, releaseDate: String?, genre: String?,
            operatorPrice: Int? = nil, addedAt: Int = 0
        ) {
            self.id = id
            self.title = title
            self.artistID = artistID
            self.releaseDate = releaseDate
            self.year = releaseDate.flatMap { Int($0.prefix(4)) }
            self.genre = genre
            self.operatorPrice = operatorPrice
            self.addedAt = addedAt
        }
    }

    /// A song row (`tracks`).
    public struct Song: Sendable {
        public var id: String
        public var title: String
        public var artistID: String
        public var albumID: String
        public var trackNumber: Int
        public var discNumber: Int
        public var durationMs: Int
        public var genre: String?
        public var explicit: Bool
        public var price: Int
        public var lyrics: String?
        public var waveform: [Double]
        public var files: TrackFiles

        public init(
            id: String, title: String, artistID: String, albumID: String, trackNumber: Int, discNumber: Int = 1,
            durationMs: Int = 200_000, genre: String? = nil, explicit: Bool = false, price: Int = 10,
            lyrics: String? = nil, waveform: [Double] = [], files: TrackFiles? = nil
        ) {
            self.id = id
            self.title = title
            self.artistID = artistID
            self.albumID = albumID
            self.trackNumber = trackNumber
            self.discNumber = discNumber
            self.durationMs = durationMs
            self.genre = genre
            self.explicit = explicit
            self.price = price
            self.lyrics = lyrics
            self.waveform = waveform
            self.files =
                files
                ?? TrackFiles(
                    mediaPath: "tracks/\(id)/full.mp3", mediaType: "audio/mpeg",
                    previewPath: "tracks/\(id)/preview.mp3", previewType: "audio/mpeg", durationMs: durationMs)
        }
    }

    /// A playlist row with its songs in order (`playlists`, `playlist_tracks`).
    public struct Playlist: Sendable {
        public var id: String
        public var name: String
        public var description: String
        public var kind: String
        public var featured: Bool
        public var position: Int
        public var trackIDs: [String]

        public init(
            id: String, name: String, description: String, kind: String, featured: Bool, position: Int,
            trackIDs: [String]
        ) {
            self.id = id
            self.name = name
            self.description = description
            self.kind = kind
            self.featured = featured
            self.position = position
            self.trackIDs = trackIDs
        }
    }

    /// A mood row (`moods`): a name for one playlist.
    public struct Mood: Sendable {
        public var id: String
        public var name: String
        public var playlistID: String
        public var position: Int

        public init(id: String, name: String, playlistID: String, position: Int) {
            self.id = id
            self.name = name
            self.playlistID = playlistID
            self.position = position
        }
    }

    /// A user's id with the moment it was added (favourites, recently played, search history).
    struct Dated: Sendable {
        var id: String
        var at: Date
        var text = ""
    }
}
