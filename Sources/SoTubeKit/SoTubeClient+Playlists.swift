import Foundation
import SoTubeAPI

extension SoTubeClient {
    // MARK: Own playlists

    /// The caller's own playlists, most recently changed first.
    public func myPlaylists() async throws -> [OwnPlaylistSummaryDTO] {
        try await call(.ownPlaylists, as: OwnPlaylistListDTO.self).playlists
    }

    /// Makes a playlist named `name` with `trackIDs` in that order (a repeat is kept once).
    ///
    /// - Throws: ``SoTubeError/validation(field:message:)`` for a blank or too long name ("name") or an
    ///   unknown song ("trackIds").
    public func createPlaylist(name: String, trackIDs: [String] = []) async throws -> OwnPlaylistDTO {
        try await call(.createOwnPlaylist, body: CreateOwnPlaylistRequest(name: name, trackIds: trackIDs))
    }

    /// One of the caller's playlists with its songs in order.
    ///
    /// - Throws: ``SoTubeError/notFound`` when it is not the caller's.
    public func myPlaylist(id: String) async throws -> OwnPlaylistDTO {
        try await call(.ownPlaylist, id)
    }

    /// Renames the playlist and/or sets its songs (the whole new order); nil leaves that part as it is.
    public func updatePlaylist(id: String, name: String? = nil, trackIDs: [String]? = nil) async throws
        -> OwnPlaylistDTO
    {
        try await call(.updateOwnPlaylist, id, body: UpdateOwnPlaylistRequest(name: name, trackIds: trackIDs))
    }

    /// Appends songs not in the playlist yet; the answer says how many were added.
    public func addToPlaylist(id: String, trackIDs: [String]) async throws -> OwnPlaylistAddedDTO {
        try await call(.addOwnPlaylistTracks, id, body: AddOwnPlaylistTracksRequest(trackIds: trackIDs))
    }

    /// Deletes the playlist; its songs stay in the store and in My Music.
    public func deletePlaylist(id: String) async throws {
        try await perform(.deleteOwnPlaylist, id)
    }
}
