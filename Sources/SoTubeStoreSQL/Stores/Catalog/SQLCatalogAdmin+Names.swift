import Foundation
import SQLKit
import SoTubeCore

/// An operator renaming an artist and replacing an album's picture.
extension SQLCatalogAdmin {
    /// Renames the artist (their songs and albums follow: they name the artist by id) and refreshes
    /// the search documents that carry the name. Throws notFound, or conflict when another artist
    /// has the name (names are unique as imports match them).
    public func renameArtist(id: String, to name: String, audit: AuditEntry) async throws -> (id: String, name: String)
    {
        let key = SQLCatalogWriter.key(name)
        let dialect = backend.dialect
        let renamed: (String, String) = try await backend.transaction { db in
            guard
                let before = try await db.raw("SELECT name FROM artists WHERE id = \(bind: id)").first()?
                    .decode(column: "name", as: String.self)
            else { throw DomainError.notFound(what: "The artist") }
            if try await db.raw("SELECT id FROM artists WHERE name_key = \(bind: key) AND id <> \(bind: id)").first()
                != nil
            {
                throw DomainError.conflict(field: "name", reason: "Another artist is called \(name).")
            }
            do {
                try await db.raw(
                    "UPDATE artists SET name = \(bind: name), name_key = \(bind: key) WHERE id = \(bind: id)"
                ).run()
            } catch {
                guard dialect.uniqueViolation(error) != nil else { throw error }
                throw DomainError.conflict(field: "name", reason: "Another artist is called \(name).")
            }
            var entry = audit
            entry.before = AuditJSON.encode(["name": before])
            entry.after = AuditJSON.encode(["name": name])
            try await SQLAuditLog.insert(entry, into: db)
            return (id, name)
        }
        try await searchIndex.index(.artist, id: id)
        let related = try await backend.read { db in
            (
                albums: try await db.raw("SELECT id FROM albums WHERE artist_id = \(bind: id)").all()
                    .map { try $0.decode(column: "id", as: String.self) },
                tracks: try await db.raw("SELECT id FROM tracks WHERE artist_id = \(bind: id)").all()
                    .map { try $0.decode(column: "id", as: String.self) }
            )
        }
        for album in related.albums { try await searchIndex.index(.album, id: album) }
        for track in related.tracks { try await searchIndex.index(.track, id: track) }
        return renamed
    }

    /// Whether the album exists.
    public func albumExists(id: String) async throws -> Bool {
        try await backend.read { db in
            try await db.raw("SELECT id FROM albums WHERE id = \(bind: id)").first() != nil
        }
    }

    /// Points the album at its new picture (`artwork/<key>.jpg`, already stored); returns the old path.
    public func setAlbumArtwork(albumID: String, path: String, audit: AuditEntry) async throws -> String? {
        try await backend.transaction { db in
            guard let row = try await db.raw("SELECT artwork_path FROM albums WHERE id = \(bind: albumID)").first()
            else { throw DomainError.notFound(what: "The album") }
            let before = try row.decode(column: "artwork_path", as: String?.self)
            try await db.raw("UPDATE albums SET artwork_path = \(bind: path) WHERE id = \(bind: albumID)").run()
            var entry = audit
            entry.before = AuditJSON.encode(["artwork": before ?? "none"])
            entry.after = AuditJSON.encode(["artwork": path])
            try await SQLAuditLog.insert(entry, into: db)
            return before
        }
    }
}
