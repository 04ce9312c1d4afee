import Foundation
import SQLKit
import SoTubeCore

/// A buyer's own playlists (issue 32 #17) on SQLite and PostgreSQL. Every statement names the owner,
/// so another user's playlist is never read or changed.
public struct SQLOwnPlaylistStore: OwnPlaylistStore {
    let backend: any SQLBackend
    package init(backend: any SQLBackend) { self.backend = backend }

    public func playlists(userID: String) async throws -> [OwnPlaylistSummary] {
        try await backend.read { db in
            try await db.raw(
                """
                SELECT p.id, p.name, p.created_at, p.updated_at,
                    (SELECT COUNT(*) FROM own_playlist_tracks x WHERE x.playlist_id = p.id) AS track_count,
                    (SELECT CAST(COALESCE(SUM(t.duration_ms), 0) AS BIGINT) FROM own_playlist_tracks x
                        JOIN tracks t ON t.id = x.track_id WHERE x.playlist_id = p.id) AS duration_ms,
                    (SELECT t.album_id FROM own_playlist_tracks x JOIN tracks t ON t.id = x.track_id
                        WHERE x.playlist_id = p.id ORDER BY x.position LIMIT 1) AS first_album_id
                FROM own_playlists p WHERE p.user_id = \(bind: userID)
                ORDER BY p.updated_at DESC, p.id DESC
                """
            ).all().map { row in
                OwnPlaylistSummary(
                    id: try row.decode(column: "id", as: String.self),
                    name: try row.decode(column: "name", as: String.self),
                    trackCount: Int(try row.decode(column: "track_count", as: Int64.self)),
                    durationMs: Int(try row.decode(column: "duration_ms", as: Int64.self)),
                    firstAlbumID: try row.decode(column: "first_album_id", as: String?.self),
                    createdAt: Date(epochMillis: try row.decode(column: "created_at", as: Int64.self)),
                    updatedAt: Date(epochMillis: try row.decode(column: "updated_at", as: Int64.self)))
            }
        }
    }

    public func playlist(id: String, userID: String) async throws -> OwnPlaylist? {
        try await backend.read { db in try await Self.playlist(id, userID, db) }
    }

    public func create(_ playlist: OwnPlaylist) async throws {
        try await backend.transaction { db in
            let count =
                try await db.raw(
                    "SELECT COUNT(*) AS n FROM own_playlists WHERE user_id = \(bind: playlist.userID)"
                ).first()?.decode(column: "n", as: Int64.self) ?? 0
            guard count < OwnPlaylistRules.playlistLimit else {
                throw DomainError.conflict(
                    field: nil, reason: "You have \(OwnPlaylistRules.playlistLimit) playlists: delete one first.")
            }
            try await Self.requireSongs(playlist.trackIDs, db)
            try await db.raw(
                """
                INSERT INTO own_playlists (id, user_id, name, created_at, updated_at)
                VALUES (\(bind: playlist.id), \(bind: playlist.userID), \(bind: playlist.name),
                    \(bind: playlist.createdAt.epochMillis), \(bind: playlist.updatedAt.epochMillis))
                """
            ).run()
            try await Self.insert(playlist.trackIDs, from: 0, into: playlist.id, userID: playlist.userID, db)
        }
    }

    public func update(id: String, userID: String, name: String?, trackIDs: [String]?, at now: Date) async throws
        -> OwnPlaylist?
    {
        try await backend.transaction { db in
            guard try await Self.playlist(id, userID, db) != nil else { return nil }
            if let trackIDs {
                try await Self.requireSongs(trackIDs, db)
                try await db.raw("DELETE FROM own_playlist_tracks WHERE playlist_id = \(bind: id)").run()
                try await Self.insert(trackIDs, from: 0, into: id, userID: userID, db)
            }
            if let name {
                try await db.raw("UPDATE own_playlists SET name = \(bind: name) WHERE id = \(bind: id)").run()
            }
            try await Self.touch(id, now, db)
            return try await Self.playlist(id, userID, db)
        }
    }

    public func add(trackIDs: [String], to id: String, userID: String, at now: Date) async throws -> Int? {
        try await backend.transaction { db in
            guard let playlist = try await Self.playlist(id, userID, db) else { return nil }
            try await Self.requireSongs(trackIDs, db)
            let all = try OwnPlaylistRules.appending(trackIDs, to: playlist.trackIDs)
            let added = Array(all.dropFirst(playlist.trackIDs.count))
            let next =
                try await db.raw(
                    "SELECT MAX(position) AS last FROM own_playlist_tracks WHERE playlist_id = \(bind: id)"
                ).first()?.decode(column: "last", as: Int64?.self).map { Int($0) + 1 } ?? 0
            try await Self.insert(added, from: next, into: id, userID: userID, db)
            if !added.isEmpty { try await Self.touch(id, now, db) }
            return added.count
        }
    }

    public func delete(id: String, userID: String) async throws -> Bool {
        try await backend.transaction { db in
            guard try await Self.playlist(id, userID, db) != nil else { return false }
            try await db.raw("DELETE FROM own_playlist_tracks WHERE playlist_id = \(bind: id)").run()
            try await db.raw("DELETE FROM own_playlists WHERE id = \(bind: id)").run()
            return true
        }
    }

    // MARK: Statements

    static func playlist(_ id: String, _ userID: String, _ db: any SQLDatabase) async throws -> OwnPlaylist? {
        guard
            let row = try await db.raw(
                """
                SELECT name, created_at, updated_at FROM own_playlists
                WHERE id = \(bind: id) AND user_id = \(bind: userID)
                """
            ).first()
        else { return nil }
        let songs = try await db.raw(
            "SELECT track_id FROM own_playlist_tracks WHERE playlist_id = \(bind: id) ORDER BY position"
        ).all().map { try $0.decode(column: "track_id", as: String.self) }
        return OwnPlaylist(
            id: id, userID: userID, name: try row.decode(column: "name", as: String.self), trackIDs: songs,
            createdAt: Date(epochMillis: try row.decode(column: "created_at", as: Int64.self)),
            updatedAt: Date(epochMillis: try row.decode(column: "updated_at", as: Int64.self)))
    }

    /// Refuses a song id that is not in the catalog, naming it.
    static func requireSongs(_ ids: [String], _ db: any SQLDatabase) async throws {
        guard !ids.isEmpty else { return }
        let known = Set(
            try await db.raw("SELECT id FROM tracks WHERE id IN (\(binds: ids))").all().map {
                try $0.decode(column: "id", as: String.self)
            })
        if let unknown = ids.first(where: { !known.contains($0) }) {
            throw DomainError.invalid(field: "trackIds", reason: "There is no song \(unknown).")
        }
    }

    static func insert(
        _ ids: [String], from start: Int, into playlistID: String, userID: String, _ db: any SQLDatabase
    ) async throws {
        for (offset, trackID) in ids.enumerated() {
            try await db.raw(
                """
                INSERT INTO own_playlist_tracks (playlist_id, position, track_id, user_id)
                VALUES (\(bind: playlistID), \(bind: start + offset), \(bind: trackID), \(bind: userID))
                """
            ).run()
        }
    }

    static func touch(_ id: String, _ now: Date, _ db: any SQLDatabase) async throws {
        try await db.raw("UPDATE own_playlists SET updated_at = \(bind: now.epochMillis) WHERE id = \(bind: id)").run()
    }
}
