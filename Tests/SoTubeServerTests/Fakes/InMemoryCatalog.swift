import Foundation
import SoTubeCore

/// The catalog, discovery, library, ownership and media lookups in memory: what the catalog-side
/// controllers are tested against without SQL. Search is a plain word-prefix scan.
actor InMemoryCatalog: CatalogReader, CatalogSearch, DiscoveryStore, LibraryStore, OwnershipStore, MediaLookup {
    var artists: [CatalogArtist] = []
    var albums: [CatalogAlbum] = []
    var tracks: [CatalogTrack] = []
    var playlists: [(playlist: CatalogPlaylist, trackIDs: [String])] = []
    var files: [String: TrackFiles] = [:]
    var artworkPaths: [String: String] = [:]
    var owned: [String: Set<String>] = [:]
    var favouriteTracks: [String: [String]] = [:]
    var favouritePlaylists: [String: [String]] = [:]
    var plays: [String: [String]] = [:]
    var history: [String: [String]] = [:]

    /// One artist, one album of `prices.count` songs ("t1", "t2", ...), one playlist of them all.
    init(prices: [Int], operatorPrice: Int? = nil) {
        artists = [CatalogArtist(id: "ar1", name: "Björk", bio: "From Iceland.")]
        tracks = prices.enumerated().map { index, price in
            CatalogTrack(
                id: "t\(index + 1)", title: "Song \(index + 1)", artistID: "ar1", artistName: "Björk",
                albumID: "al1", albumTitle: "Debut", trackNumber: index + 1, discNumber: 1, durationMs: 200_000,
                genre: "Pop", explicit: false, price: price)
        }
        albums = [
            CatalogAlbum(
                id: "al1", title: "Debut", artistID: "ar1", artistName: "Björk", releaseDate: "1993-07-05",
                year: 1993, genre: "Pop", operatorPrice: operatorPrice, trackCount: prices.count,
                trackPriceSum: prices.reduce(0, +), explicit: false)
        ]
        playlists = [
            (
                CatalogPlaylist(
                    id: "pl1", name: "All of it", description: "", kind: "volume", trackCount: prices.count,
                    coverAlbumID: "al1"), tracks.map(\.id)
            )
        ]
    }

    func own(_ trackIDs: [String], userID: String) { owned[userID, default: []].formUnion(trackIDs) }
    func setFiles(_ files: TrackFiles, for trackID: String) { self.files[trackID] = files }
    func setArtwork(_ path: String, albumID: String) { artworkPaths[albumID] = path }

    // MARK: CatalogReader

    func newReleases(limit: Int) -> [CatalogAlbum] { Array(albums.prefix(limit)) }
    func featuredPlaylists(limit: Int) -> [CatalogPlaylist] { Array(playlists.map(\.playlist).prefix(limit)) }
    func moods() -> [CatalogMood] { [] }
    func artist(id: String) -> CatalogArtist? { artists.first { $0.id == id } }
    func albums(byArtist artistID: String) -> [CatalogAlbum] { albums.filter { $0.artistID == artistID } }
    func otherAlbums(forArtist artistID: String, limit: Int) -> [CatalogAlbum] {
        Array(albums.filter { $0.artistID != artistID }.prefix(limit))
    }
    func topTracks(forArtist artistID: String, limit: Int) -> [CatalogTrack] {
        Array(tracks.filter { $0.artistID == artistID }.prefix(limit))
    }
    func album(id: String) -> CatalogAlbum? { albums.first { $0.id == id } }
    func tracks(inAlbum albumID: String) -> [CatalogTrack] { tracks.filter { $0.albumID == albumID } }
    func playlist(id: String) -> CatalogPlaylist? { playlists.first { $0.playlist.id == id }?.playlist }
    func tracks(inPlaylist playlistID: String) -> [CatalogTrack] {
        tracks(ids: playlists.first { $0.playlist.id == playlistID }?.trackIDs ?? [])
    }
    func trackDetail(id: String) -> CatalogTrackDetail? {
        tracks(ids: [id]).first.map {
            CatalogTrackDetail(track: $0, lyrics: nil, artistBio: nil, releaseDate: nil, waveform: [0.5])
        }
    }
    func tracks(ids: [String]) -> [CatalogTrack] { ids.compactMap { id in tracks.first { $0.id == id } } }
    func albums(ids: [String]) -> [CatalogAlbum] { ids.compactMap { id in albums.first { $0.id == id } } }
    func artists(ids: [String]) -> [CatalogArtist] { ids.compactMap { id in artists.first { $0.id == id } } }
    func playlists(ids: [String]) -> [CatalogPlaylist] { ids.compactMap { playlist(id: $0) } }

    // MARK: CatalogSearch

    func search(_ query: SearchQuery, allowExplicit: Bool, limit: Int, offset: Int) -> SearchHits {
        func matches(_ name: String) -> Bool {
            let words = SearchText.words(name)
            return !query.isEmpty && query.terms.allSatisfy { term in words.contains { $0.hasPrefix(term) } }
        }
        var hits = SearchHits()
        hits.artistIDs = artists.filter { matches($0.name) }.map(\.id)
        hits.albumIDs = albums.filter { matches($0.title) }.map(\.id)
        hits.trackIDs = tracks.filter { matches($0.title) && (allowExplicit || !$0.explicit) }.map(\.id)
        hits.playlistIDs = playlists.map(\.playlist).filter { matches($0.name) }.map(\.id)
        return hits
    }

    func names(_ query: SearchQuery, allowExplicit: Bool, limit: Int) -> [String] {
        let hits = search(query, allowExplicit: allowExplicit, limit: limit, offset: 0)
        let names = artists(ids: hits.artistIDs).map(\.name) + tracks(ids: hits.trackIDs).map(\.title)
        return Array(names.prefix(limit))
    }

    // MARK: DiscoveryStore

    func recordSearch(userID: String, query: SearchQuery, at now: Date) {
        history[userID, default: []].insert(query.text, at: 0)
    }
    func searchHistory(userID: String) -> [String] { history[userID] ?? [] }
    func clearSearchHistory(userID: String) { history[userID] = [] }
    func setFavouriteTrack(userID: String, trackID: String, favourite: Bool, at now: Date) -> Bool {
        guard tracks.contains(where: { $0.id == trackID }) else { return false }
        favouriteTracks[userID, default: []].removeAll { $0 == trackID }
        if favourite { favouriteTracks[userID, default: []].insert(trackID, at: 0) }
        return true
    }
    func setFavouritePlaylist(userID: String, playlistID: String, favourite: Bool, at now: Date) -> Bool {
        guard playlist(id: playlistID) != nil else { return false }
        favouritePlaylists[userID, default: []].removeAll { $0 == playlistID }
        if favourite { favouritePlaylists[userID, default: []].insert(playlistID, at: 0) }
        return true
    }
    func favouriteTrackIDs(userID: String, limit: Int) -> [String] {
        Array((favouriteTracks[userID] ?? []).prefix(limit))
    }
    func favouritePlaylistIDs(userID: String, limit: Int) -> [String] {
        Array((favouritePlaylists[userID] ?? []).prefix(limit))
    }
    func isFavouritePlaylist(userID: String, playlistID: String) -> Bool {
        favouritePlaylists[userID]?.contains(playlistID) ?? false
    }
    func recordPlay(userID: String, trackID: String, at now: Date) -> Bool {
        guard tracks.contains(where: { $0.id == trackID }) else { return false }
        plays[userID, default: []].removeAll { $0 == trackID }
        plays[userID, default: []].insert(trackID, at: 0)
        return true
    }
    func recentlyPlayedIDs(userID: String, limit: Int) -> [String] { Array((plays[userID] ?? []).prefix(limit)) }

    // MARK: LibraryStore and OwnershipStore

    func ownedTracks(userID: String) -> [CatalogTrack] { tracks.filter { owned[userID]?.contains($0.id) ?? false } }
    func owns(userID: String, trackID: String) -> Bool { owned[userID]?.contains(trackID) ?? false }
    func ownedTrackIDs(userID: String, among trackIDs: [String]) -> Set<String> {
        (owned[userID] ?? []).intersection(trackIDs)
    }
    func ownedCount(userID: String) -> Int { owned[userID]?.count ?? 0 }

    // MARK: MediaLookup

    func trackFiles(id: String) -> TrackFiles? { files[id] }
    func artwork(_ subject: ArtworkSubject) -> String?? {
        switch subject {
        case .album(let id): return album(id: id) == nil ? nil : .some(artworkPaths[id])
        case .artist(let id): return artist(id: id) == nil ? nil : .some(nil)
        case .playlist(let id): return playlist(id: id) == nil ? nil : .some(artworkPaths["al1"])
        }
    }
}
