import Foundation
import SQLKit
import SoTubeCore

/// Writes the catalog (import and demo seeding): artists, albums and tracks upserted by the
/// track's `source_path`, playlists and moods. Reads for pages live elsewhere.
public struct SQLCatalogWriter: CatalogWriting {
    let backend: any SQLBackend
    let ids: any IDSource
    let clock: any SoTubeClock

    package init(backend: any SQLBackend, ids: any IDSource, clock: any SoTubeClock) {
        self.backend = backend
        self.ids = ids
        self.clock = clock
    }

    static func key(_ text: String) -> String {
        AccountRules.canonical(text).split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(
            separator: " ")
    }

    public func knownSource(path: String) async throws -> KnownSource? {
        try await backend.read { db in
            guard
                let row = try await db.raw(
                    """
                    SELECT id, source_size, source_mtime, media_path, preview_path, duration_ms,
                        (SELECT COUNT(*) FROM media_jobs j WHERE j.track_id = tracks.id AND j.kind = 'renditions'
                            AND j.state IN ('queued', 'running')) AS pending,
                        CASE WHEN loudness_centi IS NOT NULL THEN 1 ELSE
                            (SELECT COUNT(*) FROM media_jobs j WHERE j.track_id = tracks.id AND j.kind = 'loudness'
                                AND j.state IN ('queued', 'running')) END AS measured
                    FROM tracks WHERE source_path = \(bind: path)
                    """
                ).first()
            else { return nil }
            return KnownSource(
                trackID: try row.decode(column: "id", as: String.self),
                size: try row.decode(column: "source_size", as: Int?.self) ?? -1,
                mtime: try row.decode(column: "source_mtime", as: Int?.self) ?? -1,
                mediaPath: try row.decode(column: "media_path", as: String.self),
                previewPath: try row.decode(column: "preview_path", as: String.self),
                durationMs: try row.decode(column: "duration_ms", as: Int?.self) ?? 0,
                jobPending: try row.decode(column: "pending", as: Int.self) > 0,
                loudnessKnown: try row.decode(column: "measured", as: Int.self) > 0)
        }
    }

    public func upsertTrack(_ record: CatalogTrackRecord) async throws -> (
        trackID: String, outcome: UpsertOutcome
    ) {
        // Another writer created the same artist or album at the same moment (a scan writes many songs
        // at once): try again, and find it. A song creates at most three rows (its artist, its album's
        // artist, its album), and each turn away means one of them now exists: four tries are enough.
        // A deadlock PostgreSQL ended by refusing this writer is tried again the same way.
        for _ in 1..<Self.upsertTries {
            do {
                return try await upsertOnce(record)
            } catch  where backend.dialect.isWriteConflict(error) {
                continue
            }
        }
        return try await upsertOnce(record)
    }

    static let upsertTries = 4

    private func upsertOnce(_ record: CatalogTrackRecord) async throws -> (
        trackID: String, outcome: UpsertOutcome
    ) {
        let now = clock.now().epochMillis
        let ids = self.ids
        return try await backend.transaction { db in
            let meta = record.metadata
            // The two artists in their keys' order: two songs naming the same two new artists in
            // opposite roles then never hold one each while waiting for the other (a deadlock).
            let artistsInOrder = Self.key(meta.artist) <= Self.key(meta.albumArtist)
            var trackArtistID = ""
            var albumArtistID = ""
            for isAlbumArtist in artistsInOrder ? [false, true] : [true, false] {
                let id = try await Self.artistID(
                    db, name: isAlbumArtist ? meta.albumArtist : meta.artist,
                    bio: isAlbumArtist ? record.artistBio : nil, now: now, ids: ids)
                if isAlbumArtist { albumArtistID = id } else { trackArtistID = id }
            }
            let albumID = try await Self.albumID(
                db, artistID: albumArtistID, record: record, now: now, ids: ids)
            // The scan writes no peaks (its renditions job does): a changed song keeps its old ones till then.
            let waveform = record.waveform.isEmpty ? nil : Self.encodeWaveform(record.waveform)
            let existing = try await db.raw(
                "SELECT id FROM tracks WHERE source_path = \(bind: record.sourcePath)"
            )
            .first()?.decode(column: "id", as: String.self)
            if let existing {
                try await db.raw(
                    """
                    UPDATE tracks SET album_id = \(bind: albumID), artist_id = \(bind: trackArtistID),
                        title = \(bind: meta.title), track_number = \(bind: meta.trackNumber),
                        disc_number = \(bind: meta.discNumber), duration_ms = \(bind: meta.durationMs),
                        genre = \(bind: meta.genre), explicit = \(bind: meta.explicit ? 1 : 0),
                        lyrics = COALESCE(\(bind: record.lyrics), lyrics),
                        source_size = \(bind: record.sourceSize), source_mtime = \(bind: record.sourceMtime),
                        media_path = \(bind: record.mediaPath), media_type = \(bind: record.mediaType),
                        preview_path = \(bind: record.previewPath), preview_type = \(bind: record.previewType),
                        waveform = COALESCE(\(bind: waveform), waveform), ready = \(bind: record.ready ? 1 : 0), withdrawn_at = NULL,
                        updated_at = \(bind: now)
                    WHERE id = \(bind: existing)
                    """
                ).run()
                return (existing, .updated)
            }
            let id = ids.makeID()
            try await db.raw(
                """
                INSERT INTO tracks (id, album_id, artist_id, title, track_number, disc_number, duration_ms, genre,
                    explicit, lyrics, price, source_path, source_size, source_mtime, media_path, media_type,
                    preview_path, preview_type, waveform, ready, created_at, updated_at)
                VALUES (\(bind: id), \(bind: albumID), \(bind: trackArtistID), \(bind: meta.title),
                    \(bind: meta.trackNumber), \(bind: meta.discNumber), \(bind: meta.durationMs), \(bind: meta.genre),
                    \(bind: meta.explicit ? 1 : 0), \(bind: record.lyrics), \(bind: record.price),
                    \(bind: record.sourcePath), \(bind: record.sourceSize), \(bind: record.sourceMtime),
                    \(bind: record.mediaPath), \(bind: record.mediaType), \(bind: record.previewPath),
                    \(bind: record.previewType), \(bind: waveform), \(bind: record.ready ? 1 : 0), \(bind: now),
                    \(bind: now))
                """
            ).run()
            return (id, .created)
        }
    }

