import Foundation

/// The stored audio files of a song (paths relative to the media folder) and how long the song is.
public struct TrackFiles: Sendable, Equatable {
    public var mediaPath: String
    public var mediaType: String
    public var previewPath: String
    public var previewType: String
    /// The full song's length (its average bit rate is the file's size over it).
    public var durationMs: Int
    /// Its album's store release date: until then even owners (pre-orders) get the preview only.
    public var availableAt: Date?

    /// Owners may hear and download the full song at `now`.
    public func isOut(at now: Date) -> Bool { availableAt.map { $0 <= now } ?? true }

    public init(
        mediaPath: String, mediaType: String, previewPath: String, previewType: String, durationMs: Int = 0,
        availableAt: Date? = nil
    ) {
        self.availableAt = availableAt
        self.mediaPath = mediaPath
        self.mediaType = mediaType
        self.previewPath = previewPath
        self.previewType = previewType
        self.durationMs = durationMs
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
