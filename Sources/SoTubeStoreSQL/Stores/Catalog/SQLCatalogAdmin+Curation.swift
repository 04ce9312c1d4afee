import Foundation
import SQLKit
import SoTubeCore

/// The store home's curation: which playlists (volumes and others) are featured, in which order, and
/// the order of the moods.
extension SQLCatalogAdmin {
    public func curation() async throws -> HomeCuration {
        try await backend.read { db in try await Self.curation(db) }
    }

    static func curation(_ db: any SQLDatabase) async throws -> HomeCuration {
        let playlists = try await db.raw(
            """
            SELECT p.id, p.name, p.kind, p.featured, p.position,
                (SELECT COUNT(*) FROM playlist_tracks pt WHERE pt.playlist_id = p.id) AS track_count
            FROM playlists p
            ORDER BY p.featured DESC, CASE WHEN p.featured <> 0 THEN p.position ELSE 0 END, p.name, p.id
            """
        ).all().map { row in
            HomeCuration.Playlist(
                id: try row.decode(column: "id", as: String.self),
                name: try row.decode(column: "name", as: String.self),
                kind: try row.decode(column: "kind", as: String.self),
                featured: try row.decode(column: "featured", as: Int.self) != 0,
                trackCount: try row.decode(column: "track_count", as: Int.self))
        }
        let moods = try await db.raw("SELECT id, name, playlist_id FROM moods ORDER BY position, name, id").all().map {
            HomeCuration.Mood(
                id: try $0.decode(column: "id", as: String.self), name: try $0.decode(column: "name", as: String.self),
                playlistID: try $0.decode(column: "playlist_id", as: String.self))
        }
        return HomeCuration(playlists: playlists, moods: moods)
    }

    /// Features exactly `featured` (in that order) and orders the moods as `moods` (every mood once).
    /// Throws invalid naming an unknown or repeated id, or a mood left out.
    public func setCuration(featured: [String], moods: [String], audit: AuditEntry) async throws -> HomeCuration {
        try await backend.transaction { db in
            let before = try await Self.curation(db)
            let playlistIDs = Set(before.playlists.map(\.id))
            guard Set(featured).count == featured.count, featured.allSatisfy(playlistIDs.contains) else {
                throw DomainError.invalid(field: "featured", reason: "Name each featured playlist once, by its id.")
            }
            guard moods.count == before.moods.count, Set(moods) == Set(before.moods.map(\.id)) else {
                throw DomainError.invalid(field: "moods", reason: "Name every mood once, by its id, in the new order.")
            }
            try await db.raw("UPDATE playlists SET featured = 0 WHERE featured <> 0").run()
            for (position, id) in featured.enumerated() {
                try await db.raw(
                    "UPDATE playlists SET featured = 1, position = \(bind: position + 1) WHERE id = \(bind: id)"
                ).run()
            }
            for (position, id) in moods.enumerated() {
                try await db.raw("UPDATE moods SET position = \(bind: position + 1) WHERE id = \(bind: id)").run()
            }
            let after = try await Self.curation(db)
            var entry = audit
            entry.before = AuditJSON.encode([
                "featured": before.playlists.filter(\.featured).map(\.name), "moods": before.moods.map(\.name),
            ])
            entry.after = AuditJSON.encode([
                "featured": after.playlists.filter(\.featured).map(\.name), "moods": after.moods.map(\.name),
            ])
            try await SQLAuditLog.insert(entry, into: db)
            return after
        }
    }
}
