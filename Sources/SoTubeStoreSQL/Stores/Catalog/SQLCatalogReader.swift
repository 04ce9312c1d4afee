import Foundation
import SQLKit
import SoTubeCore

/// Read-only catalog queries: the store home, artist, album, playlist and song pages, and
/// entities by id in a given order (search results, favourites, recently played).
public struct SQLCatalogReader: CatalogReader {
    let backend: any SQLBackend
    package init(backend: any SQLBackend) { self.backend = backend }

    // MARK: Store home

    /// Newest albums first (by release date, then when they were added).
    public func newReleases(limit: Int) async throws -> [CatalogAlbum] {
        try await backend.read { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: CatalogSQL.albumColumns) FROM \(unsafeRaw: CatalogSQL.albumFrom)
                ORDER BY al.release_date DESC, al.created_at DESC, al.id LIMIT \(literal: limit)
                """
            ).all().map(CatalogSQL.album)
        }
    }

    /// Featured playlists ("volumes") in their curated order.
    public func featuredPlaylists(limit: Int) async throws -> [CatalogPlaylist] {
        try await backend.read { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: CatalogSQL.playlistColumns) FROM playlists p
                WHERE p.featured <> 0 ORDER BY p.position, p.name, p.id LIMIT \(literal: limit)
                """
            ).all().map(CatalogSQL.playlist)
        }
    }

    public func moods() async throws -> [CatalogMood] {
        try await backend.read { db in
            try await db.raw(
                """
                SELECT m.id, m.name, m.playlist_id,
                    (SELECT t.album_id FROM playlist_tracks pt JOIN tracks t ON t.id = pt.track_id
                        WHERE pt.playlist_id = m.playlist_id ORDER BY pt.position LIMIT 1) AS cover_album_id
                FROM moods m ORDER BY m.position, m.name
                """
            ).all().map { row in
                CatalogMood(
                    id: try row.decode(column: "id", as: String.self),
                    name: try row.decode(column: "name", as: String.self),
                    playlistID: try row.decode(column: "playlist_id", as: String.self),
                    coverAlbumID: try row.decode(column: "cover_album_id", as: String?.self))
            }
        }
    }

    // MARK: Pages

    public func artist(id: String) async throws -> CatalogArtist? {
        try await artists(ids: [id]).first
    }

    /// The artist's albums, newest first.
    public func albums(byArtist artistID: String) async throws -> [CatalogAlbum] {
        try await backend.read { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: CatalogSQL.albumColumns) FROM \(unsafeRaw: CatalogSQL.albumFrom)
                WHERE al.artist_id = \(bind: artistID)
                ORDER BY al.release_date DESC, al.year DESC, al.title, al.id
                """
            ).all().map(CatalogSQL.album)
        }
    }

    /// "Other albums": other artists' albums in the genres of this artist's albums, newest first.
    public func otherAlbums(forArtist artistID: String, limit: Int) async throws -> [CatalogAlbum] {
        try await backend.read { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: CatalogSQL.albumColumns) FROM \(unsafeRaw: CatalogSQL.albumFrom)
                WHERE al.artist_id <> \(bind: artistID)
                AND al.genre IN (SELECT g.genre FROM albums g WHERE g.artist_id = \(bind: artistID)
                    AND g.genre IS NOT NULL)
                ORDER BY al.release_date DESC, al.id LIMIT \(literal: limit)
                """
            ).all().map(CatalogSQL.album)
        }
    }

    /// The artist's best-selling songs (most owners), then newest albums' first songs.
    public func topTracks(forArtist artistID: String, limit: Int) async throws -> [CatalogTrack] {
        try await backend.read { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: CatalogSQL.trackColumns),
                    (SELECT COUNT(*) FROM owned_tracks o WHERE o.track_id = t.id) AS owners
                FROM \(unsafeRaw: CatalogSQL.trackFrom)
                WHERE t.artist_id = \(bind: artistID)
                ORDER BY owners DESC, al.release_date DESC, t.disc_number, t.track_number, t.id
                LIMIT \(literal: limit)
                """
            ).all().map(CatalogSQL.track)
        }
    }

    public func album(id: String) async throws -> CatalogAlbum? {
        try await albums(ids: [id]).first
    }

    /// The album's songs in disc and track order.
    public func tracks(inAlbum albumID: String) async throws -> [CatalogTrack] {
        try await backend.read { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: CatalogSQL.trackColumns) FROM \(unsafeRaw: CatalogSQL.trackFrom)
                WHERE t.album_id = \(bind: albumID) ORDER BY t.disc_number, t.track_number, t.title, t.id
                """
            ).all().map(CatalogSQL.track)
        }
    }

    public func playlist(id: String) async throws -> CatalogPlaylist? {
        try await playlists(ids: [id]).first
    }

    /// The playlist's songs in their order.
    public func tracks(inPlaylist playlistID: String) async throws -> [CatalogTrack] {
        try await backend.read { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: CatalogSQL.trackColumns) FROM playlist_tracks pt
                JOIN tracks t ON t.id = pt.track_id JOIN artists ar ON ar.id = t.artist_id
                JOIN albums al ON al.id = t.album_id
                WHERE pt.playlist_id = \(bind: playlistID) ORDER BY pt.position
                """
            ).all().map(CatalogSQL.track)
        }
    }

    /// The song page.
    public func trackDetail(id: String) async throws -> CatalogTrackDetail? {
        try await backend.read { db in
            guard
                let row = try await db.raw(
                    """
                    SELECT \(unsafeRaw: CatalogSQL.trackColumns), t.lyrics, t.waveform, ar.bio, al.release_date
                    FROM \(unsafeRaw: CatalogSQL.trackFrom) WHERE t.id = \(bind: id)
                    """
                ).first()
            else { return nil }
            let waveformText = try row.decode(column: "waveform", as: String?.self)
            let waveform =
                waveformText.flatMap { try? JSONDecoder().decode([Double].self, from: Data($0.utf8)) } ?? []
            return CatalogTrackDetail(
                track: try CatalogSQL.track(row), lyrics: try row.decode(column: "lyrics", as: String?.self),
                artistBio: try row.decode(column: "bio", as: String?.self),
                releaseDate: try row.decode(column: "release_date", as: String?.self), waveform: waveform)
        }
    }

    // MARK: By id, in the order given

    public func tracks(ids: [String]) async throws -> [CatalogTrack] {
        guard !ids.isEmpty else { return [] }
        if let postgres = backend as? PostgresBackend {
            let rows = try await postgres.rows(TracksByIDStatement(ids: ids), decode: CatalogSQL.track)
            return CatalogSQL.ordered(rows, by: ids, id: \.id)
        }
        let rows = try await backend.read { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: CatalogSQL.trackColumns) FROM \(unsafeRaw: CatalogSQL.trackFrom)
                WHERE t.id IN (\(binds: ids))
                """
            ).all().map(CatalogSQL.track)
        }
        return CatalogSQL.ordered(rows, by: ids, id: \.id)
    }

    public func albums(ids: [String]) async throws -> [CatalogAlbum] {
        guard !ids.isEmpty else { return [] }
        if let postgres = backend as? PostgresBackend {
            let rows = try await postgres.rows(AlbumsByIDStatement(ids: ids), decode: CatalogSQL.album)
            return CatalogSQL.ordered(rows, by: ids, id: \.id)
        }
        let rows = try await backend.read { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: CatalogSQL.albumColumns) FROM \(unsafeRaw: CatalogSQL.albumFrom)
                WHERE al.id IN (\(binds: ids))
                """
            ).all().map(CatalogSQL.album)
        }
        return CatalogSQL.ordered(rows, by: ids, id: \.id)
    }

    public func artists(ids: [String]) async throws -> [CatalogArtist] {
        guard !ids.isEmpty else { return [] }
        if let postgres = backend as? PostgresBackend {
            let rows = try await postgres.rows(ArtistsByIDStatement(ids: ids), decode: CatalogSQL.artist)
            return CatalogSQL.ordered(rows, by: ids, id: \.id)
        }
        let rows = try await backend.read { db in
            try await db.raw("SELECT id, name, bio FROM artists WHERE id IN (\(binds: ids))").all()
                .map(CatalogSQL.artist)
        }
        return CatalogSQL.ordered(rows, by: ids, id: \.id)
    }

    public func playlists(ids: [String]) async throws -> [CatalogPlaylist] {
        guard !ids.isEmpty else { return [] }
        if let postgres = backend as? PostgresBackend {
            let rows = try await postgres.rows(PlaylistsByIDStatement(ids: ids), decode: CatalogSQL.playlist)
            return CatalogSQL.ordered(rows, by: ids, id: \.id)
        }
        let rows = try await backend.read { db in
            try await db.raw(
                "SELECT \(unsafeRaw: CatalogSQL.playlistColumns) FROM playlists p WHERE p.id IN (\(binds: ids))"
            ).all().map(CatalogSQL.playlist)
        }
        return CatalogSQL.ordered(rows, by: ids, id: \.id)
    }
}
