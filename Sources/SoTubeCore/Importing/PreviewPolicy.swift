/// Who hears what: owners the full song, everyone else the preview file (SPEC M1, M2).
public struct PreviewPolicy: Sendable, Equatable {
    /// Length of the preview in seconds.
    public var seconds: Int
    /// Fade-out at the end of the preview, seconds.
    public var fadeSeconds: Double

    public init(seconds: Int = 30, fadeSeconds: Double = 2) {
        self.seconds = max(1, seconds)
        self.fadeSeconds = max(0, min(fadeSeconds, Double(self.seconds) / 2))
    }

    public enum Rendition: String, Sendable { case full, preview }

    /// The rendition a caller may receive. Guests (nil user) and non-owners get the preview.
    public static func rendition(isOwner: Bool) -> Rendition { isOwner ? .full : .preview }

    /// How much a measured preview may exceed `previewLength` (MP3 frames and encoder padding).
    public static let codecToleranceSeconds = 0.2

    /// How long the preview of a song of `duration` seconds is: the configured length, but never more
    /// than half the song, so a short song is never given away whole as its own preview.
    public func previewLength(duration: Double) -> Double {
        guard duration.isFinite, duration > 0 else { return 0 }
        return min(Double(seconds), duration / 2)
    }

    /// The preview length in whole seconds for a song of `durationMs`, as the API and the share page
    /// state it (rounded down: the player stops no later than the file ends).
    public func previewSeconds(durationMs: Int) -> Int {
        Int(previewLength(duration: Double(durationMs) / 1000).rounded(.down))
    }

    /// How long the fade-out at the end of that preview is: at most half the preview.
    public func fadeLength(duration: Double) -> Double {
        min(fadeSeconds, previewLength(duration: duration) / 2)
    }

    /// When the fade-out starts for a song of `duration` seconds; the fade ends with the preview.
    public func fadeStart(duration: Double) -> Double {
        max(0, previewLength(duration: duration) - fadeLength(duration: duration))
    }

    /// Whether a preview measured at `previewSeconds` keeps to this rule for a song of `duration`
    /// seconds (a preview cut before the rule may be the whole song).
    public func previewFits(previewSeconds: Double, duration: Double) -> Bool {
        previewSeconds <= previewLength(duration: duration) + Self.codecToleranceSeconds
    }

    /// Whether this rule makes the preview of a song of `duration` seconds shorter than `seconds`:
    /// only then can a preview cut by an older build be too long, and is worth measuring.
    public func isShortened(duration: Double) -> Bool {
        previewLength(duration: duration) < Double(seconds)
    }
}
