import Foundation

/// A song as the catalog stores it, with its artist's and album's names.
public struct CatalogTrack: Sendable, Equatable {
    public var id: String
    public var title: String
    public var artistID: String
    public var artistName: String
    public var albumID: String
    public var albumTitle: String
    public var trackNumber: Int
    public var discNumber: Int
    public var durationMs: Int
    public var genre: String?
    public var explicit: Bool
    public var price: Int
    /// On sale: its preview is made (false while the media pipeline prepares it).
    public var ready = true
    /// Its file left the watched music folder: not sold any more (alone or in its album), out of
    /// search; its owners keep it.
    public var withdrawn = false
    /// EBU R128 of the song and of its album, once measured.
    public var loudness: Loudness?
    public var albumLoudness: Loudness?
    /// Name your price: `price` is the minimum and the buyer may pay more (issue 31).
    public var nameYourPrice = false
    /// Its album's store release date: before it, buying is a pre-order and owners hear previews only.
    public var availableAt: Date?

    /// Sold as a pre-order at `now`: its album comes out later.
    public func isPreOrder(at now: Date) -> Bool { availableAt.map { $0 > now } ?? false }

    public init(
        id: String, title: String, artistID: String, artistName: String, albumID: String, albumTitle: String,
        trackNumber: Int, discNumber: Int, durationMs: Int, genre: String?, explicit: Bool, price: Int
    ) {
        self.id = id
        self.title = title
        self.artistID = artistID
        self.artistName = artistName
        self.albumID = albumID
        self.albumTitle = albumTitle
        self.trackNumber = trackNumber
        self.discNumber = discNumber
        self.durationMs = durationMs
        self.genre = genre
        self.explicit = explicit
        self.price = price
    }
}

/// The song page: the track plus its lyrics, its artist's bio and its album's release date.
public struct CatalogTrackDetail: Sendable, Equatable {
    public var track: CatalogTrack
    public var lyrics: String?
    public var artistBio: String?
    public var releaseDate: String?
    public var waveform: [Double]
    public init(track: CatalogTrack, lyrics: String?, artistBio: String?, releaseDate: String?, waveform: [Double]) {
        self.track = track
        self.lyrics = lyrics
        self.artistBio = artistBio
        self.releaseDate = releaseDate
        self.waveform = waveform
    }
}

public struct CatalogArtist: Sendable, Equatable {
    public var id: String
    public var name: String
    public var bio: String?
    public init(id: String, name: String, bio: String?) {
        self.id = id
        self.name = name
        self.bio = bio
    }
}

/// An album with what lists show about its tracks.
public struct CatalogAlbum: Sendable, Equatable {
    public var id: String
    public var title: String
    public var artistID: String
    public var artistName: String
    public var releaseDate: String?
    public var year: Int?
    public var genre: String?
    /// `albums.price`: the bundle price when the operator set one.
    public var operatorPrice: Int?
    /// Its songs on sale (withdrawn songs are not counted).
    public var trackCount: Int
    /// The price of every song of the album, withdrawn ones included (`AlbumPricing` scales by it).
    public var trackPriceSum: Int
    /// The price of its songs on sale.
    public var onSalePriceSum: Int
    public var explicit: Bool
    /// Name your price: `price` is the minimum (issue 31).
    public var nameYourPrice = false
    /// The store release date: before it, buying is a pre-order.
    public var availableAt: Date?

    public func isPreOrder(at now: Date) -> Bool { availableAt.map { $0 > now } ?? false }

    public init(
        id: String, title: String, artistID: String, artistName: String, releaseDate: String?, year: Int?,
        genre: String?, operatorPrice: Int?, trackCount: Int, trackPriceSum: Int, onSalePriceSum: Int? = nil,
        explicit: Bool
    ) {
        self.id = id
        self.title = title
        self.artistID = artistID
        self.artistName = artistName
        self.releaseDate = releaseDate
        self.year = year
        self.genre = genre
        self.operatorPrice = operatorPrice
        self.trackCount = trackCount
        self.trackPriceSum = trackPriceSum
        self.onSalePriceSum = onSalePriceSum ?? trackPriceSum
        self.explicit = explicit
    }

    /// What the album costs someone who owns none of its songs: the price its page shows a new buyer
    /// and the coins that buyer is charged (`SaleRules.albumListPrice`).
    public var price: Int {
        SaleRules.albumListPrice(priceSum: trackPriceSum, onSalePriceSum: onSalePriceSum, operatorPrice: operatorPrice)
    }
}

/// A featured playlist ("volume") or a mood's playlist.
public struct CatalogPlaylist: Sendable, Equatable {
    public var id: String
    public var name: String
    public var description: String
    public var kind: String
    public var trackCount: Int
    /// The album whose artwork stands for the playlist (its first track's), nil when empty.
    public var coverAlbumID: String?
    public init(
        id: String, name: String, description: String, kind: String, trackCount: Int, coverAlbumID: String?
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.kind = kind
        self.trackCount = trackCount
        self.coverAlbumID = coverAlbumID
    }
}

public struct CatalogMood: Sendable, Equatable {
    public var id: String
    public var name: String
    public var playlistID: String
    public var coverAlbumID: String?
    public init(id: String, name: String, playlistID: String, coverAlbumID: String?) {
        self.id = id
        self.name = name
        self.playlistID = playlistID
        self.coverAlbumID = coverAlbumID
    }
}

/// Ranked search hits: entity ids per kind, best first.
public struct SearchHits: Sendable, Equatable {
    public var artistIDs: [String] = []
    public var albumIDs: [String] = []
    public var trackIDs: [String] = []
    public var playlistIDs: [String] = []
    public init() {}

    /// Nothing of any kind was found.
    public var isEmpty: Bool { artistIDs.isEmpty && albumIDs.isEmpty && trackIDs.isEmpty && playlistIDs.isEmpty }
}

/// What can be searched.
public enum SearchKind: String, Sendable, CaseIterable {
    case artist, album, track, playlist
}
