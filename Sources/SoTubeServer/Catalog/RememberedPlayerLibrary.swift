import Foundation
import NIOConcurrencyHelpers
import SoTubeCore

/// The purchased library for players, with each user's whole owned lists (albums by name, by
/// artist, newest first; artists; songs in library order and by title) kept in the `CatalogCache`:
/// a page or a search is found in memory instead of grouping the user's whole library in the
/// database on every request. A kept list is the user's while the catalog and the number of songs
/// the user owns are unchanged (ownership only grows, so a purchase by any process shows at once).
/// Play counts and stars change between purchases, so the albums and songs of the page are read
/// afresh by id; artists carry neither. Any other filter goes to the store.
struct RememberedPlayerLibrary: PlayerLibrary {
    let store: any PlayerLibrary
    let ownership: any OwnershipStore
    let cache: CatalogCache
    /// No list is longer.
    static let all = Int(Int32.max)
    /// Libraries larger than this are not kept in memory (each request goes to the store).
    static let maxKeptSongs = 50_000

    func songs(userID: String, _ filter: PlayerSongFilter, offset: Int, limit: Int) async throws -> [PlayerSong] {
        var page: ArraySlice<PlayerSong>?
        switch filter {
        case .all:
            page = try await keptSongs(userID, .all)?.page(offset, limit)
        case .byTitle:
            page = try await keptSongs(userID, .byTitle)?.page(offset, limit)
        case .matching(let search):
            // A search answers in title order.
            page = try await keptSongs(userID, .byTitle)?.page(offset, limit, matching: search)
        default: break
        }
        guard let page else { return try await store.songs(userID: userID, filter, offset: offset, limit: limit) }
        guard !page.isEmpty else { return [] }
        return try await store.songs(userID: userID, .ids(page.map(\.track.id)), offset: 0, limit: page.count)
    }

    func albums(userID: String, _ filter: PlayerAlbumFilter, offset: Int, limit: Int) async throws -> [PlayerAlbum] {
        var page: ArraySlice<PlayerAlbum>?
        switch filter {
        case .alphabeticalByName, .alphabeticalByArtist, .newest:
            page = try await keptAlbums(userID, filter)?.page(offset, limit)
        case .matching(let search):
            // A search answers by title, then id: the order of `alphabeticalByName`.
            page = try await keptAlbums(userID, .alphabeticalByName)?.page(offset, limit, matching: search)
        default: break
        }
        guard let page else { return try await store.albums(userID: userID, filter, offset: offset, limit: limit) }
        guard !page.isEmpty else { return [] }
        return try await store.albums(userID: userID, .ids(page.map(\.id)), offset: 0, limit: page.count)
    }

    func artists(userID: String, _ filter: PlayerArtistFilter, offset: Int, limit: Int) async throws
        -> [PlayerArtist]
    {
        switch filter {
        case .all:
            if let list = try await keptArtists(userID) { return Array(list.page(offset, limit)) }
        case .matching(let search):
            if let list = try await keptArtists(userID) { return Array(list.page(offset, limit, matching: search)) }
        case .ids: break
        }
        return try await store.artists(userID: userID, filter, offset: offset, limit: limit)
    }

    func genres(userID: String) async throws -> [PlayerGenre] { try await store.genres(userID: userID) }

    // MARK: Kept lists

    private func keptAlbums(_ userID: String, _ filter: PlayerAlbumFilter) async throws -> OwnedList<PlayerAlbum>? {
        try await kept(userID, "albums:\(filter)") { album in
            [album.title, album.artistName]
        } load: {
            try await store.albums(userID: userID, filter, offset: 0, limit: Self.all)
        }
    }

    private func keptArtists(_ userID: String) async throws -> OwnedList<PlayerArtist>? {
        try await kept(userID, "artists") { artist in
            [artist.name]
        } load: {
            try await store.artists(userID: userID, .all, offset: 0, limit: Self.all)
        }
    }

    private func keptSongs(_ userID: String, _ filter: PlayerSongFilter) async throws -> OwnedList<PlayerSong>? {
        try await kept(userID, "songs:\(filter)") { song in
            // Search drops withdrawn songs (they have no place in the search index).
            song.track.withdrawn ? [] : [song.track.title, song.track.artistName, song.track.albumTitle]
        } load: {
            try await store.songs(userID: userID, filter, offset: 0, limit: Self.all)
        }
    }

    /// The list kept under `name` for the user's current number of owned songs, else `load()`'s;
    /// nil for a library too large to keep.
    private func kept<Item: Sendable>(
        _ userID: String, _ name: String, _ text: @escaping @Sendable (Item) -> [String],
        load: @escaping @Sendable () async throws -> [Item]
    ) async throws -> OwnedList<Item>? {
        let owned = try await ownedCount(userID)
        guard owned <= Self.maxKeptSongs else { return nil }
        return try await cache.value("player:\(userID):\(owned):\(name)") {
            OwnedList(try await load(), text: text)
        }
    }
}

extension RememberedPlayerLibrary {
    /// The number of songs each user owns, read once per `/rest` call (a search asks for artists,
    /// albums and songs; they are then of one and the same library).
    final class OwnedCounts: Sendable {
        let counts = NIOLockedValueBox([String: Int]())
    }

    @TaskLocal static var ownedCounts: OwnedCounts?

    private func ownedCount(_ userID: String) async throws -> Int {
        if let known = Self.ownedCounts?.counts.withLockedValue({ $0[userID] }) { return known }
        let owned = try await ownership.ownedCount(userID: userID)
        Self.ownedCounts?.counts.withLockedValue { $0[userID] = owned }
        return owned
    }
}

/// A user's owned items in one order, with the text a search looks in: their fields normalised as
/// the search index holds them (`SearchText`).
struct OwnedList<Item: Sendable>: Sendable {
    let items: [Item]
    /// Per item, a space, then the normalised words of its fields apart by single spaces.
    private let text: [[UInt8]]

    init(_ items: [Item], text: (Item) -> [String]) {
        self.items = items
        self.text = items.map { item in
            let words = text(item).map(SearchText.normalize).filter { !$0.isEmpty }
            return Array((" " + words.joined(separator: " ")).utf8)
        }
    }

    /// The page of the items the web's search rule finds (`SearchQuery.matches`: every term starts
    /// a word of one of the fields), in this list's order (only the page is copied); nothing for a
    /// query without words.
    func page(_ offset: Int, _ limit: Int, matching search: SearchQuery) -> ArraySlice<Item> {
        let needles = search.terms.map { Array((" " + $0).utf8) }
        guard !needles.isEmpty else { return [] }
        var page: [Item] = []
        var skipped = 0
        for (index, haystack) in text.enumerated() {
            guard page.count < limit else { break }
            guard needles.allSatisfy({ Self.contains(haystack, $0) }) else { continue }
            if skipped < offset {
                skipped += 1
            } else {
                page.append(items[index])
            }
        }
        return page[...]
    }

    func page(_ offset: Int, _ limit: Int) -> ArraySlice<Item> {
        let start = min(max(offset, 0), items.count)
        return items[start..<min(start + max(limit, 0), items.count)]
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        guard haystack.count >= needle.count else { return false }
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first {
                var matched = 1
                while matched < needle.count && haystack[index + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return true }
            }
            index += 1
        }
        return false
    }
}
