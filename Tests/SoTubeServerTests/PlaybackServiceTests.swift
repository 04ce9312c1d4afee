import Foundation
import SoTubeCore
import Testing

@testable import SoTubeServer

/// `PlaybackService` over `InMemoryCatalog` and a folder of small files: which file, and whether it
/// is transcoded, for the web player and for a Subsonic player.
@Suite struct PlaybackServiceTests {
    /// A 10-second song stored as 160,000 bytes (128 kb/s), with its preview.
    static func service(_ root: URL) async throws -> PlaybackService {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data(count: 160_000).write(to: root.appendingPathComponent("full.mp3"))
        try Data("PREVIEW".utf8).write(to: root.appendingPathComponent("preview.mp3"))
        let catalog = InMemoryCatalog(prices: [10])
        await catalog.setFiles(
            TrackFiles(
                mediaPath: "full.mp3", mediaType: "audio/mpeg", previewPath: "preview.mp3", previewType: "audio/mpeg",
                durationMs: 10_000),
            for: "t1")
        await catalog.own(["t1"], userID: "ann")
        return PlaybackService(
            media: MediaService(
                lookup: catalog, ownership: catalog, mediaRoot: root, preview: PreviewPolicy(seconds: 12)))
    }

    @Test func theWebPlaysTheStoredFileAndAPlayerGetsTheTranscodeItAskedFor() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sotube-playback-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let playback = try await Self.service(root)

        let owner = try await playback.play(trackID: "t1", for: "ann", .browser)
        #expect(owner.rendition == .full && owner.file.path.hasSuffix("full.mp3") && owner.transcode == nil)
        let guest = try await playback.play(trackID: "t1", for: nil, .browser)
        #expect(guest.rendition == .preview && guest.file.path.hasSuffix("preview.mp3") && guest.transcode == nil)

        // The size over the duration is 128 kb/s: a lower limit transcodes, a higher one does not.
        let under = try await playback.play(trackID: "t1", for: "ann", .player(format: nil, maxBitRate: 96))
        #expect(under.transcode == Transcode(codec: .mp3, bitRate: 96) && under.file.path.hasSuffix("full.mp3"))
        #expect(
            try await playback.play(trackID: "t1", for: "ann", .player(format: nil, maxBitRate: 160)).transcode == nil)
        let opus = try await playback.play(trackID: "t1", for: "ann", .player(format: "opus", maxBitRate: 0))
        #expect(opus.transcode == Transcode(codec: .opus, bitRate: 128))
        await #expect(throws: DomainError.invalid(field: "format", reason: "one of raw, mp3, opus")) {
            try await playback.play(trackID: "t1", for: "ann", .player(format: "flac", maxBitRate: 0))
        }
    }

    /// A player's library is what its user owns: no preview for the others, not even transcoded.
    @Test func aPlayerGetsNothingOfASongItsUserDoesNotOwn() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sotube-playback-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let playback = try await Self.service(root)
        for user in ["bob", nil] as [String?] {
            await #expect(throws: DomainError.notFound(what: "This song")) {
                try await playback.play(trackID: "t1", for: user, .player(format: "mp3", maxBitRate: 0))
            }
        }
        await #expect(throws: DomainError.notFound(what: "This song")) {
            try await playback.play(trackID: "nope", for: "ann", .browser)
        }
    }

    /// A domain error becomes a Subsonic error in one step at the `/rest` edge.
    @Test func domainErrorsMapToSubsonicCodesDirectly() {
        #expect(
            SubsonicError(DomainError.notFound(what: "This song"))
                == .init(code: 70, message: "This song was not found."))
        #expect(
            SubsonicError(DomainError.invalid(field: "format", reason: "one of raw, mp3, opus"))
                == .invalid("format", "one of raw, mp3, opus"))
        #expect(SubsonicError(DomainError.forbidden(reason: "Not yours.")).code == 50)
        #expect(SubsonicError(DomainError.conflict(field: nil, reason: "Taken.")) == .generic("Taken."))
    }
}
