import Foundation
import SoTubeCore

/// Which audio a caller gets for (song, requested format, bit-rate limit): the web audio route and
/// Subsonic `stream` both ask it. `MediaService` decides which file (the full song for owners, the
/// preview for others); `TranscodePolicy` whether the full song is sent as stored or transcoded.
public struct PlaybackService: Sendable {
    let media: MediaService

    public init(media: MediaService) { self.media = media }

    /// What a caller gets: a stored file, and when `transcode` is set, that file made into another
    /// codec and bit rate on the fly. A preview is never transcoded.
    public struct Playback: Sendable, Equatable {
        public var rendition: PreviewPolicy.Rendition
        public var file: MediaService.File
        public var transcode: Transcode?
    }

    /// Throws notFound for an unknown song, and for one the caller does not own when `request` gives
    /// others no preview; `DomainError.invalid` (field "format") for a format that cannot be made.
    public func play(trackID: String, for userID: String?, _ request: PlaybackRequest) async throws -> Playback {
        let (rendition, file, durationMs) = try await media.audioWithDuration(trackID: trackID, for: userID)
        guard rendition == .full else {
            guard request.previewForOthers else { throw DomainError.notFound(what: "This song") }
            return Playback(rendition: rendition, file: file, transcode: nil)
        }
        guard request.mayTranscode else { return Playback(rendition: rendition, file: file, transcode: nil) }
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue ?? 0
        let transcode = try TranscodePolicy.choose(request, storedBytes: size, durationMs: durationMs)
        return Playback(rendition: rendition, file: file, transcode: transcode)
    }
}
