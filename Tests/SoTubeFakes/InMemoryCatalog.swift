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
    /// An album row (`albums`).
    public struct Album: Sendable {
        public var id: String
        public var title: String
        public var artistID: String
        public var releaseDate: String?
        public var year: Int?
        public var genre: String?
        public var operatorPrice: Int?
        /// When it was added: the order among albums of one release date.
        public var addedAt: Int

        public init(
            id: String, title: String, artistID: String, releaseDate: String?, genre: String?,
            operatorPrice: Int? = nil, addedAt: Int = 0
        ) {
            self.id = id
            self.title = title
            self.artistID = artistID
            self.releaseDate = releaseDate
            self.year = releaseDate.flatMap { Int($0.prefix(4)) }
            self.genre = genre
            self.operatorPrice = operatorPrice
            self.addedAt = addedAt
        }
    }

    /// A song row (`tracks`).
    public struct Song: Sendable {
        public var id: String
        public var title: String
        public var artistID: String
        public var albumID: String
        public var trackNumber: Int
        public var discNumber: Int
        public var durationMs: Int
        public var genre: String?
        public var explicit: Bool
        public var price: Int
        public var lyrics: String?
        public var waveform: [Double]
        public var files: TrackFiles

        public init(
            id: String, title: String, artistID: String, albumID: String, trackNumber: Int, discNumber: Int = 1,
            durationMs: Int = 200_000, genre: String? = nil, explicit: Bool = false, price: Int = 10,
            lyrics: String? = nil, waveform: [Double] = [], files: TrackFiles? = nil
        ) {
            self.id = id
            self.title = title
            self.artistID = artistID
            self.albumID = albumID
            self.trackNumber = trackNumber
            self.discNumber = discNumber
            self.durationMs = durationMs
            self.genre = genre
            self.explicit = explicit
            self.price = price
            self.lyrics = lyrics
            self.waveform = waveform
            self.files =
                files
                ?? TrackFiles(
                    mediaPath: "tracks/\(id)/full.mp3", mediaType: "audio/mpeg",
                    previewPath: "tracks/\(id)/preview.mp3", previewType: "audio/mpeg", durationMs: durationMs)
        }
    }

    /// A playlist row with its songs in order (`playlists`, `playlist_tracks`).
    public struct Playlist: Sendable {
        public var id: String
        public var name: String
        public var description: String
        public var kind: String
        public var featured: Bool
        public var position: Int
        public var trackIDs: [String]

        public init(
            id: String, name: String, description: String, kind: String, featured: Bool, position: Int,
            trackIDs: [String]
        ) {
            self.id = id
            self.name = name
            self.description = description
            self.kind = kind
            self.featured = featured
            self.position = position
            self.trackIDs = trackIDs
        }
    }

    /// A mood row (`moods`): a name for one playlist.
    public struct Mood: Sendable {
        public var id: String
        public var name: String
        public var playlistID: String
        public var position: Int

        public init(id: String, name: String, playlistID: String, position: Int) {
            self.id = id
            self.name = name
            self.playlistID = playlistID
            self.position = position
        }
    }

    /// A user's id with the moment it was added (favourites, recently played, search history).
    struct Dated: Sendable {
        var id: String
        var at: Date
        var text = ""
    }

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

    // MARK: CatalogSearch

    /// One searchable entity as the search index holds it: its normalised name and what else finds
    /// it (a song's artist and album, an album's artist, a playlist's description).
    struct Document {
        var id: String
        var display: String
        var name: String
        var context: String
        var explicit: Bool

        init(id: String, display: String, context: [String], explicit: Bool = false) {
            self.id = id
            self.display = display
            self.name = SearchText.normalize(display)
            self.context = context.map(SearchText.normalize).joined(separator: " ")
            self.explicit = explicit
        }
    }

    func documents(_ kind: SearchKind) -> [Document] {
        switch kind {
        case .artist:
            return artistRows.map { Document(id: $0.id, display: $0.name, context: []) }
        case .album:
            return albumRows.compactMap { album($0) }.map {
                Document(id: $0.id, display: $0.title, context: [$0.artistName], explicit: $0.explicit)
            }
        case .track:
            return songs.compactMap { track($0) }.map {
                Document(id: $0.id, display: $0.title, context: [$0.artistName, $0.albumTitle], explicit: $0.explicit)
            }
        case .playlist:
            return playlistRows.map { Document(id: $0.id, display: $0.name, context: [$0.description]) }
        }
    }

    /// The SQL store's tiers (the exact name, a name starting with the query, a name holding every
    /// word, then a match through the context), shorter names first within a tier.
    func ranked(_ kind: SearchKind, _ query: SearchQuery, allowExplicit: Bool) -> [Document] {
        func tier(_ document: Document) -> Int? {
            if document.name == query.key { return 0 }
            if query.matches(normalized: document.name) { return document.name.hasPrefix(query.key) ? 1 : 2 }
            return query.matches(normalized: document.name + " " + document.context) ? 3 : nil
        }
        let found = documents(kind).filter { allowExplicit || !$0.explicit }.compactMap { document in
            tier(document).map { (document, $0) }
        }
        return found.sorted { left, right in
            (left.1, left.0.name.unicodeScalars.count, left.0.explicit ? 1 : 0, left.0.id)
                < (right.1, right.0.name.unicodeScalars.count, right.0.explicit ? 1 : 0, right.0.id)
        }.map(\.0)
    }

    public func search(_ query: SearchQuery, allowExplicit: Bool, limit: Int, offset: Int) -> SearchHits {
        func page(_ kind: SearchKind) -> [String] {
            Array(
                ranked(kind, query, allowExplicit: allowExplicit).dropFirst(max(0, offset)).prefix(max(0, limit)).map(
                    \.id))
        }
        var hits = SearchHits()
        hits.artistIDs = page(.artist)
        hits.albumIDs = page(.album)
        hits.trackIDs = page(.track)
        hits.playlistIDs = page(.playlist)
        return hits
    }

    /// Artist, album and song names that match themselves (not through their context), kinds taken
    /// in turn, each name once.
    public func names(_ query: SearchQuery, allowExplicit: Bool, limit: Int) -> [String] {
        let lists = [SearchKind.artist, .album, .track].map { kind in
            ranked(kind, query, allowExplicit: allowExplicit).filter { query.matches(normalized: $0.name) }
        }
        var seen = Set<String>()
        var names: [String] = []
        var index = 0
        while names.count < limit, lists.contains(where: { index < $0.count }) {
            for list in lists where index < list.count && names.count < limit {
                if seen.insert(list[index].name).inserted { names.append(list[index].display) }
            }
            index += 1
        }
        return names
    }

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
