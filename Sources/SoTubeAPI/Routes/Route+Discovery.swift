// Search, favourites and recently played (SPEC C4, C5, L4).
extension Route {
    public static let search = Route(
        .get, "/api/v1/search",
        "Search artists, albums, songs and playlists (prefix, case- and diacritic-insensitive)", tag: "search",
        responses: [
            200: ("Ranked results per kind", "SearchResults"),
            422: ("Missing q, or bad limit, offset or explicit", nil),
        ],
        query: [
            "q": "What to look for (required); every word matches as a prefix",
            "limit": "Results per kind, 1–100 (default 20)", "offset": "Skip this many per kind (0–10000)",
            "explicit": "false hides explicit songs and albums (default true)",
        ], web: "search")
    public static let searchHistory = Route(
        .get, "/api/v1/search/history", "The caller's last 5 search queries, newest first", tag: "search",
        access: .user,
        responses: [200: ("Queries", "SearchHistory"), 401: ("Not logged in", nil)], web: "searchHistory")
    public static let clearSearchHistory = Route(
        .delete, "/api/v1/search/history", "Forget the caller's search history", tag: "search", access: .user,
        responses: [204: ("Forgotten", nil), 401: ("Not logged in", nil)], web: "searchHistory")
    public static let searchSuggestions = Route(
        .get, "/api/v1/search/suggestions", "Suggestions while typing: matching past queries, then catalog names",
        tag: "search",
        responses: [200: ("Suggestions", "SearchSuggestions"), 422: ("Bad explicit", nil)],
        query: ["q": "What has been typed so far", "explicit": "false leaves out explicit names"],
        web: "searchSuggestions")
    public static let favourites = Route(
        .get, "/api/v1/me/favourites", "The caller's favourite songs and volumes", tag: "discovery", access: .user,
        responses: [200: ("Favourites", "Favourites"), 401: ("Not logged in", nil)], web: "favourites")
    public static let markFavouriteTrack = Route(
        .put, "/api/v1/me/favourites/tracks/{id}", "Mark a song as a favourite (idempotent)", tag: "discovery",
        access: .user,
        responses: [204: ("Marked", nil), 401: ("Not logged in", nil), 404: ("No such song", nil)],
        web: "favouriteTrack")
    public static let unmarkFavouriteTrack = Route(
        .delete, "/api/v1/me/favourites/tracks/{id}", "Unmark a favourite song (idempotent)", tag: "discovery",
        access: .user,
        responses: [204: ("Unmarked", nil), 401: ("Not logged in", nil), 404: ("No such song", nil)],
        web: "favouriteTrack")
    public static let markFavouritePlaylist = Route(
        .put, "/api/v1/me/favourites/playlists/{id}", "Mark a volume as a favourite (idempotent)",
        tag: "discovery", access: .user,
        responses: [204: ("Marked", nil), 401: ("Not logged in", nil), 404: ("No such playlist", nil)],
        web: "favouritePlaylist")
    public static let unmarkFavouritePlaylist = Route(
        .delete, "/api/v1/me/favourites/playlists/{id}", "Unmark a favourite volume (idempotent)",
        tag: "discovery", access: .user,
        responses: [204: ("Unmarked", nil), 401: ("Not logged in", nil), 404: ("No such playlist", nil)],
        web: "favouritePlaylist")
    public static let recordPlay = Route(
        .post, "/api/v1/me/recently-played", "Report that a song started playing", tag: "discovery", access: .user,
        request: "RecordPlayRequest",
        responses: [
            204: ("Recorded", nil), 400: ("Malformed JSON", nil), 401: ("Not logged in", nil),
            404: ("No such song", nil), 422: ("Missing trackId", nil),
        ], web: "recentlyPlayed")
    public static let recentlyPlayed = Route(
        .get, "/api/v1/me/recently-played", "Songs the caller played recently, newest first", tag: "discovery",
        access: .user,
        responses: [200: ("Songs", "RecentlyPlayed"), 401: ("Not logged in", nil)], web: "recentlyPlayed")

    /// Every route of this group, in the order the document lists them.
    static let discovery: [Route] = [
        search, searchHistory, clearSearchHistory, searchSuggestions, favourites, markFavouriteTrack,
        unmarkFavouriteTrack, markFavouritePlaylist, unmarkFavouritePlaylist, recordPlay, recentlyPlayed,
    ]
}
