import SoTubeCore
import SoTubeStoreSQL

/// Song `number` of an album imported from the watched folder `/music/ALBUM` (a 10-coin "Tune N"),
/// as the withdrawal and sale-price suites write them.
enum WatchedFolderSongs {
    static func record(_ number: Int, album: String, artist: String, price: Int = 10) -> CatalogTrackRecord {
        CatalogTrackRecord(
            sourcePath: "/music/\(album)/\(number).mp3", sourceSize: 100, sourceMtime: 5,
            metadata: TrackMetadata(
                title: "Tune \(number)", artist: artist, album: album, trackNumber: number, durationMs: 120_000),
            mediaPath: "tracks/\(number)/full.mp3", mediaType: "audio/mpeg",
            previewPath: "tracks/\(number)/preview.mp3", previewType: "audio/mpeg", waveform: [0, 1],
            artworkPath: nil, price: price)
    }
}