    static func artistID(
        _ db: any SQLDatabase, name: String, bio: String?, now: Int64, ids: any IDSource
    )
        async throws -> String
    {
        let key = key(name)
        if let id = try await db.raw("SELECT id FROM artists WHERE name_key = \(bind: key)").first()?
            .decode(column: "id", as: String.self)
        {
            if let bio {
                try await db.raw("UPDATE artists SET bio = \(bind: bio) WHERE id = \(bind: id)").run()
            }
            return id
        }
        let id = ids.makeID()
        try await db.raw(
            """
            INSERT INTO artists (id, name, name_key, bio, created_at)
            VALUES (\(bind: id), \(bind: name), \(bind: key), \(bind: bio), \(bind: now))
            """
        ).run()
        return id
    }

    static func albumID(
        _ db: any SQLDatabase, artistID: String, record: CatalogTrackRecord, now: Int64,
        ids: any IDSource
    )
        async throws -> String
    {
        let meta = record.metadata
        let key = key(meta.album)
        if let id = try await db.raw(
            "SELECT id FROM albums WHERE artist_id = \(bind: artistID) AND title_key = \(bind: key)"
        ).first()?.decode(column: "id", as: String.self) {
            try await db.raw(
                """
                UPDATE albums SET artwork_path = COALESCE(\(bind: record.artworkPath), artwork_path),
                    release_date = COALESCE(release_date, \(bind: meta.releaseDate)),
                    year = COALESCE(year, \(bind: meta.year)), genre = COALESCE(genre, \(bind: meta.genre)),
                    price = COALESCE(\(bind: record.albumPrice), price)
                WHERE id = \(bind: id)
                """
            ).run()
            return id
        }
        let id = ids.makeID()
        try await db.raw(
            """
            INSERT INTO albums (id, artist_id, title, title_key, release_date, year, genre, artwork_path, price,
                created_at)
            VALUES (\(bind: id), \(bind: artistID), \(bind: meta.album), \(bind: key), \(bind: meta.releaseDate),
                \(bind: meta.year), \(bind: meta.genre), \(bind: record.artworkPath), \(bind: record.albumPrice),
                \(bind: now))
            """
        ).run()
        return id
    }

    public func createPlaylist(
        name: String, description: String, kind: String, featured: Bool, artworkPath: String?,
        position: Int,
        trackIDs: [String]
    ) async throws -> String {
        let id = ids.makeID()
        let now = clock.now().epochMillis
        try await backend.transaction { db in
            try await db.raw(
                """
                INSERT INTO playlists (id, name, description, kind, featured, artwork_path, position, created_at)
                VALUES (\(bind: id), \(bind: name), \(bind: description), \(bind: kind), \(bind: featured ? 1 : 0),
                    \(bind: artworkPath), \(bind: position), \(bind: now))
                """
            ).run()
            for (index, trackID) in trackIDs.enumerated() {
                try await db.raw(
                    """
                    INSERT INTO playlist_tracks (playlist_id, position, track_id)
                    VALUES (\(bind: id), \(bind: index), \(bind: trackID))
                    """
                ).run()
            }
        }
        return id
    }

    public func createMood(name: String, playlistID: String, position: Int) async throws -> String {
        let id = ids.makeID()
        try await backend.transaction { db in
            try await db.raw(
                """
                INSERT INTO moods (id, name, playlist_id, position)
                VALUES (\(bind: id), \(bind: name), \(bind: playlistID), \(bind: position))
                """
            ).run()
        }
        return id
    }

    public func setArtistImage(artistName: String, imagePath: String) async throws {
        let key = Self.key(artistName)
        try await backend.transaction { db in
            try await db.raw(
                "UPDATE artists SET image_path = \(bind: imagePath) WHERE name_key = \(bind: key)"
            ).run()
        }
    }

    /// Gives artists without a picture their first album's artwork.
    public func fillArtistImages() async throws {
        try await backend.transaction { db in
            try await db.raw(
                """
                UPDATE artists SET image_path = (SELECT a.artwork_path FROM albums a
                    WHERE a.artist_id = artists.id AND a.artwork_path IS NOT NULL ORDER BY a.created_at, a.id LIMIT 1)
                WHERE image_path IS NULL
                """
            ).run()
        }
    }

    /// After a batch: pictures for artists without one. No album price is written: `albums.price`
    /// holds only the operator's price, and an album without one costs what `AlbumPricing` derives
    /// from its current songs each time it is shown or bought.
    public func finishImport() async throws {
        try await fillArtistImages()
    }

    public func isCatalogEmpty() async throws -> Bool {
        try await backend.read { db in
            try await db.raw("SELECT id FROM tracks LIMIT 1").first() == nil
        }
    }

    static func encodeWaveform(_ peaks: [Double]) -> String {
        "[" + peaks.map { String(format: "%.3f", min(1, max(0, $0))) }.joined(separator: ",") + "]"
    }
}
