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
