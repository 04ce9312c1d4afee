import Foundation
import SQLKit
import SoTubeCore

/// What the media jobs write back: renditions (the song goes on sale) and loudness (song and album).
extension SQLCatalogWriter {
    public func jobTrack(id: String) async throws -> JobTrack? {
        try await backend.read { db in
            guard
                let row = try await db.raw(
                    "SELECT id, source_path, media_path, preview_path, duration_ms FROM tracks WHERE id = \(bind: id)"
                ).first()
            else { return nil }
            return JobTrack(
                id: try row.decode(column: "id", as: String.self),
                sourcePath: try row.decode(column: "source_path", as: String?.self),
                mediaPath: try row.decode(column: "media_path", as: String.self),
                previewPath: try row.decode(column: "preview_path", as: String.self),
                durationMs: try row.decode(column: "duration_ms", as: Int.self))
        }
    }

    public func finishRenditions(
        trackID: String, mediaPath: String, mediaType: String, previewPath: String, previewType: String,
        waveform: [Double]?
    ) async throws {
        let now = clock.now().epochMillis
        try await backend.transaction { db in
            try await db.raw(
                """
                UPDATE tracks SET media_path = \(bind: mediaPath), media_type = \(bind: mediaType),
                    preview_path = \(bind: previewPath), preview_type = \(bind: previewType),
                    waveform = COALESCE(\(bind: waveform.map(Self.encodeWaveform)), waveform), ready = 1,
                    updated_at = \(bind: now)
                WHERE id = \(bind: trackID)
                """
            ).run()
        }
    }

    public func finishFullRendition(trackID: String, playedFrom: String, mediaPath: String, mediaType: String)
        async throws -> Bool
    {
        let now = clock.now().epochMillis
        return try await backend.transaction { db in
            try await db.raw(
                """
                UPDATE tracks SET media_path = \(bind: mediaPath), media_type = \(bind: mediaType), updated_at = \(bind: now)
                WHERE id = \(bind: trackID) AND media_path = \(bind: playedFrom)
                RETURNING id
                """
            ).first() != nil
        }
    }

    public func setLoudness(trackID: String, loudness: Loudness, waveform: [Double]?) async throws {
        try await backend.transaction { db in
            guard
                let albumID = try await db.raw(
                    """
                    UPDATE tracks SET loudness_centi = \(bind: loudness.storedLoudness),
                        true_peak_centi = \(bind: loudness.storedPeak),
                        waveform = COALESCE(\(bind: waveform.map(Self.encodeWaveform)), waveform)
                    WHERE id = \(bind: trackID) RETURNING album_id
                    """
                ).first()?.decode(column: "album_id", as: String.self)
            else { return }
            let songs = try await db.raw(
                """
                SELECT loudness_centi, true_peak_centi, duration_ms FROM tracks
                WHERE album_id = \(bind: albumID) AND loudness_centi IS NOT NULL
                """
            ).all().map {
                (
                    loudness: Loudness(
                        storedLoudness: try $0.decode(column: "loudness_centi", as: Int.self),
                        storedPeak: try $0.decode(column: "true_peak_centi", as: Int?.self) ?? 0),
                    durationMs: try $0.decode(column: "duration_ms", as: Int.self)
                )
            }
            let album = Loudness.album(songs)
            try await db.raw(
                """
                UPDATE albums SET loudness_centi = \(bind: album?.storedLoudness),
                    true_peak_centi = \(bind: album?.storedPeak)
                WHERE id = \(bind: albumID)
                """
            ).run()
        }
    }
}
