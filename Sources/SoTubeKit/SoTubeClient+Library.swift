import Foundation
import SoTubeAPI

extension SoTubeClient {
    // MARK: Favourites and recently played

    /// The caller's favourite songs and volumes, most recently added first.
    public func favourites() async throws -> FavouritesDTO {
        try await call(.favourites)
    }

    /// Marks (`true`) or unmarks (`false`) a song as a favourite; doing it twice changes nothing.
    ///
    /// - Throws: ``SoTubeError/notFound`` for an unknown song.
    public func setFavourite(trackID: String, _ favourite: Bool) async throws {
        try await perform(favourite ? .markFavouriteTrack : .unmarkFavouriteTrack, trackID)
    }

    /// Marks (`true`) or unmarks (`false`) a playlist as a favourite; doing it twice changes nothing.
    ///
    /// - Throws: ``SoTubeError/notFound`` for an unknown playlist.
    public func setFavourite(playlistID: String, _ favourite: Bool) async throws {
        try await perform(favourite ? .markFavouritePlaylist : .unmarkFavouritePlaylist, playlistID)
    }

    /// Songs the caller played recently, newest first.
    public func recentlyPlayed() async throws -> [TrackDTO] {
        try await call(.recentlyPlayed, as: RecentlyPlayedDTO.self).tracks
    }

    /// Reports that the player started `trackID`, for the recently played list.
    public func recordPlay(trackID: String) async throws {
        try await perform(
            .recordPlay, body: RecordPlayRequest(trackId: trackID))
    }

    // MARK: My Music

    /// The songs the caller owns, in `sort` order (the server's default when nil).
    public func librarySongs(sort: LibrarySongsDTO.Sort? = nil) async throws -> LibrarySongsDTO {
        try await call(.librarySongs, query: ["sort": sort?.rawValue])
    }

    /// The albums the caller owns songs of, each with those songs, in `sort` order.
    public func libraryAlbums(sort: LibraryAlbumsDTO.Sort? = nil) async throws -> LibraryAlbumsDTO {
        try await call(.libraryAlbums, query: ["sort": sort?.rawValue])
    }

    /// The artists the caller owns songs of, by name, each with their owned albums.
    public func libraryArtists() async throws -> [LibraryArtistDTO] {
        try await call(.libraryArtists, as: LibraryArtistsDTO.self).artists
    }
}
