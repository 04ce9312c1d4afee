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
    /// A renditions job's result: the files (relative to media/), the waveform (nil: left as it is, for
    /// the loudness job to write), and the song on sale.
    func finishRenditions(
        trackID: String, mediaPath: String, mediaType: String, previewPath: String, previewType: String,
        waveform: [Double]?
    ) async throws
    /// A `full` job's result: the song is played from `mediaPath` instead of its imported file, if it
    /// is still played from `playedFrom`. Returns whether it was.
    func finishFullRendition(trackID: String, playedFrom: String, mediaPath: String, mediaType: String)
        async throws -> Bool
    /// A loudness job's result, and the waveform from the same decode (nil: left as it is); the album's
    /// loudness is worked out again from its measured songs.
    func setLoudness(trackID: String, loudness: Loudness, waveform: [Double]?) async throws
    /// A watched folder's pass: songs imported from under `folder` whose file is not in `present`
    /// (source keys) are withdrawn, withdrawn ones whose file is back are on sale again.
    func reconcileFolder(_ folder: String, present: Set<String>) async throws -> FolderReconciliation
}

/// What `upsertTrack` did with the track.
public enum UpsertOutcome: String, Sendable { case created, updated }

/// What `reconcileFolder` changed: track IDs.
public struct FolderReconciliation: Sendable, Equatable {
    public var withdrawn: [String] = []
    public var restored: [String] = []
    public init() {}
    public var isEmpty: Bool { withdrawn.isEmpty && restored.isEmpty }
}
