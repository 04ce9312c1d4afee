import Hummingbird
import SoTubeAPI
import SoTubeCore

/// One search over artists, albums, songs and playlists; history and suggestions (SPEC C2, C3).
struct SearchController {
    let search: any CatalogSearch
    let catalog: any CatalogReader
    let discovery: any DiscoveryStore
    let presenter: TrackPresenter
    let clock: any SoTubeClock
    static let suggestionCount = 8

    func register(on routes: RouteRegistrar) {
        routes.on(.search) { request, context in try await results(request, context) }
        routes.on(.searchHistory) { _, context in
            let identity = try context.requireIdentity()
            let queries = try await discovery.searchHistory(userID: identity.user.id)
            return try jsonResponse(SearchHistoryDTO(queries: queries))
        }
        routes.on(.clearSearchHistory) { _, context in
            let identity = try context.requireIdentity()
            try await discovery.clearSearchHistory(userID: identity.user.id)
            return Response(status: .noContent)
        }
        routes.on(.searchSuggestions) { request, context in try await suggestions(request, context) }
    }

    func results(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let parameters = QueryParameters(request: request)
        guard let text = parameters.string("q") else {
            throw Problem(.unprocessableContent, "The parameter 'q' is required.", field: "q")
        }
        let limit = try parameters.int("limit", in: 1...100, default: 20)
        let offset = try parameters.int("offset", in: 0...10_000, default: 0)
        let allowExplicit = try parameters.bool("explicit", default: true)
        let query = SearchQuery(text)
        let userID = context.identity?.user.id
        var hits = try await search.search(query, allowExplicit: allowExplicit, limit: limit, offset: offset)
        // Nothing found: a mistyped word is corrected and the corrected query searched instead.
        var corrected: SearchQuery?
        if hits.isEmpty, !query.isEmpty,
            let better = try await Spelling.correct(
                query,
                isKnown: { term in
                    try await !search.search(SearchQuery(term), allowExplicit: true, limit: 1, offset: 0).isEmpty
                },
                candidates: { try await search.spellingCandidates(for: $0) })
        {
            corrected = better
            hits = try await search.search(better, allowExplicit: allowExplicit, limit: limit, offset: offset)
        }
        // The four kinds' rows are read at the same time (each from its own reader connection).
        async let artists = catalog.artists(ids: hits.artistIDs)
        async let albums = catalog.albums(ids: hits.albumIDs)
        async let tracks = catalog.tracks(ids: hits.trackIDs)
        async let playlists = catalog.playlists(ids: hits.playlistIDs)
        let results = SearchResultsDTO(
            query: query.text, correctedQuery: hits.isEmpty ? nil : corrected?.text,
            artists: try await artists.map(ArtistSummaryDTO.init),
            albums: try await albums.map(AlbumSummaryDTO.init),
            tracks: try await presenter.present(tracks, for: userID),
            playlists: try await playlists.map(PlaylistSummaryDTO.init))
        if let userID, !query.isEmpty, offset == 0 {
            try await discovery.recordSearch(userID: userID, query: query, at: clock.now())
        }
        return try jsonResponse(results)
    }

    /// The caller's matching past queries first, then names from the catalog.
    func suggestions(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let parameters = QueryParameters(request: request)
        let query = SearchQuery(parameters.string("q") ?? "")
        let allowExplicit = try parameters.bool("explicit", default: true)
        var seen = Set<String>()
        var suggestions: [String] = []
        func add(_ text: String) {
            guard suggestions.count < Self.suggestionCount else { return }
            if seen.insert(SearchText.normalize(text)).inserted { suggestions.append(text) }
        }
        if let userID = context.identity?.user.id {
            for past in try await discovery.searchHistory(userID: userID) {
                let key = SearchText.normalize(past)
                if query.isEmpty || key.hasPrefix(query.key) || key.contains(" " + query.key) { add(past) }
            }
        }
        if !query.isEmpty {
            for name in try await search.names(query, allowExplicit: allowExplicit, limit: Self.suggestionCount) {
                add(name)
            }
        }
        return try jsonResponse(SearchSuggestionsDTO(queries: suggestions))
    }
}
