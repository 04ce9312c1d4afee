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

    /// The Content-Type of a file that current browsers play as it is though it is not MP3 or AAC
    /// (FLAC, Ogg Vorbis or Opus, PCM WAV), else nil. Such a song is played from its imported file
    /// while its MP3 is made.
    public static func browserPlayableType(formatName: String, codecName: String) -> String? {
        let formats = Set(formatName.lowercased().split(separator: ",").map(String.init))
        switch codecName.lowercased() {
        case "flac" where formats.contains("flac"): return "audio/flac"
        case "vorbis" where formats.contains("ogg"), "opus" where formats.contains("ogg"): return "audio/ogg"
        case "pcm_s16le" where formats.contains("wav"), "pcm_s24le" where formats.contains("wav"):
            return "audio/wav"
        default: return nil
        }
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
