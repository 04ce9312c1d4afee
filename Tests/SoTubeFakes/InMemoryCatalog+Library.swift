import Foundation
import SoTubeCore

/// A user's side of the catalog: search history, favourites, recently played, owned songs, and
/// which files serve a song or a picture.
extension InMemoryCatalog {
    // MARK: DiscoveryStore

    /// Queries this one extends ("b", "bj" before "bjork") are replaced by it; the newest few are kept.
    public func recordSearch(userID: String, query: SearchQuery, at now: Date) {
        let key = query.key
        guard !key.isEmpty else { return }
        var entries = (history[userID] ?? []).filter { !key.hasPrefix($0.id) }
        entries.append(Dated(id: key, at: now, text: query.text))
        history[userID] = Array(Self.newestFirst(entries).prefix(Self.historySize))
    }
    public func searchHistory(userID: String) -> [String] { (history[userID] ?? []).map(\.text) }
    public func clearSearchHistory(userID: String) { history[userID] = [] }
    /// A song already a favourite keeps the moment it became one.
    public func setFavouriteTrack(userID: String, trackID: String, favourite: Bool, at now: Date) -> Bool {
        guard songs.contains(where: { $0.id == trackID }) else { return false }
        favouriteTracks[userID] = Self.mark(trackID, favourite, at: now, in: favouriteTracks[userID] ?? [])
        return true
    }
    public func setFavouritePlaylist(userID: String, playlistID: String, favourite: Bool, at now: Date) -> Bool {
        guard playlistRows.contains(where: { $0.id == playlistID }) else { return false }
        favouritePlaylists[userID] = Self.mark(playlistID, favourite, at: now, in: favouritePlaylists[userID] ?? [])
        return true
    }
    public func favouriteTrackIDs(userID: String, limit: Int) -> [String] {
        Array((favouriteTracks[userID] ?? []).map(\.id).prefix(max(0, limit)))
    }
    public func favouritePlaylistIDs(userID: String, limit: Int) -> [String] {
        Array((favouritePlaylists[userID] ?? []).map(\.id).prefix(max(0, limit)))
    }
    public func isFavouritePlaylist(userID: String, playlistID: String) -> Bool {
        favouritePlaylists[userID]?.contains { $0.id == playlistID } ?? false
    }
    /// The song goes to the top of the user's recently played (play counts are the player library's,
    /// which this fake does not hold).
    public func recordPlay(userID: String, trackID: String, at now: Date) -> Bool {
        guard songs.contains(where: { $0.id == trackID }) else { return false }
        var entries = (plays[userID] ?? []).filter { $0.id != trackID }
        entries.append(Dated(id: trackID, at: now))
        plays[userID] = Array(Self.newestFirst(entries).prefix(Self.recentSize))
        return true
    }
    public func recentlyPlayedIDs(userID: String, limit: Int) -> [String] {
        Array((plays[userID] ?? []).map(\.id).prefix(max(0, limit)))
    }

    static func newestFirst(_ entries: [Dated]) -> [Dated] {
        entries.sorted { $0.at != $1.at ? $0.at > $1.at : $0.id < $1.id }
    }

    static func mark(_ id: String, _ on: Bool, at now: Date, in entries: [Dated]) -> [Dated] {
        guard on else { return entries.filter { $0.id != id } }
        guard !entries.contains(where: { $0.id == id }) else { return entries }
        return newestFirst(entries + [Dated(id: id, at: now)])
    }

    // MARK: LibraryStore and OwnershipStore

    public func ownedTracks(userID: String) -> [CatalogTrack] {
        songs.filter { owned[userID]?.contains($0.id) ?? false }.compactMap { track($0) }
    }
    public func owns(userID: String, trackID: String) -> Bool { owned[userID]?.contains(trackID) ?? false }
    public func ownedTrackIDs(userID: String, among trackIDs: [String]) -> Set<String> {
        (owned[userID] ?? []).intersection(trackIDs)
    }
    public func ownedCount(userID: String) -> Int { owned[userID]?.count ?? 0 }

    // MARK: MediaLookup

    public func trackFiles(id: String) -> TrackFiles? { songs.first { $0.id == id }?.files }
    public func artwork(_ subject: ArtworkSubject) -> String?? {
        switch subject {
        case .album(let id): return album(id: id) == nil ? nil : .some(artworkPaths[id])
        case .artist(let id): return artist(id: id) == nil ? nil : .some(nil)
        case .playlist(let id):
            guard let row = playlistRows.first(where: { $0.id == id }) else { return nil }
            return .some(coverAlbumID(row).flatMap { artworkPaths[$0] })
        }
    }
}
