/// How My Music is sorted (SPEC L2). Comparisons use the search normal form, so "Émile" sorts
/// with "emile" and case never matters.
public enum LibrarySongSort: String, Sendable, CaseIterable {
    /// Artist › album › disc › track number.
    case `default`
    case name
}

public enum LibraryAlbumSort: String, Sendable, CaseIterable {
    /// By artist, then year, then title.
    case artist
    case name
}

public enum LibraryOrder {
    /// Songs in the chosen order.
    public static func songs(_ tracks: [CatalogTrack], by sort: LibrarySongSort) -> [CatalogTrack] {
        let keyed = tracks.map {
            (track: $0, artist: key($0.artistName), album: key($0.albumTitle), title: key($0.title))
        }
        let sorted: [(track: CatalogTrack, artist: String, album: String, title: String)]
        switch sort {
        case .default:
            sorted = keyed.sorted {
                if ($0.artist, $0.track.artistID, $0.album, $0.track.albumID)
                    != ($1.artist, $1.track.artistID, $1.album, $1.track.albumID)
                {
                    return ($0.artist, $0.track.artistID, $0.album, $0.track.albumID)
                        < ($1.artist, $1.track.artistID, $1.album, $1.track.albumID)
                }
                return ($0.track.discNumber, $0.track.trackNumber, $0.track.id)
                    < ($1.track.discNumber, $1.track.trackNumber, $1.track.id)
            }
        case .name:
            sorted = keyed.sorted { ($0.title, $0.artist, $0.track.id) < ($1.title, $1.artist, $1.track.id) }
        }
        return sorted.map(\.track)
    }

    /// Albums in the chosen order.
    public static func albums(_ albums: [CatalogAlbum], by sort: LibraryAlbumSort) -> [CatalogAlbum] {
        let keyed = albums.map { (album: $0, artist: key($0.artistName), title: key($0.title)) }
        switch sort {
        case .artist:
            return keyed.sorted {
                ($0.artist, $0.album.artistID, $0.album.year ?? 0, $0.title, $0.album.id)
                    < ($1.artist, $1.album.artistID, $1.album.year ?? 0, $1.title, $1.album.id)
            }.map(\.album)
        case .name:
            return keyed.sorted { ($0.title, $0.artist, $0.album.id) < ($1.title, $1.artist, $1.album.id) }
                .map(\.album)
        }
    }

    /// Artists by name.
    public static func artists(_ artists: [CatalogArtist]) -> [CatalogArtist] {
        artists.map { (artist: $0, name: key($0.name)) }.sorted { ($0.name, $0.artist.id) < ($1.name, $1.artist.id) }
            .map(\.artist)
    }

    static func key(_ text: String) -> String { SearchText.normalize(text) }
}
