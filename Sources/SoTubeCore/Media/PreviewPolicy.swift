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

/// Container/codec facts that decide whether a browser can play a file as it is.
public enum AudioFormatRules {
    /// MP3 and AAC (in MP4/M4A or ADTS) play in every major browser including iOS Safari.
    public static func isUniversallyPlayable(formatName: String, codecName: String) -> Bool {
        let formats = Set(formatName.lowercased().split(separator: ",").map(String.init))
        let codec = codecName.lowercased()
        if codec == "mp3" && formats.contains("mp3") { return true }
        if codec == "aac"
            && (formats.contains("mp4") || formats.contains("m4a") || formats.contains("aac"))
        {
            return true
        }
        return false
    }

    /// Content-Type for a stored media file by its extension.
    public static func contentType(forExtension ext: String) -> String {
        switch ext.lowercased() {
        case "mp3": return "audio/mpeg"
        case "m4a", "mp4": return "audio/mp4"
        case "aac": return "audio/aac"
        case "ogg", "oga": return "audio/ogg"
        case "opus": return "audio/ogg"
        case "flac": return "audio/flac"
        case "wav": return "audio/wav"
        case "jpg", "jpeg": return "image/jpeg"
        case "png": return "image/png"
        default: return "application/octet-stream"
        }
    }

    /// Extensions the importer looks at. Anything else is skipped as "not an audio file".
    public static let audioExtensions: Set<String> = [
        "mp3", "m4a", "mp4", "aac", "flac", "ogg", "oga", "opus", "wav", "wave", "aif", "aiff", "wma",
        "mka",
        "webm", "ape", "wv", "mpc", "xm", "mod", "s3m", "it", "raw", "pcm",
    ]

    /// Headerless PCM the importer must describe to ffmpeg.
    public static let headerlessExtensions: Set<String> = ["raw", "pcm"]

    /// A guess at headerless PCM: unsigned 8-bit data hovers around 128; otherwise signed 16-bit.
    /// Old game music (e.g. XBlast) is unsigned 8-bit stereo at 22050 Hz.
    public static func guessRawFormat(sample: [UInt8]) -> (format: String, rate: Int, channels: Int) {
        guard !sample.isEmpty else { return ("s16le", 44100, 2) }
        let near = sample.reduce(0) { $0 + (abs(Int($1) - 128) < 48 ? 1 : 0) }
        if Double(near) / Double(sample.count) > 0.8 { return ("u8", 22050, 2) }
        return ("s16le", 44100, 2)
    }
}
