import Foundation
import SQLKit
import SoTubeCore

/// Per-user discovery data kept on the server: search history (last 5 queries), favourite songs
/// and volumes, recently played songs.
public struct SQLDiscoveryStore: DiscoveryStore {
    let backend: any SQLBackend
    package init(backend: any SQLBackend) { self.backend = backend }

    public static let historySize = 5
    public static let recentSize = 50

    // MARK: Search history

    /// Remembers a query. Typing "b", "bj", "bjork" leaves only "bjork": earlier queries that are
    /// prefixes of this one are replaced by it. Only the newest `historySize` are kept.
    public func recordSearch(userID: String, query: SearchQuery, at now: Date) async throws {
        let key = query.key
        guard !key.isEmpty else { return }
        let keep = Self.historySize
        try await backend.transaction { db in
            let existing = try await db.raw(
                "SELECT query_key FROM search_history WHERE user_id = \(bind: userID)"
            ).all().map { try $0.decode(column: "query_key", as: String.self) }
            let stale = existing.filter { key.hasPrefix($0) }
            if !stale.isEmpty {
                try await db.raw(
                    "DELETE FROM search_history WHERE user_id = \(bind: userID) AND query_key IN (\(binds: stale))"
                ).run()
            }
            try await db.raw(
                """
                INSERT INTO search_history (user_id, query, query_key, searched_at)
                VALUES (\(bind: userID), \(bind: query.text), \(bind: key), \(bind: now.epochMillis))
                """
            ).run()
            try await db.raw(
                """
                DELETE FROM search_history WHERE user_id = \(bind: userID) AND query_key NOT IN (
                    SELECT query_key FROM search_history WHERE user_id = \(bind: userID)
                    ORDER BY searched_at DESC, query_key LIMIT \(literal: keep))
                """
            ).run()
        }
    }

    /// The user's last queries, newest first.
    public func searchHistory(userID: String) async throws -> [String] {
        try await backend.read { db in
            try await db.raw(
                """
                SELECT query FROM search_history WHERE user_id = \(bind: userID)
                ORDER BY searched_at DESC, query_key LIMIT \(literal: Self.historySize)
                """
            ).all().map { try $0.decode(column: "query", as: String.self) }
        }
    }

    public func clearSearchHistory(userID: String) async throws {
        try await backend.transaction { db in
            try await db.raw("DELETE FROM search_history WHERE user_id = \(bind: userID)").run()
        }
    }

    // MARK: Favourites

    /// Marks or unmarks a favourite song; false when the song does not exist.
    public func setFavouriteTrack(userID: String, trackID: String, favourite: Bool, at now: Date) async throws -> Bool {
        try await setFavourite(
            table: "favourite_tracks", column: "track_id", target: "tracks", userID: userID, id: trackID,
            favourite: favourite, at: now)
    }

    /// Marks or unmarks a favourite playlist (volume); false when it does not exist.
    public func setFavouritePlaylist(userID: String, playlistID: String, favourite: Bool, at now: Date) async throws
        -> Bool
    {
        try await setFavourite(
            table: "favourite_playlists", column: "playlist_id", target: "playlists", userID: userID, id: playlistID,
            favourite: favourite, at: now)
    }

    private func setFavourite(
        table: String, column: String, target: String, userID: String, id: String, favourite: Bool, at now: Date
    ) async throws -> Bool {
        try await backend.transaction { db in
            guard
                try await db.raw("SELECT 1 AS one FROM \(unsafeRaw: target) WHERE id = \(bind: id)").first() != nil
            else { return false }
            if favourite {
                try await db.raw(
                    """
                    INSERT INTO \(unsafeRaw: table) (user_id, \(unsafeRaw: column), created_at)
                    VALUES (\(bind: userID), \(bind: id), \(bind: now.epochMillis))
                    ON CONFLICT (user_id, \(unsafeRaw: column)) DO NOTHING
                    """
                ).run()
            } else {
                try await db.raw(
                    "DELETE FROM \(unsafeRaw: table) WHERE user_id = \(bind: userID) AND \(unsafeRaw: column) = \(bind: id)"
                ).run()
            }
            return true
        }
    }

    /// Favourite song ids, most recently added first.
    public func favouriteTrackIDs(userID: String, limit: Int = 200) async throws -> [String] {
        try await ids(
            "SELECT track_id AS id FROM favourite_tracks WHERE user_id = \(bind: userID) ORDER BY created_at DESC, track_id LIMIT \(literal: limit)"
        )
    }

    /// Favourite playlist ids, most recently added first.
    public func favouritePlaylistIDs(userID: String, limit: Int = 200) async throws -> [String] {
        try await ids(
            "SELECT playlist_id AS id FROM favourite_playlists WHERE user_id = \(bind: userID) ORDER BY created_at DESC, playlist_id LIMIT \(literal: limit)"
        )
    }

    public func isFavouritePlaylist(userID: String, playlistID: String) async throws -> Bool {
        try await !ids(
            "SELECT playlist_id AS id FROM favourite_playlists WHERE user_id = \(bind: userID) AND playlist_id = \(bind: playlistID)"
        ).isEmpty
    }

    // MARK: Recently played

    /// A play of `trackID` (the web app's and players' alike), in one transaction: the song goes to
    /// the top of the user's recently played and, when the user owns it, its play count grows by
    /// one; false when the song does not exist.
    public func recordPlay(userID: String, trackID: String, at now: Date) async throws -> Bool {
        let keep = Self.recentSize
        return try await backend.transaction { db in
            guard try await db.raw("SELECT 1 AS one FROM tracks WHERE id = \(bind: trackID)").first() != nil else {
                return false
            }
            if try await db.raw(
                "SELECT 1 AS one FROM owned_tracks WHERE user_id = \(bind: userID) AND track_id = \(bind: trackID)"
            ).first() != nil {
                try await db.raw(
                    """
                    INSERT INTO play_counts (user_id, track_id, play_count, last_played_at)
                    VALUES (\(bind: userID), \(bind: trackID), 1, \(bind: now.epochMillis))
                    ON CONFLICT (user_id, track_id) DO UPDATE SET play_count = play_counts.play_count + 1,
                        last_played_at = excluded.last_played_at
                    """
                ).run()
            }
            try await db.raw(
                """
                INSERT INTO recently_played (user_id, track_id, played_at)
                VALUES (\(bind: userID), \(bind: trackID), \(bind: now.epochMillis))
                ON CONFLICT (user_id, track_id) DO UPDATE SET played_at = excluded.played_at
                """
            ).run()
            try await db.raw(
                """
                DELETE FROM recently_played WHERE user_id = \(bind: userID) AND track_id NOT IN (
                    SELECT track_id FROM recently_played WHERE user_id = \(bind: userID)
                    ORDER BY played_at DESC, track_id LIMIT \(literal: keep))
                """
            ).run()
            return true
        }
    }

    /// Recently played song ids, newest first.
    public func recentlyPlayedIDs(userID: String, limit: Int = 50) async throws -> [String] {
        try await ids(
            "SELECT track_id AS id FROM recently_played WHERE user_id = \(bind: userID) ORDER BY played_at DESC, track_id LIMIT \(literal: limit)"
        )
    }

    private func ids(_ query: SQLQueryString) async throws -> [String] {
        try await backend.read { db in
            try await db.raw(query).all().map { try $0.decode(column: "id", as: String.self) }
        }
    }
}
