import SoTubeCore

/// The catalog reader with its read-mostly answers (home lists, pages by id) kept in a
/// `CatalogCache`; answers that depend on sales (`topTracks`) or on a caller's own list of ids are
/// read from the store each time.
struct CachedCatalogReader: CatalogReader {
    let store: any CatalogReader
    let cache: CatalogCache

    func newReleases(limit: Int) async throws -> [CatalogAlbum] {
        try await cache.value("newReleases:\(limit)") { try await store.newReleases(limit: limit) }
    }
    func featuredPlaylists(limit: Int) async throws -> [CatalogPlaylist] {
        try await cache.value("featured:\(limit)") { try await store.featuredPlaylists(limit: limit) }
    }
    func moods() async throws -> [CatalogMood] {
        try await cache.value("moods") { try await store.moods() }
    }
    func artist(id: String) async throws -> CatalogArtist? {
        try await cache.value("artist:\(id)") { try await store.artist(id: id) }
    }
    func albums(byArtist artistID: String) async throws -> [CatalogAlbum] {
        try await cache.value("albumsBy:\(artistID)") { try await store.albums(byArtist: artistID) }
    }
    func otherAlbums(forArtist artistID: String, limit: Int) async throws -> [CatalogAlbum] {
        try await cache.value("otherAlbums:\(artistID):\(limit)") {
            try await store.otherAlbums(forArtist: artistID, limit: limit)
        }
    }
    func topTracks(forArtist artistID: String, limit: Int) async throws -> [CatalogTrack] {
        try await store.topTracks(forArtist: artistID, limit: limit)
    }
    func album(id: String) async throws -> CatalogAlbum? {
        try await cache.value("album:\(id)") { try await store.album(id: id) }
    }
    func tracks(inAlbum albumID: String) async throws -> [CatalogTrack] {
        try await cache.value("albumTracks:\(albumID)") { try await store.tracks(inAlbum: albumID) }
    }
    func playlist(id: String) async throws -> CatalogPlaylist? {
        try await cache.value("playlist:\(id)") { try await store.playlist(id: id) }
    }
    func tracks(inPlaylist playlistID: String) async throws -> [CatalogTrack] {
        try await cache.value("playlistTracks:\(playlistID)") { try await store.tracks(inPlaylist: playlistID) }
    }
    func trackDetail(id: String) async throws -> CatalogTrackDetail? {
        try await cache.value("track:\(id)") { try await store.trackDetail(id: id) }
    }
    func tracks(ids: [String]) async throws -> [CatalogTrack] { try await store.tracks(ids: ids) }
    func albums(ids: [String]) async throws -> [CatalogAlbum] { try await store.albums(ids: ids) }
    func artists(ids: [String]) async throws -> [CatalogArtist] { try await store.artists(ids: ids) }
    func playlists(ids: [String]) async throws -> [CatalogPlaylist] { try await store.playlists(ids: ids) }
}

/// Which file serves what, kept in the same `CatalogCache` (paths change only with the catalog).
struct CachedMediaLookup: MediaLookup {
    let store: any MediaLookup
    let cache: CatalogCache

    func trackFiles(id: String) async throws -> TrackFiles? {
        try await cache.value("files:\(id)") { try await store.trackFiles(id: id) }
    }
    func artwork(_ subject: ArtworkSubject) async throws -> String?? {
        try await cache.value("artwork:\(subject)") { try await store.artwork(subject) }
    }
}
