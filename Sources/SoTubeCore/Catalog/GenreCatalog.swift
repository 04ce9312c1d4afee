/// A genre to browse (SPEC C1): its name as most of its albums spell it, how many albums on sale have
/// it, and an album whose cover stands for it.
public struct CatalogGenre: Sendable, Equatable {
    public var name: String
    public var albumCount: Int
    public var coverAlbumID: String?
    public init(name: String, albumCount: Int, coverAlbumID: String?) {
        self.name = name
        self.albumCount = albumCount
        self.coverAlbumID = coverAlbumID
    }
}

/// Browsing by genre: the genres with albums on sale (most albums first), and a genre's albums
/// (newest first). Genres are matched case- and space-insensitively ("ambient " is "Ambient").
public protocol GenreCatalog: Sendable {
    func genres(limit: Int) async throws -> [CatalogGenre]
    func albums(inGenre genre: String, limit: Int, offset: Int) async throws -> [CatalogAlbum]
}
