import SoTubeCore
import Testing

/// Whether a song is played as stored or transcoded, and how: the one rule `/rest/stream` and the
/// web audio route play by.
@Suite struct TranscodePolicyTests {
    /// A 128 kb/s song: 160,000 bytes over 10 seconds.
    func choose(_ format: String?, _ maxBitRate: Int) throws -> Transcode? {
        try TranscodePolicy.choose(
            .player(format: format, maxBitRate: maxBitRate), storedBytes: 160_000, durationMs: 10_000)
    }

    @Test func noFormatIsTheStoredFileUnlessItIsAboveThePlayersLimit() throws {
        #expect(TranscodePolicy.averageBitRate(bytes: 160_000, durationMs: 10_000) == 128)
        #expect(try choose(nil, 0) == nil)
        #expect(try choose("", 320) == nil, "128 kb/s is under the limit: the original")
        #expect(try choose(nil, 128) == nil, "at the limit: the original")
        #expect(try choose(nil, 96) == Transcode(codec: .mp3, bitRate: 96))
        #expect(try choose(nil, 8) == Transcode(codec: .mp3, bitRate: 32), "never below 32 kb/s")
    }

    @Test func aCodecIsMadeAtTheLimitOrItsDefault() throws {
        #expect(try choose("mp3", 0) == Transcode(codec: .mp3, bitRate: 192))
        #expect(try choose("OPUS", 0) == Transcode(codec: .opus, bitRate: 128))
        #expect(try choose("mp3", 64) == Transcode(codec: .mp3, bitRate: 64))
        #expect(try choose("opus", 5000) == Transcode(codec: .opus, bitRate: 320), "at most 320 kb/s")
        #expect(StreamCodec.mp3.contentType == "audio/mpeg" && StreamCodec.opus.contentType == "audio/ogg")
    }

    /// "raw" asks for the stored file: a player told to play the original (as the refusal of a
    /// transcode says) gets it, whatever its limit.
    @Test func rawIsAlwaysTheStoredFile() throws {
        #expect(try choose("raw", 0) == nil)
        #expect(try choose("raw", 64) == nil)
    }

    @Test func anotherFormatIsInvalidNamingTheParameter() {
        #expect(throws: DomainError.invalid(field: "format", reason: "one of raw, mp3, opus")) {
            try choose("flac", 0)
        }
    }

    /// Zero-length or unknown durations and empty files never divide by zero.
    @Test func oddSizesAndDurationsAreSafe() throws {
        #expect(TranscodePolicy.averageBitRate(bytes: 160_000, durationMs: 0) == 1280)
        #expect(TranscodePolicy.averageBitRate(bytes: 0, durationMs: -5) == 0)
        #expect(TranscodePolicy.averageBitRate(bytes: Int.max, durationMs: Int.max) >= 0)
    }

    @Test func theBrowserNeverTranscodes() {
        #expect(!PlaybackRequest.browser.mayTranscode && PlaybackRequest.browser.previewForOthers)
        #expect(!PlaybackRequest.player(format: "raw", maxBitRate: 64).mayTranscode)
        #expect(PlaybackRequest.player(format: nil, maxBitRate: 96).mayTranscode)
        #expect(!PlaybackRequest.player(format: nil, maxBitRate: 0).previewForOthers)
    }
}
