import Foundation
import SoTubeCore

/// The catalog, discovery, library, ownership and media lookups in memory: what the catalog-side
/// controllers are tested against without SQL. It holds rows as the SQL schema does (an album's song
/// count, price sum and explicit flag are derived from its songs on every read) and runs the store
/// contract suite (`CatalogStoreContractTests`, `SearchStoreContractTests`) beside the SQL stores. Search
/// scans every name (no index); artwork has no artist pictures.
public actor InMemoryCatalog: CatalogReader, CatalogSearch, DiscoveryStore, LibraryStore, OwnershipStore,
    MediaLookup
{
    /// How many past queries and recently played songs are kept, as in the SQL store.
    public static let historySize = 5
    public static let recentSize = 50

    var artistRows: [CatalogArtist]
    var albumRows: [Album]
    var songs: [Song]
    var playlistRows: [Playlist]
    var moodRows: [Mood]
    var artworkPaths: [String: String] = [:]
    var owned: [String: Set<String>] = [:]
    var favouriteTracks: [String: [Dated]] = [:]
    var favouritePlaylists: [String: [Dated]] = [:]
    var plays: [String: [Dated]] = [:]
    var history: [String: [Dated]] = [:]

    public init(
        artists: [CatalogArtist], albums: [Album], songs: [Song], playlists: [Playlist] = [], moods: [Mood] = []
    ) {
        self.artistRows = artists
        self.albumRows = albums
        self.songs = songs
        self.playlistRows = playlists
        self.moodRows = moods
    }

    /// One artist, one album of `prices.count` songs ("t1", "t2", ...), one featured playlist of them all.
    public init(prices: [Int], operatorPrice: Int? = nil) {
        let ids = prices.indices.map { "t\($0 + 1)" }
        self.init(
            artists: [CatalogArtist(id: "ar1", name: "Björk", bio: "From Iceland.")],
            albums: [
                Album(
                    id: "al1", title: "Debut", artistID: "ar1", releaseDate: "1993-07-05", genre: "Pop",
                    operatorPrice: operatorPrice)
            ],
            songs: prices.enumerated().map { index, price in
                Song(
                    id: ids[index], title: "Song \(index + 1)", artistID: "ar1", albumID: "al1",
                    trackNumber: index + 1, genre: "Pop", price: price, waveform: [0.5])
            },
            playlists: [
                Playlist(
                    id: "pl1", name: "All of it", description: "", kind: "volume", featured: true, position: 1,
                    trackIDs: ids)
            ])
    }

    public func own(_ trackIDs: [String], userID: String) { owned[userID, default: []].formUnion(trackIDs) }
    public func setFiles(_ files: TrackFiles, for trackID: String) {
        guard let index = songs.firstIndex(where: { $0.id == trackID }) else { return }
        songs[index].files = files
    }
    public func setArtwork(_ path: String, albumID: String) { artworkPaths[albumID] = path }

    // MARK: Rows as the catalog shows them

    func track(_ song: Song) -> CatalogTrack? {
        guard let artist = artistRows.first(where: { $0.id == song.artistID }),
            let album = albumRows.first(where: { $0.id == song.albumID })
        else { return nil }
        return CatalogTrack(
            id: song.id, title: song.title, artistID: song.artistID, artistName: artist.name, albumID: album.id,
            albumTitle: album.title, trackNumber: song.trackNumber, discNumber: song.discNumber,
            durationMs: song.durationMs, genre: song.genre, explicit: song.explicit, price: song.price)
    }

    func album(_ row: Album) -> CatalogAlbum? {
        guard let artist = artistRows.first(where: { $0.id == row.artistID }) else { return nil }
        let its = songs.filter { $0.albumID == row.id }
        return CatalogAlbum(
            id: row.id, title: row.title, artistID: row.artistID, artistName: artist.name,
            releaseDate: row.releaseDate, year: row.year, genre: row.genre, operatorPrice: row.operatorPrice,
            trackCount: its.count, trackPriceSum: its.map(\.price).reduce(0, +),
            explicit: its.contains(where: \.explicit))
    }

    func playlist(_ row: Playlist) -> CatalogPlaylist {
        CatalogPlaylist(
            id: row.id, name: row.name, description: row.description, kind: row.kind,
            trackCount: row.trackIDs.count, coverAlbumID: coverAlbumID(row))
    }

    /// The album of the playlist's first song.
    func coverAlbumID(_ row: Playlist) -> String? {
        row.trackIDs.first.flatMap { id in songs.first { $0.id == id }?.albumID }
    }

    /// Newest release first; albums without a date last.
    static func newerFirst(_ left: Album, _ right: Album) -> Bool? {
        guard left.releaseDate != right.releaseDate else { return nil }
        return (left.releaseDate ?? "") > (right.releaseDate ?? "")
    }

    // MARK: CatalogReader

    public func newReleases(limit: Int) -> [CatalogAlbum] {
        let sorted = albumRows.sorted {
            Self.newerFirst($0, $1) ?? ($0.addedAt != $1.addedAt ? $0.addedAt > $1.addedAt : $0.id < $1.id)
        }
        return Array(sorted.compactMap { album($0) }.prefix(max(0, limit)))
    }
    public func featuredPlaylists(limit: Int) -> [CatalogPlaylist] {
        let featured = playlistRows.filter(\.featured).sorted {
            ($0.position, $0.name, $0.id) < ($1.position, $1.name, $1.id)
        }
        return Array(featured.map { playlist($0) }.prefix(max(0, limit)))
    }
    public func moods() -> [CatalogMood] {
        moodRows.sorted { ($0.position, $0.name) < ($1.position, $1.name) }.map { mood in
            CatalogMood(
                id: mood.id, name: mood.name, playlistID: mood.playlistID,
                coverAlbumID: playlistRows.first { $0.id == mood.playlistID }.flatMap { coverAlbumID($0) })
        }
    }
    public func artist(id: String) -> CatalogArtist? { artistRows.first { $0.id == id } }
    public func albums(byArtist artistID: String) -> [CatalogAlbum] {
        albumRows.filter { $0.artistID == artistID }
            .sorted { left, right in
                if let newer = Self.newerFirst(left, right) { return newer }
                if left.year != right.year { return (left.year ?? 0) > (right.year ?? 0) }
                return (left.title, left.id) < (right.title, right.id)
            }
            .compactMap { album($0) }
    }
    public func otherAlbums(forArtist artistID: String, limit: Int) -> [CatalogAlbum] {
        let genres = Set(albumRows.filter { $0.artistID == artistID }.compactMap(\.genre))
        let others = albumRows.filter { $0.artistID != artistID && $0.genre.map(genres.contains) == true }
            .sorted { Self.newerFirst($0, $1) ?? ($0.id < $1.id) }
        return Array(others.compactMap { album($0) }.prefix(max(0, limit)))
    }
    public func topTracks(forArtist artistID: String, limit: Int) -> [CatalogTrack] {
        func owners(_ id: String) -> Int { owned.values.filter { $0.contains(id) }.count }
        func released(_ song: Song) -> String { albumRows.first { $0.id == song.albumID }?.releaseDate ?? "" }
        let sorted = songs.filter { $0.artistID == artistID }.sorted { left, right in
            let (a, b) = (owners(left.id), owners(right.id))
            if a != b { return a > b }
            if released(left) != released(right) { return released(left) > released(right) }
            return (left.discNumber, left.trackNumber, left.id) < (right.discNumber, right.trackNumber, right.id)
        }
        return Array(sorted.compactMap { track($0) }.prefix(max(0, limit)))
    }
    public func album(id: String) -> CatalogAlbum? { albumRows.first { $0.id == id }.flatMap { album($0) } }
    public func tracks(inAlbum albumID: String) -> [CatalogTrack] {
        songs.filter { $0.albumID == albumID }
            .sorted {
                ($0.discNumber, $0.trackNumber, $0.title, $0.id) < ($1.discNumber, $1.trackNumber, $1.title, $1.id)
            }
            .compactMap { track($0) }
    }
    public func playlist(id: String) -> CatalogPlaylist? { playlistRows.first { $0.id == id }.map { playlist($0) } }
    public func tracks(inPlaylist playlistID: String) -> [CatalogTrack] {
        tracks(ids: playlistRows.first { $0.id == playlistID }?.trackIDs ?? [])
    }
    public func trackDetail(id: String) -> CatalogTrackDetail? {
        guard let song = songs.first(where: { $0.id == id }), let track = track(song) else { return nil }
        return CatalogTrackDetail(
            track: track, lyrics: song.lyrics, artistBio: artist(id: song.artistID)?.bio,
            releaseDate: albumRows.first { $0.id == song.albumID }?.releaseDate, waveform: song.waveform)
    }
    public func tracks(ids: [String]) -> [CatalogTrack] {
        ids.compactMap { id in songs.first { $0.id == id }.flatMap { track($0) } }
    }
    public func albums(ids: [String]) -> [CatalogAlbum] {
        ids.compactMap { id in albumRows.first { $0.id == id }.flatMap { album($0) } }
    }
    public func artists(ids: [String]) -> [CatalogArtist] { ids.compactMap { artist(id: $0) } }
    public func playlists(ids: [String]) -> [CatalogPlaylist] { ids.compactMap { playlist(id: $0) } }
}
