import Foundation
import SQLKit
import SoTubeCore

/// The SELECT lists and row decoders every catalog query shares.
enum CatalogSQL {
    static let trackColumns = """
        t.id, t.title, t.artist_id, ar.name AS artist_name, t.album_id, al.title AS album_title,
        t.track_number, t.disc_number, t.duration_ms, t.genre, t.explicit, t.price, t.ready, t.withdrawn_at,
        t.loudness_centi, t.true_peak_centi, al.loudness_centi AS album_loudness_centi,
        al.true_peak_centi AS album_true_peak_centi, t.name_your_price, al.available_at AS album_available_at
        """
    static let trackFrom = """
        tracks t JOIN artists ar ON ar.id = t.artist_id JOIN albums al ON al.id = t.album_id
        """
    static let albumColumns = """
        al.id, al.title, al.artist_id, ar.name AS artist_name, al.release_date, al.year, al.genre, al.price,
        (SELECT COUNT(*) FROM tracks x WHERE x.album_id = al.id AND x.withdrawn_at IS NULL) AS track_count,
        (SELECT CAST(COALESCE(SUM(x.price), 0) AS BIGINT) FROM tracks x WHERE x.album_id = al.id) AS price_sum,
        (SELECT CAST(COALESCE(SUM(x.price), 0) AS BIGINT) FROM tracks x
            WHERE x.album_id = al.id AND x.withdrawn_at IS NULL) AS on_sale_price_sum,
        (SELECT COALESCE(MAX(x.explicit), 0) FROM tracks x WHERE x.album_id = al.id) AS any_explicit,
        al.name_your_price AS album_name_your_price, al.available_at AS album_available_at
        """
    static let albumFrom = "albums al JOIN artists ar ON ar.id = al.artist_id"
    static let playlistColumns = """
        p.id, p.name, p.description, p.kind,
        (SELECT COUNT(*) FROM playlist_tracks pt WHERE pt.playlist_id = p.id) AS track_count,
        (SELECT t.album_id FROM playlist_tracks pt JOIN tracks t ON t.id = pt.track_id
            WHERE pt.playlist_id = p.id ORDER BY pt.position LIMIT 1) AS cover_album_id
        """

    static func track(_ row: any SQLRow) throws -> CatalogTrack {
        var track = try trackBasics(row)
        track.ready = try row.decode(column: "ready", as: Int.self) != 0
        track.withdrawn = try row.decode(column: "withdrawn_at", as: Int?.self) != nil
        track.loudness = try loudness(row, "loudness_centi", "true_peak_centi")
        track.albumLoudness = try loudness(row, "album_loudness_centi", "album_true_peak_centi")
        track.nameYourPrice = try row.decode(column: "name_your_price", as: Int.self) != 0
        track.availableAt = try row.decode(column: "album_available_at", as: Int64?.self).map(Date.init(epochMillis:))
        return track
    }

    static func loudness(_ row: any SQLRow, _ loudness: String, _ peak: String) throws -> Loudness? {
        guard let value = try row.decode(column: loudness, as: Int?.self) else { return nil }
        return Loudness(storedLoudness: value, storedPeak: try row.decode(column: peak, as: Int?.self) ?? 0)
    }

    private static func trackBasics(_ row: any SQLRow) throws -> CatalogTrack {
        CatalogTrack(
            id: try row.decode(column: "id", as: String.self),
            title: try row.decode(column: "title", as: String.self),
            artistID: try row.decode(column: "artist_id", as: String.self),
            artistName: try row.decode(column: "artist_name", as: String.self),
            albumID: try row.decode(column: "album_id", as: String.self),
            albumTitle: try row.decode(column: "album_title", as: String.self),
            trackNumber: try row.decode(column: "track_number", as: Int.self),
            discNumber: try row.decode(column: "disc_number", as: Int.self),
            durationMs: try row.decode(column: "duration_ms", as: Int.self),
            genre: try row.decode(column: "genre", as: String?.self),
            explicit: try row.decode(column: "explicit", as: Int.self) != 0,
            price: try row.decode(column: "price", as: Int.self))
    }

    static func album(_ row: any SQLRow) throws -> CatalogAlbum {
        var album = try albumBasics(row)
        album.nameYourPrice = try row.decode(column: "album_name_your_price", as: Int.self) != 0
        album.availableAt = try row.decode(column: "album_available_at", as: Int64?.self).map(Date.init(epochMillis:))
        return album
    }

    private static func albumBasics(_ row: any SQLRow) throws -> CatalogAlbum {
        CatalogAlbum(
            id: try row.decode(column: "id", as: String.self),
            title: try row.decode(column: "title", as: String.self),
            artistID: try row.decode(column: "artist_id", as: String.self),
            artistName: try row.decode(column: "artist_name", as: String.self),
            releaseDate: try row.decode(column: "release_date", as: String?.self),
            year: try row.decode(column: "year", as: Int?.self),
            genre: try row.decode(column: "genre", as: String?.self),
            operatorPrice: try row.decode(column: "price", as: Int?.self),
            trackCount: try row.decode(column: "track_count", as: Int.self),
            trackPriceSum: try row.decode(column: "price_sum", as: Int.self),
            onSalePriceSum: try row.decode(column: "on_sale_price_sum", as: Int.self),
            explicit: try row.decode(column: "any_explicit", as: Int.self) != 0)
    }

    static func artist(_ row: any SQLRow) throws -> CatalogArtist {
        CatalogArtist(
            id: try row.decode(column: "id", as: String.self), name: try row.decode(column: "name", as: String.self),
            bio: try row.decode(column: "bio", as: String?.self))
    }

    static func playlist(_ row: any SQLRow) throws -> CatalogPlaylist {
        CatalogPlaylist(
            id: try row.decode(column: "id", as: String.self), name: try row.decode(column: "name", as: String.self),
            description: try row.decode(column: "description", as: String.self),
            kind: try row.decode(column: "kind", as: String.self),
            trackCount: try row.decode(column: "track_count", as: Int.self),
            coverAlbumID: try row.decode(column: "cover_album_id", as: String?.self))
    }

    /// `items` reordered to follow `ids` (SQL `IN` lists come back in any order).
    static func ordered<T>(_ items: [T], by ids: [String], id: (T) -> String) -> [T] {
        let byID = Dictionary(items.map { (id($0), $0) }, uniquingKeysWith: { first, _ in first })
        return ids.compactMap { byID[$0] }
    }
}
