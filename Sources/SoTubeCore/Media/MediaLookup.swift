/// The stored audio files of a song (paths relative to the media folder).
public struct TrackFiles: Sendable, Equatable {
    public var mediaPath: String
    public var mediaType: String
    public var previewPath: String
    public var previewType: String

    public init(mediaPath: String, mediaType: String, previewPath: String, previewType: String) {
        self.mediaPath = mediaPath
        self.mediaType = mediaType
        self.previewPath = previewPath
        self.previewType = previewType
    }
}

/// What a picture route can show.
public enum ArtworkSubject: Sendable, Equatable {
    case album(String)
    case artist(String)
    case playlist(String)
}

/// Which stored file serves what: implemented on SQL by `SQLMediaLookup`.
public protocol MediaLookup: Sendable {
    /// The song's files, nil when there is no such song.
    func trackFiles(id: String) async throws -> TrackFiles?
    /// The subject's picture (path relative to the media folder): nil when there is no such
    /// subject, `.some(nil)` when it has no picture.
    func artwork(_ subject: ArtworkSubject) async throws -> String??
}
