import Foundation
import SQLKit
import SoTubeCore

/// The purchased library as players see it (`/rest`): every query starts from the user's rows in
/// `owned_tracks`, so nothing the user did not buy can appear.
public struct SQLPlayerLibrary: PlayerLibrary {
    let backend: any SQLBackend
    package init(backend: any SQLBackend) { self.backend = backend }

    /// The owned songs of `user` with their album, artist, play count and star.
    private static func ownedFrom(_ userID: String) -> SQLQueryString {
        """
        owned_tracks o JOIN tracks t ON t.id = o.track_id JOIN artists ar ON ar.id = t.artist_id
        JOIN albums al ON al.id = t.album_id
        LEFT JOIN play_counts pc ON pc.user_id = o.user_id AND pc.track_id = o.track_id
        LEFT JOIN favourite_tracks f ON f.user_id = o.user_id AND f.track_id = o.track_id
        WHERE o.user_id = \(bind: userID)
        """
    }

    private static let songColumns = """
        \(CatalogSQL.trackColumns), al.year, t.media_path, t.media_type,
        CAST(CASE WHEN al.artwork_path IS NULL THEN 0 ELSE 1 END AS BIGINT) AS has_art,
        o.created_at AS bought_at, COALESCE(pc.play_count, 0) AS play_count, f.created_at AS starred_at
        """

    private static let byArtistAlbumTrack =
        "LOWER(ar.name), t.artist_id, LOWER(al.title), t.album_id, t.disc_number, t.track_number, t.id"

    public func songs(userID: String, _ filter: PlayerSongFilter, offset: Int, limit: Int) async throws
        -> [PlayerSong]
    {
        var query: SQLQueryString = "SELECT \(unsafeRaw: Self.songColumns) FROM " + Self.ownedFrom(userID)
        switch filter {
        case .all:
            query += " ORDER BY \(unsafeRaw: Self.byArtistAlbumTrack)"
        case .album(let id):
            query += " AND t.album_id = \(bind: id) ORDER BY t.disc_number, t.track_number, t.id"
        case .ids(let ids):
            guard !ids.isEmpty else { return [] }
            query += " AND t.id IN (\(binds: ids)) ORDER BY t.id"
        case .matching(let search):
            guard !search.isEmpty else { return [] }
            query += " AND " + Self.found(search, .track, id: "t.id") + " ORDER BY LOWER(t.title), t.id"
        case .byTitle:
            query += " ORDER BY LOWER(t.title), t.id"
        case .starred:
            query += " AND f.created_at IS NOT NULL ORDER BY f.created_at DESC, t.id"
        case .random(let genre, let fromYear, let toYear):
            if let genre { query += " AND t.genre = \(bind: genre)" }
            if let fromYear { query += " AND al.year >= \(bind: fromYear)" }
            if let toYear { query += " AND al.year <= \(bind: toYear)" }
            query += " ORDER BY RANDOM()"
        case .genre(let genre):
            query += " AND t.genre = \(bind: genre) ORDER BY \(unsafeRaw: Self.byArtistAlbumTrack)"
        }
        query += " LIMIT \(literal: limit) OFFSET \(literal: offset)"
        let finalQuery = query
        let songs = try await backend.read { db in try await db.raw(finalQuery).all().map(Self.song) }
        if case .ids(let ids) = filter { return CatalogSQL.ordered(songs, by: ids, id: \.track.id) }
        return songs
    }

    private static let albumColumns = """
        al.id, al.title, al.artist_id, ar.name AS artist_name, al.year, al.genre, COUNT(*) AS song_count,
        CAST(COALESCE(SUM(t.duration_ms), 0) AS BIGINT) AS duration_ms, MIN(o.created_at) AS bought_at,
        CAST(COALESCE(SUM(pc.play_count), 0) AS BIGINT) AS play_count, MAX(pc.last_played_at) AS last_played,
        CAST(MAX(CASE WHEN al.artwork_path IS NULL THEN 0 ELSE 1 END) AS BIGINT) AS has_art,
        CASE WHEN COUNT(f.created_at) = COUNT(*) THEN MAX(f.created_at) ELSE NULL END AS starred_at
        """

