import Foundation

/// An operator's change to a song: only the fields given change.
public struct TrackEdit: Sendable, Equatable {
    public var title: String?
    public var genre: String?
    public var explicit: Bool?
    public var lyrics: String?
    public var price: Int?
    public var withdrawn: Bool?

    public init(
        title: String? = nil, genre: String? = nil, explicit: Bool? = nil, lyrics: String? = nil, price: Int? = nil,
        withdrawn: Bool? = nil
    ) {
        self.title = title
        self.genre = genre
        self.explicit = explicit
        self.lyrics = lyrics
        self.price = price
        self.withdrawn = withdrawn
    }

    public var isEmpty: Bool {
        title == nil && genre == nil && explicit == nil && lyrics == nil && price == nil && withdrawn == nil
    }

    /// The edit with each field checked and trimmed; throws invalid naming the first bad field.
    public func validated() throws -> TrackEdit {
        guard !isEmpty else {
            throw DomainError.invalid(
                field: "title", reason: "Change at least one of title, genre, explicit, lyrics, price, withdrawn.")
        }
        var edit = self
        if let title { edit.title = try OperatorRules.validateName(title, field: "title") }
        if let genre {
            // An empty genre clears it.
            let trimmed = genre.trimmingCharacters(in: .whitespacesAndNewlines)
            edit.genre = trimmed.isEmpty ? "" : try OperatorRules.validateName(trimmed, field: "genre", limit: 60)
        }
        if let lyrics { edit.lyrics = try OperatorRules.validateLyrics(lyrics) }
        if let price { try OperatorRules.validateTrackPrice(price) }
        return edit
    }
}

/// A song as the console lists it: what an operator edits, and its album's prices.
public struct AdminTrack: Sendable, Equatable {
    public var id: String
    public var title: String
    public var artist: String
    public var artistID: String
    public var album: String
    public var albumID: String
    public var genre: String?
    public var explicit: Bool
    public var lyrics: String?
    public var price: Int
    public var withdrawn: Bool
    public var ready: Bool
    /// The album's own price set by an operator, nil when it is derived from its songs.
    public var albumOperatorPrice: Int?
    /// What the album would cost derived from its songs on sale (`AlbumPricing`).
    public var albumDerivedPrice: Int

    public init(
        id: String, title: String, artist: String, artistID: String, album: String, albumID: String, genre: String?,
        explicit: Bool, lyrics: String?, price: Int, withdrawn: Bool, ready: Bool, albumOperatorPrice: Int?,
        albumDerivedPrice: Int
    ) {
        self.id = id
        self.title = title
        self.artist = artist
        self.artistID = artistID
        self.album = album
        self.albumID = albumID
        self.genre = genre
        self.explicit = explicit
        self.lyrics = lyrics
        self.price = price
        self.withdrawn = withdrawn
        self.ready = ready
        self.albumOperatorPrice = albumOperatorPrice
        self.albumDerivedPrice = albumDerivedPrice
    }

    /// The album's price now: the operator's, else the derived one.
    public var albumPrice: Int { albumOperatorPrice ?? albumDerivedPrice }
}
