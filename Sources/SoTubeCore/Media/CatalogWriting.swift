import Foundation

/// A track as the importer or the demo seeder hands it to the catalog. Paths are relative to
/// the data directory's `media/` folder.
public struct CatalogTrackRecord: Sendable, Equatable {
    public var sourcePath: String
    public var sourceSize: Int
    public var sourceMtime: Int
    public var metadata: TrackMetadata
    public var mediaPath: String
    public var mediaType: String
    public var previewPath: String
    public var previewType: String
    /// Normalised peaks 0...1.
    public var waveform: [Double]
    /// `artwork/<key>.jpg` (600 px); sibling files `-100`, `-300`, `-600` exist too.
    public var artworkPath: String?
    public var price: Int
    public var lyrics: String?
    public var artistBio: String?
    public var albumPrice: Int?
    /// On sale: its preview exists. The scan writes a new song not ready; its renditions job makes it so.
    public var ready = true

    public init(
        sourcePath: String, sourceSize: Int, sourceMtime: Int, metadata: TrackMetadata,
        mediaPath: String,
        mediaType: String, previewPath: String, previewType: String, waveform: [Double],
        artworkPath: String?,
        price: Int = 10, lyrics: String? = nil, artistBio: String? = nil, albumPrice: Int? = nil
    ) {
        self.sourcePath = sourcePath
        self.sourceSize = sourceSize
        self.sourceMtime = sourceMtime
        self.metadata = metadata
        self.mediaPath = mediaPath
        self.mediaType = mediaType
        self.previewPath = previewPath
        self.previewType = previewType
        self.waveform = waveform
        self.artworkPath = artworkPath
        self.price = price
        self.lyrics = lyrics
        self.artistBio = artistBio
        self.albumPrice = albumPrice
    }
}

/// What the catalog already holds for a source file.
public struct KnownSource: Sendable, Equatable {
    public var trackID: String
    public var size: Int
    public var mtime: Int
    public var mediaPath: String
    public var previewPath: String
    /// The song's length as stored (`tracks.duration_ms`).
    public var durationMs: Int
    /// A renditions job for it is queued or running: its files are on their way.
    public var jobPending = false
    /// Its loudness is stored or being measured (false for songs imported before loudness existed).
    public var loudnessKnown = true
    public init(
        trackID: String, size: Int, mtime: Int, mediaPath: String, previewPath: String, durationMs: Int = 0,
        jobPending: Bool = false, loudnessKnown: Bool = true
    ) {
        self.jobPending = jobPending
        self.loudnessKnown = loudnessKnown
        self.trackID = trackID
        self.size = size
        self.mtime = mtime
        self.mediaPath = mediaPath
        self.previewPath = previewPath
        self.durationMs = durationMs
    }
}

public enum UpsertOutcome: String, Sendable { case created, updated }

/// Writes the catalog: implemented on SQL by `SQLCatalogWriter`.
public protocol CatalogWriting: Sendable {
    func knownSource(path: String) async throws -> KnownSource?
    /// Inserts or updates the track keyed by `sourcePath`, creating its artist and album.
    func upsertTrack(_ record: CatalogTrackRecord) async throws -> (
        trackID: String, outcome: UpsertOutcome
    )
    /// Creates a playlist of `trackIDs` in order; returns its id.
    func createPlaylist(
        name: String, description: String, kind: String, featured: Bool, artworkPath: String?,
        position: Int, trackIDs: [String]
    ) async throws -> String
    /// Creates a mood whose page is `playlistID`.
    func createMood(name: String, playlistID: String, position: Int) async throws -> String
    /// Sets an artist's picture (path under media/).
    func setArtistImage(artistName: String, imagePath: String) async throws
    func isCatalogEmpty() async throws -> Bool
    /// After a batch: pictures for artists without one. (Album prices are not written here: an
    /// album without the operator's price is priced from its current songs whenever it is read.)
    func finishImport() async throws
    /// What a media job needs to know of its track, or nil when the track is gone.
    func jobTrack(id: String) async throws -> JobTrack?
    /// A renditions job's result: the files (relative to media/), the waveform, and the song on sale.
    func finishRenditions(
        trackID: String, mediaPath: String, mediaType: String, previewPath: String, previewType: String,
        waveform: [Double]
    ) async throws
    /// A loudness job's result; the album's loudness is worked out again from its measured songs.
    func setLoudness(trackID: String, loudness: Loudness) async throws
    /// A watched folder's pass: songs imported from under `folder` whose file is not in `present`
    /// (source keys) are withdrawn, withdrawn ones whose file is back are on sale again.
    func reconcileFolder(_ folder: String, present: Set<String>) async throws -> FolderReconciliation
}

/// What `reconcileFolder` changed: track IDs.
public struct FolderReconciliation: Sendable, Equatable {
    public var withdrawn: [String] = []
    public var restored: [String] = []
    public init() {}
    public var isEmpty: Bool { withdrawn.isEmpty && restored.isEmpty }
}

/// A track as a media job sees it.
public struct JobTrack: Sendable, Equatable {
    public var id: String
    public var sourcePath: String?
    public var mediaPath: String
    public var previewPath: String
    public var durationMs: Int
    public init(id: String, sourcePath: String?, mediaPath: String, previewPath: String, durationMs: Int) {
        self.id = id
        self.sourcePath = sourcePath
        self.mediaPath = mediaPath
        self.previewPath = previewPath
        self.durationMs = durationMs
    }
}

/// Import decision rules: what happens to a file the scanner found.
public enum ImportDecision: Equatable, Sendable {
    case new
    case changed(trackID: String)
    case unchanged

    /// A file is unchanged when size and modification time match, and either its renditions are
    /// being made (a job is queued or running: a scan run again resumes instead of starting over) or
    /// they still exist and its preview keeps to the preview rule (`PreviewPolicy.previewFits`; a
    /// preview cut by an older build may be a short song whole).
    public static func decide(
        known: KnownSource?, size: Int, mtime: Int, renditionsExist: Bool, previewFits: Bool = true
    )
        -> ImportDecision
    {
        guard let known else { return .new }
        if known.size == size && known.mtime == mtime && (known.jobPending || (renditionsExist && previewFits)) {
            return .unchanged
        }
        return .changed(trackID: known.trackID)
    }
}

/// A short stable hash (FNV-1a 64, hex) for naming media files after their source.
public enum StableHash {
    public static func hex(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
