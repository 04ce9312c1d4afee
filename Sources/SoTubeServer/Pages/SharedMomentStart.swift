import Hummingbird
import SoTubeCore

extension MediaService {
    /// A shared moment (`?t=` of the share page or an embed) and where this visitor's audio starts
    /// for it: within the preview unless the visitor owns the song (`SharedMoment.start`; 0 when a
    /// preview's moment is past its end). nil and 0 without a readable `t`.
    func sharedMoment(_ request: Request, song: CatalogTrack, previewSeconds: Int, userID: String?) async throws
        -> (moment: Int?, start: Int)
    {
        guard let moment = request.uri.queryParameters.get("t").flatMap(SharedMoment.seconds) else { return (nil, 0) }
        let (rendition, _) = try await audio(trackID: song.id, for: userID)
        return (
            moment,
            SharedMoment.start(
                at: moment, durationMs: song.durationMs, previewSeconds: rendition == .full ? nil : previewSeconds)
        )
    }
}
