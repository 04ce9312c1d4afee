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
