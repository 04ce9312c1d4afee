/// Reads the store's catalog: what the store pages, the song page and search results show.
/// Implemented on SQL by `SQLCatalogReader`; every list is in the catalog's display order.
public protocol CatalogReader: Sendable {
    /// The newest albums, newest first.
    func newReleases(limit: Int) async throws -> [CatalogAlbum]
    /// Featured volumes in the operator's order.
    func featuredPlaylists(limit: Int) async throws -> [CatalogPlaylist]
    func moods() async throws -> [CatalogMood]
    func artist(id: String) async throws -> CatalogArtist?
    func albums(byArtist artistID: String) async throws -> [CatalogAlbum]
    /// Albums of other artists to show on an artist's page.
    func otherAlbums(forArtist artistID: String, limit: Int) async throws -> [CatalogAlbum]
    func topTracks(forArtist artistID: String, limit: Int) async throws -> [CatalogTrack]
    func album(id: String) async throws -> CatalogAlbum?
    /// The album's songs by disc and track number.
    func tracks(inAlbum albumID: String) async throws -> [CatalogTrack]
    func playlist(id: String) async throws -> CatalogPlaylist?
    func tracks(inPlaylist playlistID: String) async throws -> [CatalogTrack]
    func trackDetail(id: String) async throws -> CatalogTrackDetail?
    /// The songs with these ids, in the order of `ids` (unknown ids are left out).
    func tracks(ids: [String]) async throws -> [CatalogTrack]
    func albums(ids: [String]) async throws -> [CatalogAlbum]
    func artists(ids: [String]) async throws -> [CatalogArtist]
    func playlists(ids: [String]) async throws -> [CatalogPlaylist]
}

/// Full-text search over the catalog (SPEC C2): ranked ids per kind.
public protocol CatalogSearch: Sendable {
    /// Ids of the best matches per kind, `offset`/`limit` applied to each kind's ranking.
    func search(_ query: SearchQuery, allowExplicit: Bool, limit: Int, offset: Int) async throws -> SearchHits
    /// Names of catalog entities matching `query`, best first (suggestions while typing).
    func names(_ query: SearchQuery, allowExplicit: Bool, limit: Int) async throws -> [String]
    /// The catalog's words that could be `term` mistyped (same first character, long enough), most
    /// used first (`Spelling` chooses among them).
    func spellingCandidates(for term: String) async throws -> [Spelling.Word]
}

extension CatalogSearch {
    public func spellingCandidates(for term: String) async throws -> [Spelling.Word] { [] }
}
