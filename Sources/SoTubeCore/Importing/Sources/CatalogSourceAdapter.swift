import Foundation

/// One song as another server lists it: its id there, its tags and what identifies its file.
public struct RemoteSong: Sendable, Equatable, Codable {
    /// The upstream's id of the song (stable across its rescans).
    public var id: String
    public var title: String
    public var artist: String
    public var album: String
    /// The album's own artist (a compilation's "Various Artists"), else the song's artist.
    public var albumArtist: String
    /// The upstream's id of the album: songs of one album share its artwork.
    public var albumID: String
    public var trackNumber: Int
    public var discNumber: Int
    public var year: Int?
    public var genre: String?
    public var durationSeconds: Int
    /// The file's size in bytes upstream (0 when it does not say).
    public var size: Int
    /// The file's extension upstream (`mp3`, `flac` …).
    public var suffix: String
    /// The upstream's id of the song's or album's cover art.
    public var coverArtID: String?

    public init(
        id: String, title: String, artist: String, album: String, albumArtist: String? = nil, albumID: String,
        trackNumber: Int = 0, discNumber: Int = 1, year: Int? = nil, genre: String? = nil,
        durationSeconds: Int = 0, size: Int = 0, suffix: String = "", coverArtID: String? = nil
    ) {
        self.id = id
        self.title = title
        self.artist = artist
        self.album = album
        self.albumArtist = albumArtist ?? artist
        self.albumID = albumID
        self.trackNumber = trackNumber
        self.discNumber = discNumber
        self.year = year
        self.genre = genre
        self.durationSeconds = durationSeconds
        self.size = size
        self.suffix = suffix
        self.coverArtID = coverArtID
    }

    /// The song's tags as the importer takes them (its length is measured from the file). An upstream's
    /// own placeholder for a missing tag (supysonic's `[unknown]`, Navidrome's `[Unknown Album]`) is
    /// taken as missing.
    public var metadata: TrackMetadata {
        let artist = Self.tag(artist)
        let albumArtist = Self.tag(albumArtist)
        let album = Self.tag(album)
        return TrackMetadata(
            title: title.isEmpty ? "Untitled" : title,
            artist: artist.isEmpty ? TagMapping.unknownArtist : artist,
            albumArtist: albumArtist.isEmpty ? (artist.isEmpty ? TagMapping.unknownArtist : artist) : albumArtist,
            album: album.isEmpty ? TagMapping.unknownAlbum : album, trackNumber: max(0, trackNumber),
            discNumber: max(1, discNumber), year: year.flatMap { (1000...9999).contains($0) ? $0 : nil },
            genre: genre.flatMap { $0.isEmpty ? nil : $0 })
    }

    static func tag(_ value: String) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        let lower = trimmed.lowercased()
        if lower.hasPrefix("["), lower.hasSuffix("]"), lower.contains("unknown") || lower.contains("non-album") {
            return ""
        }
        return trimmed
    }

    /// Changes when anything the store keeps of the song changes upstream: its file (size, format)
    /// or its tags. Kept as the track's `source_mtime`, so an unchanged song is not fetched again.
    public var version: Int {
        let parts: [String] = [
            String(size), suffix, title, artist, albumArtist, album, albumID, String(trackNumber),
            String(discNumber), year.map(String.init) ?? "", genre ?? "", String(durationSeconds),
            coverArtID ?? "",
        ]
        return StableHash.positive31(parts.joined(separator: "\u{1F}"))
    }
}

/// Everything a source holds, read in one pass.
public struct SourceListing: Sendable, Equatable {
    public var songs: [RemoteSong]
    /// Albums listed (some may hold no song the store can take).
    public var albumCount: Int
    public init(songs: [RemoteSong], albumCount: Int) {
        self.songs = songs
        self.albumCount = albumCount
    }
}

/// How far a listing has got, for the terminal.
public struct ListingProgress: Sendable, Equatable {
    public var albumsRead: Int
    public var albumsListed: Int
    public var songs: Int
    public init(albumsRead: Int, albumsListed: Int, songs: Int) {
        self.albumsRead = albumsRead
        self.albumsListed = albumsListed
        self.songs = songs
    }
}

/// A catalog source: another server whose library the store sells from (SPEC C7). The Subsonic one
/// (`SubsonicSource`) is the first; a folder over SFTP, an S3 bucket or another store would be another
/// type conforming to this, and `SourceSync` (fetch, import, withdraw) stays as it is.
public protocol CatalogSourceAdapter: Sendable {
    /// Signs in and checks the account may read the library; throws `SourceError` when not.
    func checkAccess() async throws
    /// Every song the source offers, with its tags.
    func listing(progress: @escaping @Sendable (ListingProgress) -> Void) async throws -> SourceListing
    /// Writes the song's original file to `path` (replacing it); returns the bytes written.
    func fetchAudio(_ song: RemoteSong, to path: String) async throws -> Int
    /// Writes a cover image to `path`; false when the source has none for `id`.
    func fetchCover(id: String, to path: String) async throws -> Bool
}

/// What went wrong with a source, worded for the operator.
public struct SourceError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// Wrong user or password, or not allowed: retrying does not help.
        case refused
        /// The upstream is down, timed out or answered 5xx after every retry.
        case unavailable
        /// The upstream answered something this source cannot read.
        case unreadable
        /// The operator's input (a URL, a name) is wrong.
        case invalid
    }
    public var kind: Kind
    public var message: String
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
    public var description: String { message }
}
