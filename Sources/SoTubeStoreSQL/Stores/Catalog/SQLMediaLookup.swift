import Foundation
import SQLKit
import SoTubeCore

/// Lookups the audio and artwork routes need: which file serves what.
public struct SQLMediaLookup: MediaLookup {
    let backend: any SQLBackend

    package init(backend: any SQLBackend) { self.backend = backend }

    public func artwork(_ subject: ArtworkSubject) async throws -> String?? {
        switch subject {
        case .album(let id): return try await albumArtwork(id: id)
        case .artist(let id): return try await artistImage(id: id)
        case .playlist(let id): return try await playlistArtwork(id: id)
        }
    }

    public func trackFiles(id: String) async throws -> TrackFiles? {
        try await backend.read { db in
            guard
                let row = try await db.raw(
                    """
                    SELECT t.media_path, t.media_type, t.preview_path, t.preview_type, t.duration_ms, al.available_at
                    FROM tracks t LEFT JOIN albums al ON al.id = t.album_id WHERE t.id = \(bind: id)
                    """
                ).first()
            else { return nil }
            return TrackFiles(
                mediaPath: try row.decode(column: "media_path", as: String.self),
                mediaType: try row.decode(column: "media_type", as: String.self),
                previewPath: try row.decode(column: "preview_path", as: String.self),
                previewType: try row.decode(column: "preview_type", as: String.self),
                durationMs: try row.decode(column: "duration_ms", as: Int.self),
                availableAt: try row.decode(column: "available_at", as: Int64?.self).map(Date.init(epochMillis:)))
        }
    }

    /// nil: no such album; .some(nil): an album without artwork.
    public func albumArtwork(id: String) async throws -> String?? {
        try await backend.read { db in
            guard
                let row = try await db.raw("SELECT artwork_path FROM albums WHERE id = \(bind: id)").first()
            else {
                return nil
            }
            return .some(try row.decode(column: "artwork_path", as: String?.self))
        }
    }

    /// The artist's picture, else the artwork of their first album with one.
    public func artistImage(id: String) async throws -> String?? {
        try await backend.read { db in
            guard
                let row = try await db.raw("SELECT image_path FROM artists WHERE id = \(bind: id)").first()
            else {
                return nil
            }
            if let path = try row.decode(column: "image_path", as: String?.self) { return .some(path) }
            let album = try await db.raw(
                """
                SELECT artwork_path FROM albums WHERE artist_id = \(bind: id) AND artwork_path IS NOT NULL
                ORDER BY created_at, id LIMIT 1
                """
            ).first()
            return .some(try album?.decode(column: "artwork_path", as: String?.self))
        }
    }

    /// The playlist's own picture, else the artwork of its first track's album.
    public func playlistArtwork(id: String) async throws -> String?? {
        try await backend.read { db in
            guard
                let row = try await db.raw("SELECT artwork_path FROM playlists WHERE id = \(bind: id)")
                    .first()
            else {
                return nil
            }
            if let path = try row.decode(column: "artwork_path", as: String?.self) { return .some(path) }
            let album = try await db.raw(
                """
                SELECT a.artwork_path FROM playlist_tracks pt JOIN tracks t ON t.id = pt.track_id
                JOIN albums a ON a.id = t.album_id WHERE pt.playlist_id = \(bind: id) AND a.artwork_path IS NOT NULL
                ORDER BY pt.position LIMIT 1
                """
            ).first()
            return .some(try album?.decode(column: "artwork_path", as: String?.self))
        }
    }
}
