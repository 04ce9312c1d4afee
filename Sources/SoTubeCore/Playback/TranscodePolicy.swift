/// A codec a player's stream can be transcoded to.
public enum StreamCodec: String, Sendable, CaseIterable {
    case mp3
    case opus

    public var contentType: String { self == .mp3 ? "audio/mpeg" : "audio/ogg" }
    /// kb/s when the player sets no limit.
    public var defaultBitRate: Int { self == .mp3 ? 192 : 128 }
}

/// A stream made from a song on the fly: this codec at this bit rate (kb/s).
public struct Transcode: Sendable, Equatable {
    public var codec: StreamCodec
    public var bitRate: Int

    public init(codec: StreamCodec, bitRate: Int) {
        self.codec = codec
        self.bitRate = bitRate
    }
}

/// What a caller asks to play: a format (nil or "raw": the stored file; "mp3", "opus"), a bit-rate
/// limit in kb/s (0: none), and whether a caller who does not own the song gets its preview (the
/// web player) or nothing (a Subsonic player, whose library is what its user owns).
public struct PlaybackRequest: Sendable, Equatable {
    public var format: String?
    public var maxBitRate: Int
    public var previewForOthers: Bool

    public init(format: String?, maxBitRate: Int, previewForOthers: Bool) {
        self.format = format
        self.maxBitRate = maxBitRate
        self.previewForOthers = previewForOthers
    }

    /// The web player: the stored file (the full song for owners, the preview for everyone else).
    public static let browser = PlaybackRequest(format: nil, maxBitRate: 0, previewForOthers: true)

    /// A Subsonic player's `stream`: the owner's song, in `format` and under `maxBitRate`.
    public static func player(format: String?, maxBitRate: Int) -> PlaybackRequest {
        PlaybackRequest(format: format, maxBitRate: maxBitRate, previewForOthers: false)
    }

    /// Whether the answer may be anything but the stored file (so its size is worth reading).
    public var mayTranscode: Bool {
        let format = format?.lowercased() ?? ""
        return format != "raw" && (!format.isEmpty || maxBitRate > 0)
    }
}

/// Whether a song is sent as stored or transcoded, and how: the one rule both APIs play by.
public enum TranscodePolicy {
    /// The highest and lowest bit rates a transcode is made at (kb/s).
    public static let bitRates = 32...320

    /// nil: send the stored file. "raw" is always the stored file. No format (or an empty one) is
    /// the stored file unless the player's limit is below the song's average bit rate (its size over
    /// its duration), then MP3 at that limit. "mp3" or "opus" transcode at the limit (at most 320
    /// kb/s) or the codec's default. Any other format is invalid.
    public static func choose(_ request: PlaybackRequest, storedBytes: Int, durationMs: Int) throws -> Transcode? {
        let format = request.format?.lowercased() ?? ""
        let limit = request.maxBitRate
        let codec: StreamCodec
        if let asked = StreamCodec(rawValue: format) {
            codec = asked
        } else if format == "raw" {
            return nil
        } else if format.isEmpty {
            guard limit > 0, averageBitRate(bytes: storedBytes, durationMs: durationMs) > limit else { return nil }
            codec = .mp3
        } else {
            let formats = (["raw"] + StreamCodec.allCases.map(\.rawValue)).joined(separator: ", ")
            throw DomainError.invalid(field: "format", reason: "one of \(formats)")
        }
        let bitRate = limit > 0 ? min(limit, bitRates.upperBound) : codec.defaultBitRate
        return Transcode(codec: codec, bitRate: max(bitRates.lowerBound, bitRate))
    }

    /// A file's average bit rate in kb/s over its duration (at least one second).
    public static func averageBitRate(bytes: Int, durationMs: Int) -> Int {
        let milliseconds = max(0, durationMs)
        let seconds = max(1, milliseconds / 1000 + (milliseconds % 1000 >= 500 ? 1 : 0))
        return max(0, bytes) / 125 / seconds
    }
}
