import Foundation
import SQLKit
import SoTubeCore

/// Fans following artists: a follow is kept until the fan stops it (or unsubscribes from a mail).
extension SQLSellerStore {
    /// Follows the artist; false when there is no such artist.
    public func follow(userID: String, artistID: String, now: Date) async throws -> Bool {
        try await backend.transaction { db in
            guard try await db.raw("SELECT 1 AS one FROM artists WHERE id = \(bind: artistID)").first() != nil else {
                return false
            }
            try await db.raw(
                """
                INSERT INTO follows (user_id, artist_id, created_at)
                VALUES (\(bind: userID), \(bind: artistID), \(bind: now.epochMillis))
                ON CONFLICT (user_id, artist_id) DO NOTHING
                """
            ).run()
            return true
        }
    }

    public func unfollow(userID: String, artistID: String) async throws {
        try await backend.transaction { db in
            try await db.raw(
                "DELETE FROM follows WHERE user_id = \(bind: userID) AND artist_id = \(bind: artistID)"
            ).run()
        }
    }

    /// Whether the user follows the artist, and how many do.
    public func following(userID: String?, artistID: String) async throws -> (following: Bool, followers: Int) {
        try await backend.read { db in
            let count =
                try await db.raw("SELECT COUNT(*) AS n FROM follows WHERE artist_id = \(bind: artistID)").first()?
                .decode(column: "n", as: Int.self) ?? 0
            guard let userID else { return (false, count) }
            let mine =
                try await db.raw(
                    "SELECT 1 AS one FROM follows WHERE artist_id = \(bind: artistID) AND user_id = \(bind: userID)"
                ).first() != nil
            return (mine, count)
        }
    }

    /// The followers a new release is mailed to: accounts neither locked nor erased.
    public func followers(artistID: String) async throws -> [User] {
        try await backend.read { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: SQLAccountStore.userColumns.split(separator: ",").map { "u." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", "))
                FROM follows f JOIN users u ON u.id = f.user_id
                WHERE f.artist_id = \(bind: artistID) AND u.locked_at IS NULL AND u.erased_at IS NULL
                ORDER BY u.id
                """
            ).all().map { try SQLAccountStore.decodeCredentials($0).user }
        }
    }
}