    /// Owned albums (grouped by the album, its artist being the album artist).
    private static func albumsFrom(_ userID: String) -> SQLQueryString {
        """
        owned_tracks o JOIN tracks t ON t.id = o.track_id JOIN albums al ON al.id = t.album_id
        JOIN artists ar ON ar.id = al.artist_id
        LEFT JOIN play_counts pc ON pc.user_id = o.user_id AND pc.track_id = o.track_id
        LEFT JOIN favourite_tracks f ON f.user_id = o.user_id AND f.track_id = o.track_id
        WHERE o.user_id = \(bind: userID)
        """
    }

    /// The same rows read from the albums' tracks to the user's (`CROSS JOIN` keeps SQLite to that
    /// order): a few albums by id cost their own songs, whatever the size of the user's library.
    private static func albumsOfTracks(_ userID: String) -> SQLQueryString {
        """
        tracks t CROSS JOIN owned_tracks o JOIN albums al ON al.id = t.album_id
        JOIN artists ar ON ar.id = al.artist_id
        LEFT JOIN play_counts pc ON pc.user_id = o.user_id AND pc.track_id = o.track_id
        LEFT JOIN favourite_tracks f ON f.user_id = o.user_id AND f.track_id = o.track_id
        WHERE o.user_id = \(bind: userID) AND o.track_id = t.id
        """
    }

    public func albums(userID: String, _ filter: PlayerAlbumFilter, offset: Int, limit: Int) async throws
        -> [PlayerAlbum]
    {
        var query: SQLQueryString = "SELECT \(unsafeRaw: Self.albumColumns) FROM " + Self.albumsFrom(userID)
        let group: SQLQueryString = " GROUP BY al.id, al.title, al.artist_id, ar.name, al.year, al.genre"
        switch filter {
        case .newest:
            query += group + " ORDER BY MIN(o.created_at) DESC, al.id"
        case .recent:
            query += group + " HAVING MAX(pc.last_played_at) IS NOT NULL ORDER BY MAX(pc.last_played_at) DESC, al.id"
        case .frequent:
            query += group + " HAVING SUM(pc.play_count) > 0 ORDER BY SUM(pc.play_count) DESC, al.id"
        case .random:
            query += group + " ORDER BY RANDOM()"
        case .alphabeticalByName:
            query += group + " ORDER BY LOWER(al.title), al.id"
        case .alphabeticalByArtist:
            query += group + " ORDER BY LOWER(ar.name), al.artist_id, LOWER(al.title), al.id"
        case .starred:
            query += group + " HAVING COUNT(f.created_at) = COUNT(*) ORDER BY MAX(f.created_at) DESC, al.id"
        case .byYear(let from, let to):
            query += " AND al.year BETWEEN \(bind: min(from, to)) AND \(bind: max(from, to))" + group
            query +=
                from <= to
                ? " ORDER BY al.year, LOWER(al.title), al.id" : " ORDER BY al.year DESC, LOWER(al.title), al.id"
        case .byGenre(let genre):
            query +=
                group
                + " HAVING MAX(CASE WHEN t.genre = \(bind: genre) OR al.genre = \(bind: genre) THEN 1 ELSE 0 END) = 1"
                + " ORDER BY LOWER(al.title), al.id"
        case .ids(let ids):
            guard !ids.isEmpty else { return [] }
            query = "SELECT \(unsafeRaw: Self.albumColumns) FROM " + Self.albumsOfTracks(userID)
            query += " AND t.album_id IN (\(binds: ids))" + group + " ORDER BY al.id"
        case .artist(let id):
            query += " AND al.artist_id = \(bind: id)" + group + " ORDER BY al.year, LOWER(al.title), al.id"
        case .matching(let search):
            guard !search.isEmpty else { return [] }
            query += " AND " + Self.found(search, .album, id: "al.id") + group + " ORDER BY LOWER(al.title), al.id"
        }
        query += " LIMIT \(literal: limit) OFFSET \(literal: offset)"
        let finalQuery = query
        let albums = try await backend.read { db in try await db.raw(finalQuery).all().map(Self.album) }
        if case .ids(let ids) = filter { return CatalogSQL.ordered(albums, by: ids, id: \.id) }
        return albums
    }

