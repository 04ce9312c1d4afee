// A buyer's own playlists (issue 32 #17): private, of any songs (those not owned play as previews).
extension Route {
    private static let playlistProblems: [Int: (String, String?)] = [
        400: ("Malformed JSON", nil), 401: ("Not logged in", nil), 404: ("No such playlist of yours", nil),
        422: (
            "A blank, too long or control-character name (field name), an unknown song or over 1,000 songs (field trackIds)",
            nil
        ),
    ]

    public static let ownPlaylists = Route(
        .get, "/api/v1/me/playlists", "The caller's own playlists, most recently changed first", tag: "discovery",
        access: .user,
        responses: [200: ("Playlists", "OwnPlaylistList"), 401: ("Not logged in", nil)], web: "myPlaylists")
    public static let createOwnPlaylist = Route(
        .post, "/api/v1/me/playlists", "Make a playlist, with songs or empty", tag: "discovery", access: .user,
        request: "CreateOwnPlaylistRequest",
        responses: playlistProblems.merging([
            201: ("Made", "OwnPlaylist"), 409: ("The caller has 200 playlists already", nil),
        ]) { $1 }.filter { $0.key != 404 }, web: "myPlaylists")
    public static let ownPlaylist = Route(
        .get, "/api/v1/me/playlists/{id}", "One of the caller's playlists with its songs in order", tag: "discovery",
        access: .user,
        responses: [
            200: ("The playlist", "OwnPlaylist"), 401: ("Not logged in", nil), 404: ("No such playlist of yours", nil),
        ], web: "myPlaylist")
    public static let updateOwnPlaylist = Route(
        .put, "/api/v1/me/playlists/{id}",
        "Rename a playlist and/or set its songs' new order (reorder and remove by sending the list)",
        tag: "discovery", access: .user, request: "UpdateOwnPlaylistRequest",
        responses: playlistProblems.merging([200: ("Changed", "OwnPlaylist")]) { $1 }, web: "myPlaylist")
    public static let deleteOwnPlaylist = Route(
        .delete, "/api/v1/me/playlists/{id}", "Delete a playlist (the songs stay in the store and in My Music)",
        tag: "discovery", access: .user,
        responses: [204: ("Deleted", nil), 401: ("Not logged in", nil), 404: ("No such playlist of yours", nil)],
        web: "myPlaylist")
    public static let addOwnPlaylistTracks = Route(
        .post, "/api/v1/me/playlists/{id}/tracks", "Append songs; one already in the playlist is not added again",
        tag: "discovery", access: .user, request: "AddOwnPlaylistTracksRequest",
        responses: playlistProblems.merging([200: ("What was added", "OwnPlaylistAdded")]) { $1 },
        web: "myPlaylistTracks")

    /// Every route of this group, in the order the document lists them.
    static let ownPlaylistRoutes: [Route] = [
        ownPlaylists, createOwnPlaylist, ownPlaylist, updateOwnPlaylist, deleteOwnPlaylist, addOwnPlaylistTracks,
    ]
}
