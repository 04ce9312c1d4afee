import Foundation
import Logging
import SQLKit
import SoTubeCore
import SoTubeMedia
import SoTubeStoreSQL
import Testing

/// A temporary data folder with a real SQLite catalog, and audio fixtures made with ffmpeg.
struct MediaHarness {
    let directory: URL
    let database: SoTubeDatabase
    let writer: SQLCatalogWriter
    let tools = MediaTools()
    /// One queue (one id sequence) for every import of the harness.
    let queue: SQLMediaJobQueue

    var mediaRoot: URL { directory.appendingPathComponent("data/media") }

    static func make() async throws -> MediaHarness {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sotube-media-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("data"), withIntermediateDirectories: true)
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        let database = try await SoTubeDatabase.open(
            DatabaseSettings(location: directory.appendingPathComponent("data/sotube.sqlite").path), now: Date(),
            logger: logger)
        let writer = database.catalogWriter(ids: SequentialIDSource(prefix: "m"), clock: ManualClock())
        return MediaHarness(
            directory: directory, database: database, writer: writer,
            queue: database.mediaJobs(ids: SequentialIDSource(prefix: "job")))
    }

    func importer(previewSeconds: Int = 30) -> MediaImporter {
        MediaImporter(
            writer: writer, queue: queue, mediaRoot: mediaRoot, policy: PreviewPolicy(seconds: previewSeconds),
            concurrency: 2)
    }

    func close() async {
        await database.shutdown()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs ffmpeg to make a fixture; `inputs` are lavfi sources.
    func make(
        _ path: URL, seconds: Double, frequency: Int = 440, tags: [String: String] = [:],
        cover: Bool = false,
        codec: [String]
    ) async throws {
        try FileManager.default.createDirectory(
            at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        var arguments = [
            "-f", "lavfi", "-i", "sine=frequency=\(frequency):sample_rate=44100:duration=\(seconds)",
        ]
        if cover {
            arguments += [
                "-f", "lavfi", "-i", "color=c=0x336699:s=320x320:d=1", "-map", "0:a", "-map", "1:v",
                "-frames:v", "1", "-c:v", "mjpeg", "-disposition:v", "attached_pic",
            ]
        }
        for (key, value) in tags.sorted(by: { $0.key < $1.key }) {
            arguments += ["-metadata", "\(key)=\(value)"]
        }
        try await tools.ffmpeg(arguments + codec + [path.path])
    }

    func duration(_ path: URL) async throws -> Double {
        try await tools.probe(path.path).durationSeconds
    }

    struct Row: Sendable {
        var id, title, artist, album, mediaPath, mediaType, previewPath: String
        var trackNumber, discNumber, durationMs, explicit: Int
        var genre, waveform, artwork: String?
    }

    func rows() async throws -> [Row] {
        try await database.backend.read { db in
            try await db.raw(
                """
                SELECT t.id, t.title, ar.name AS artist, al.title AS album, t.media_path, t.media_type, t.preview_path,
                    t.track_number, t.disc_number, t.duration_ms, t.explicit, t.genre, t.waveform, al.artwork_path
                FROM tracks t JOIN artists ar ON ar.id = t.artist_id JOIN albums al ON al.id = t.album_id
                ORDER BY t.title
                """
            ).all().map { row in
                Row(
                    id: try row.decode(column: "id", as: String.self),
                    title: try row.decode(column: "title", as: String.self),
                    artist: try row.decode(column: "artist", as: String.self),
                    album: try row.decode(column: "album", as: String.self),
                    mediaPath: try row.decode(column: "media_path", as: String.self),
                    mediaType: try row.decode(column: "media_type", as: String.self),
                    previewPath: try row.decode(column: "preview_path", as: String.self),
                    trackNumber: try row.decode(column: "track_number", as: Int.self),
                    discNumber: try row.decode(column: "disc_number", as: Int.self),
                    durationMs: try row.decode(column: "duration_ms", as: Int.self),
                    explicit: try row.decode(column: "explicit", as: Int.self),
                    genre: try row.decode(column: "genre", as: String?.self),
                    waveform: try row.decode(column: "waveform", as: String?.self),
                    artwork: try row.decode(column: "artwork_path", as: String?.self))
            }
        }
    }

    func count(_ sql: String) async throws -> Int {
        try await database.backend.read { db in
            try await db.raw(SQLQueryString(sql)).first()?.decode(column: "n", as: Int.self) ?? -1
        }
    }
}

enum Codec {
    static let mp3 = ["-c:a", "libmp3lame", "-b:a", "128k", "-id3v2_version", "3"]
    static let aac = ["-c:a", "aac", "-b:a", "128k"]
    static let flac = ["-c:a", "flac"]
    static let vorbis = ["-c:a", "libvorbis", "-q:a", "3"]
    static let opus = ["-c:a", "libopus", "-b:a", "64k"]
    static let wav = ["-c:a", "pcm_s16le"]
}