    public func artists(userID: String, _ filter: PlayerArtistFilter, offset: Int, limit: Int) async throws
        -> [PlayerArtist]
    {
        var query: SQLQueryString = """
            SELECT ar.id, ar.name, COUNT(DISTINCT al.id) AS album_count
            FROM owned_tracks o JOIN tracks t ON t.id = o.track_id JOIN albums al ON al.id = t.album_id
            JOIN artists ar ON ar.id = al.artist_id WHERE o.user_id = \(bind: userID)
            """
        switch filter {
        case .all: break
        case .ids(let ids):
            guard !ids.isEmpty else { return [] }
            query += " AND ar.id IN (\(binds: ids))"
        case .matching(let search):
            guard !search.isEmpty else { return [] }
            query += " AND " + Self.found(search, .artist, id: "ar.id")
        }
        query +=
            " GROUP BY ar.id, ar.name ORDER BY LOWER(ar.name), ar.id LIMIT \(literal: limit) OFFSET \(literal: offset)"
        let finalQuery = query
        let artists = try await backend.read { db in
            try await db.raw(finalQuery).all().map { row in
                PlayerArtist(
                    id: try row.decode(column: "id", as: String.self),
                    name: try row.decode(column: "name", as: String.self),
                    albumCount: try row.decode(column: "album_count", as: Int.self))
            }
        }
        if case .ids(let ids) = filter { return CatalogSQL.ordered(artists, by: ids, id: \.id) }
        return artists
    }

    /// The web search's rule (`SearchQuery`) on the text the full-text index holds
    /// (`search_documents`: names and context normalised by `SearchText`, so case and accents are
    /// folded): every word of the query starts a word of the entity's name or context. Checked on
    /// the user's own rows through the (kind, entity_id) index, so the cost is that of the library,
    /// not of the catalog; terms are letters and digits only, so no LIKE wildcard can be in one.
    static func found(_ search: SearchQuery, _ kind: SearchKind, id column: String) -> SQLQueryString {
        var condition: SQLQueryString = """
            EXISTS (SELECT 1 FROM search_documents d WHERE d.kind = \(bind: kind.rawValue)
                AND d.entity_id = \(unsafeRaw: column)
            """
        for term in search.terms {
            condition += " AND (' ' || d.name || ' ' || d.context) LIKE \(bind: "% " + term + "%")"
        }
        return condition + ")"
    }

    public func genres(userID: String) async throws -> [PlayerGenre] {
        try await backend.read { db in
            try await db.raw(
                """
                SELECT t.genre AS name, COUNT(*) AS song_count, COUNT(DISTINCT t.album_id) AS album_count
                FROM owned_tracks o JOIN tracks t ON t.id = o.track_id
                WHERE o.user_id = \(bind: userID) AND t.genre IS NOT NULL AND t.genre <> ''
                GROUP BY t.genre ORDER BY t.genre
                """
            ).all().map { row in
                PlayerGenre(
                    name: try row.decode(column: "name", as: String.self),
                    songCount: try row.decode(column: "song_count", as: Int.self),
                    albumCount: try row.decode(column: "album_count", as: Int.self))
            }
        }
    }

    static func song(_ row: any SQLRow) throws -> PlayerSong {
        PlayerSong(
            track: try CatalogSQL.track(row), year: try row.decode(column: "year", as: Int?.self),
            mediaPath: try row.decode(column: "media_path", as: String.self),
            mediaType: try row.decode(column: "media_type", as: String.self),
            albumHasArtwork: try row.decode(column: "has_art", as: Int.self) != 0,
            boughtAt: Date(epochMillis: try row.decode(column: "bought_at", as: Int64.self)),
            playCount: try row.decode(column: "play_count", as: Int.self),
            starredAt: try row.decode(column: "starred_at", as: Int64?.self).map(Date.init(epochMillis:)))
    }

    static func album(_ row: any SQLRow) throws -> PlayerAlbum {
        PlayerAlbum(
            id: try row.decode(column: "id", as: String.self),
            title: try row.decode(column: "title", as: String.self),
            artistID: try row.decode(column: "artist_id", as: String.self),
            artistName: try row.decode(column: "artist_name", as: String.self),
            year: try row.decode(column: "year", as: Int?.self),
            genre: try row.decode(column: "genre", as: String?.self),
            songCount: try row.decode(column: "song_count", as: Int.self),
            durationMs: try row.decode(column: "duration_ms", as: Int.self),
            boughtAt: Date(epochMillis: try row.decode(column: "bought_at", as: Int64.self)),
            playCount: try row.decode(column: "play_count", as: Int.self),
            lastPlayedAt: try row.decode(column: "last_played", as: Int64?.self).map(Date.init(epochMillis:)),
            hasArtwork: try row.decode(column: "has_art", as: Int.self) != 0,
            starredAt: try row.decode(column: "starred_at", as: Int64?.self).map(Date.init(epochMillis:)))
    }
}
