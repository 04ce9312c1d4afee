import Foundation
import SQLKit
import SoTubeCore

/// `GenreCatalog` over the albums table: an album is in the genre its `genre` names (trimmed, case
/// folded), counted while one of its songs is on sale.
public struct SQLGenreCatalog: GenreCatalog {
    let backend: any SQLBackend
    package init(backend: any SQLBackend) { self.backend = backend }

    static let onSale = "EXISTS (SELECT 1 FROM tracks x WHERE x.album_id = al.id AND x.withdrawn_at IS NULL)"

    public func genres(limit: Int) async throws -> [CatalogGenre] {
        try await backend.read { db in
            try await db.raw(
                """
                SELECT LOWER(TRIM(al.genre)) AS genre_key, MIN(TRIM(al.genre)) AS name, COUNT(*) AS albums,
                    MAX(CASE WHEN al.artwork_path IS NOT NULL THEN al.id END) AS cover_album_id
                FROM albums al
                WHERE al.genre IS NOT NULL AND TRIM(al.genre) <> '' AND \(unsafeRaw: Self.onSale)
                GROUP BY LOWER(TRIM(al.genre)) ORDER BY albums DESC, genre_key LIMIT \(literal: max(0, limit))
                """
            ).all().map {
                CatalogGenre(
                    name: try $0.decode(column: "name", as: String.self),
                    albumCount: try $0.decode(column: "albums", as: Int.self),
                    coverAlbumID: try $0.decode(column: "cover_album_id", as: String?.self))
            }
        }
    }

    public func albums(inGenre genre: String, limit: Int, offset: Int) async throws -> [CatalogAlbum] {
        let key = genre.trimmingCharacters(in: .whitespaces).lowercased()
        return try await backend.read { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: CatalogSQL.albumColumns) FROM \(unsafeRaw: CatalogSQL.albumFrom)
                WHERE al.genre IS NOT NULL AND LOWER(TRIM(al.genre)) = \(bind: key) AND \(unsafeRaw: Self.onSale)
                ORDER BY al.release_date DESC, al.created_at DESC, al.id
                LIMIT \(literal: max(0, limit)) OFFSET \(literal: max(0, offset))
                """
            ).all().map(CatalogSQL.album)
        }
    }
}
