import Foundation
import SoTubeAPI

extension SoTubeClient {
    /// The store's front page: new releases, featured playlists, moods, and for a logged-in user
    /// their favourites and recently played songs.
    public func storeHome() async throws -> StoreHomeDTO {
        try await call(.storeHome)
    }

    /// Every mood with its playlist.
    public func moods() async throws -> [MoodDTO] {
        try await call(.moods, as: MoodListDTO.self).moods
    }

    /// An artist's page: bio, albums, other albums in the same genres, top songs.
    ///
    /// - Throws: ``SoTubeError/notFound`` for an unknown id.
    public func artist(_ id: String) async throws -> ArtistDetailDTO {
        try await call(.artist, id)
    }

    /// An album's page: songs in disc and track order, and what buying it costs the caller now.
    ///
    /// - Throws: ``SoTubeError/notFound`` for an unknown id.
    public func album(_ id: String) async throws -> AlbumDetailDTO {
        try await call(.album, id)
    }

    /// A playlist's page (a featured volume or a mood's playlist).
    ///
    /// - Throws: ``SoTubeError/notFound`` for an unknown id.
    public func playlist(_ id: String) async throws -> PlaylistDetailDTO {
        try await call(.playlist, id)
    }

    /// A song's page: lyrics, artist intro, release date, waveform; `owned` for the caller.
    ///
    /// - Throws: ``SoTubeError/notFound`` for an unknown id.
    public func track(_ id: String) async throws -> TrackDetailDTO {
        try await call(.track, id)
    }

    // MARK: Search

    /// One page of search results over artists, albums, songs and playlists.
    ///
    /// - Parameters:
    ///   - text: what the user typed; a logged-in user's first page is kept in their history.
    ///   - limit: results per kind (1–100; the server's default, 20, when nil).
    ///   - offset: how many results of each kind to skip.
    ///   - explicit: false leaves explicit songs and albums out.
    /// - Throws: ``SoTubeError/validation(field:message:)`` for a limit or offset out of range.
    public func search(_ text: String, limit: Int? = nil, offset: Int? = nil, explicit: Bool? = nil) async throws
        -> SearchResultsDTO
    {
        try await call(
            .search,
            query: [
                "q": text, "limit": limit.map(String.init), "offset": offset.map(String.init),
                "explicit": explicit.map(String.init),
            ])
    }

    /// Every page of the search results for `text`, `pageSize` results per kind at a time, as an
    /// `AsyncSequence` that asks for the next page only when it is iterated.
    ///
    /// ```swift
    /// for try await page in client.searchPages("love", pageSize: 50) {
    ///     songs += page.tracks
    /// }
    /// ```
    public func searchPages(_ text: String, pageSize: Int = 20, explicit: Bool? = nil) -> SearchPages {
        SearchPages(client: self, text: text, pageSize: pageSize, explicit: explicit)
    }

    /// The caller's last search queries, newest first.
    public func searchHistory() async throws -> [String] {
        try await call(.searchHistory, as: SearchHistoryDTO.self).queries
    }

    /// Forgets the caller's search history.
    public func clearSearchHistory() async throws {
        try await perform(
            .clearSearchHistory)
    }

    /// Completions for what the user has typed so far: their matching past queries first, then
    /// names from the catalog.
    public func searchSuggestions(for text: String, explicit: Bool? = nil) async throws -> [String] {
        try await call(
            .searchSuggestions, query: ["q": text, "explicit": explicit.map(String.init)], as: SearchSuggestionsDTO.self
        ).queries
    }
}

/// The pages of one search, fetched one at a time as the sequence is iterated; it ends after the
/// first page on which every kind of result came back shorter than the page size.
public struct SearchPages: AsyncSequence, Sendable {
    /// One page: up to `pageSize` artists, albums, songs and playlists.
    public typealias Element = SearchResultsDTO

    let client: SoTubeClient
    let text: String
    let pageSize: Int
    let explicit: Bool?

    /// An iterator starting at the first page.
    public func makeAsyncIterator() -> Iterator {
        Iterator(pages: self)
    }

    /// Fetches the next page on each call to ``next()``.
    public struct Iterator: AsyncIteratorProtocol {
        let pages: SearchPages
        var offset = 0
        var finished = false

        /// The next page, or nil after the last one.
        public mutating func next() async throws -> SearchResultsDTO? {
            guard !finished else { return nil }
            let page = try await pages.client.search(
                pages.text, limit: pages.pageSize, offset: offset, explicit: pages.explicit)
            offset += pages.pageSize
            let longest = Swift.max(page.artists.count, page.albums.count, page.tracks.count, page.playlists.count)
            finished = longest < pages.pageSize
            if longest == 0 && offset > pages.pageSize { return nil }
            return page
        }
    }
}
