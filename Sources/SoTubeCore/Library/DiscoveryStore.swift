import Foundation

/// Per-user discovery data (SPEC C3, C5, C6): search history, favourite songs and volumes,
/// recently played songs, and the one record of a play (the web app's and players' alike).
/// Implemented on SQL by `SQLDiscoveryStore`.
public protocol DiscoveryStore: Sendable {
    /// Remembers a query (queries it extends are replaced by it; only the newest few are kept).
    func recordSearch(userID: String, query: SearchQuery, at now: Date) async throws
    /// Past queries, newest first.
    func searchHistory(userID: String) async throws -> [String]
    func clearSearchHistory(userID: String) async throws
    /// False when there is no such song.
    func setFavouriteTrack(userID: String, trackID: String, favourite: Bool, at now: Date) async throws -> Bool
    /// False when there is no such playlist.
    func setFavouritePlaylist(userID: String, playlistID: String, favourite: Bool, at now: Date) async throws
        -> Bool
    /// Favourite songs' ids, most recently added first.
    func favouriteTrackIDs(userID: String, limit: Int) async throws -> [String]
    func favouritePlaylistIDs(userID: String, limit: Int) async throws -> [String]
    func isFavouritePlaylist(userID: String, playlistID: String) async throws -> Bool
    /// A play happened (the web app's `POST /api/v1/me/recently-played`, a player's `scrobble`): in
    /// one transaction the song goes to the top of the user's recently played and, when the user
    /// owns it, its play count (what players show, `PlayerSong.playCount`) grows by one. False when
    /// there is no such song.
    func recordPlay(userID: String, trackID: String, at now: Date) async throws -> Bool
    /// Recently played songs' ids, newest first.
    func recentlyPlayedIDs(userID: String, limit: Int) async throws -> [String]
}
