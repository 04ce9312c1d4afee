import Foundation
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// What the media jobs write back, on both engines: a renditions job that left the waveform to the
/// loudness job keeps what the song has, and the loudness job writes it with the song's loudness.
@Suite struct MediaJobResultsTests {
    @Test(arguments: TestEngine.enabled)
    func aWaveformLeftToTheLoudnessJobIsNeitherWipedNorLost(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            let writer = db.catalogWriter(ids: SequentialIDSource(prefix: "w"), clock: ManualClock())
            let id = try await writer.upsertTrack(
                CatalogTrackRecord(
                    sourcePath: "/m/1.flac", sourceSize: 100, sourceMtime: 5,
                    metadata: TrackMetadata(title: "One", artist: "A", album: "B", trackNumber: 1, durationMs: 90_000),
                    mediaPath: "tracks/1/original.flac", mediaType: "audio/flac", previewPath: "tracks/1/preview.mp3",
                    previewType: "audio/mpeg", waveform: [], artworkPath: nil, price: 10)
            ).trackID
            func waveform() async throws -> [Double]? { try await db.catalog.trackDetail(id: id)?.waveform }
            let loudness = Loudness(storedLoudness: -1400, storedPeak: -100)

            // The loudness job ran first (the renditions job had failed and waits to be tried again).
            try await writer.setLoudness(trackID: id, loudness: loudness, waveform: [0, 0.5, 1])
            try await writer.finishRenditions(
                trackID: id, mediaPath: "tracks/1/original.flac", mediaType: "audio/flac",
                previewPath: "tracks/1/preview.mp3", previewType: "audio/mpeg", waveform: nil)
            #expect(try await waveform() == [0, 0.5, 1], "a renditions job without a waveform keeps the song's")

            try await writer.finishRenditions(
                trackID: id, mediaPath: "tracks/1/original.flac", mediaType: "audio/flac",
                previewPath: "tracks/1/preview.mp3", previewType: "audio/mpeg", waveform: [1, 0.25])
            #expect(try await waveform() == [1, 0.25])
            try await writer.setLoudness(trackID: id, loudness: loudness, waveform: nil)
            #expect(try await waveform() == [1, 0.25], "a loudness job without a waveform keeps it too")
            try await writer.setLoudness(trackID: id, loudness: loudness, waveform: [0.125, 1])
            #expect(try await waveform() == [0.125, 1])
            #expect(try await db.catalog.trackDetail(id: id)?.track.loudness != nil)
        }
    }
}
