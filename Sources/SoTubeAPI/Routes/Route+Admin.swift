// The operator's console (`/api/v1/admin/…`, docs/console.md): every route answers 401 to a guest and
// 403 to a buyer; those marked `needsRecentPassword` also 403 (urn:sotube:problem:reauthenticate)
// when the password was last proved more than 15 minutes ago.
extension Route {
    /// An operator route: its own answers plus the refusals every admin route gives.
    static func operatorRoute(
        _ method: Method, _ path: String, _ summary: String, request: String? = nil,
        responses: [Int: (String, String?)], query: [String: String] = [:],
        responseContentType: String = "application/json",
        web: String, recentPassword: Bool = false
    ) -> Route {
        var answers = responses
        answers[401] = ("Not logged in", nil)
        answers[403] = (
            recentPassword
                ? "Not an operator, or (type urn:sotube:problem:reauthenticate) the password was last proved more than 15 minutes ago: nothing changed"
                : "Not an operator",
            nil
        )
        return Route(
            method, "/api/v1/admin" + path, summary, tag: "console", access: .operator, request: request,
            responses: answers, query: query, responseContentType: responseContentType, web: web,
            needsRecentPassword: recentPassword)
    }

    public static let adminDashboard = operatorRoute(
        .get, "/dashboard", "Revenue, coins and sign-ups per period, with top songs, albums and artists",
        responses: [200: ("The figures", "AdminDashboard"), 422: ("Bad from, to or by", nil)],
        query: [
            "from": "First day, YYYY-MM-DD (UTC; default 29 days before to)", "to": "Last day (default today)",
            "by": "day (default), week or month",
        ], web: "adminDashboard")
    public static let adminReauth = operatorRoute(
        .post, "/reauth", "Confirm the password for the next 15 minutes of account and money actions",
        request: "ReauthRequest",
        responses: [204: ("Confirmed", nil), 400: ("Malformed JSON", nil), 422: ("Wrong password", nil)],
        web: "adminReauth")
    public static let adminUsers = operatorRoute(
        .get, "/users", "Find users by the start of their name or email, or by id",
        responses: [200: ("At most 50 users", "AdminUserList"), 422: ("Search text too long", nil)],
        query: ["q": "Search text (empty: the newest accounts)"], web: "adminUsers")
    public static let adminUser = operatorRoute(
        .get, "/users/{id}", "One user: balance, role, lock, two-step sign-in, sessions, purchases, top-ups, ledger",
        responses: [200: ("The user", "AdminUserDetail"), 404: ("No such user", nil)], web: "adminUser")
    public static let adminUserCoins = operatorRoute(
        .post, "/users/{id}/coins", "Grant (positive) or take (negative) coins with a reason: a ledger entry",
        request: "CoinAdjustmentRequest",
        responses: [
            200: ("New balance", "CoinAdjustment"), 400: ("Malformed JSON", nil), 404: ("No such user", nil),
            409: ("Taking more than the balance", nil), 422: ("Bad coins or reason", nil),
        ], web: "adminUserCoins", recentPassword: true)
    public static let adminLockUser = operatorRoute(
        .put, "/users/{id}/lock", "Lock the account: every session ends, no sign-in or player until unlocked",
        responses: [200: ("Locked", "AdminUser"), 404: ("No such user", nil), 409: ("Your own account", nil)],
        web: "adminUserLock", recentPassword: true)
    public static let adminUnlockUser = operatorRoute(
        .delete, "/users/{id}/lock", "Unlock the account",
        responses: [200: ("Unlocked", "AdminUser"), 404: ("No such user", nil)], web: "adminUserLock",
        recentPassword: true)
    public static let adminEndSessions = operatorRoute(
        .delete, "/users/{id}/sessions", "End every session of the user",
        responses: [200: ("How many ended", "SessionsEnded"), 404: ("No such user", nil)],
        web: "adminUserSessions", recentPassword: true)
    public static let adminTwoFactorOff = operatorRoute(
        .delete, "/users/{id}/two-factor", "Turn the user's two-step sign-in off (their sessions end)",
        responses: [200: ("Off", "AdminUser"), 404: ("No such user", nil)], web: "adminUserTwoFactor",
        recentPassword: true)
    public static let adminUserRole = operatorRoute(
        .put, "/users/{id}/role", "Make the user a buyer or an operator", request: "RoleRequest",
        responses: [
            200: ("Changed", "AdminUser"), 400: ("Malformed JSON", nil), 404: ("No such user", nil),
            409: ("Your own role", nil), 422: ("Unknown role", nil),
        ], web: "adminUserRole", recentPassword: true)
    public static let adminExportUser = operatorRoute(
        .get, "/users/{id}/export", "Everything stored about the user, as JSON (a file to hand them)",
        responses: [200: ("Their rows, table by table, without secrets", nil), 404: ("No such user", nil)],
        web: "adminUserExport", recentPassword: true)
    public static let adminEraseUser = operatorRoute(
        .post, "/users/{id}/erase",
        "Erase the account: personal data goes, purchases and the ledger stay exact under its opaque id",
        request: "EraseRequest",
        responses: [
            200: ("Erased: the account as it is left", "AdminUser"), 400: ("Malformed JSON", nil),
            404: ("No such user", nil), 409: ("Your own account", nil), 422: ("No reason", nil),
        ], web: "adminUserErase", recentPassword: true)
    public static let adminCuration = operatorRoute(
        .get, "/curation", "The store home's featured playlists and moods, in order",
        responses: [200: ("Playlists and moods", "Curation")], web: "adminCuration")
    public static let adminSetCuration = operatorRoute(
        .put, "/curation", "Choose the featured playlists in order and order the moods", request: "CurationRequest",
        responses: [
            200: ("The home now", "Curation"), 400: ("Malformed JSON", nil),
            422: ("An unknown or repeated id, or a mood left out", nil),
        ], web: "adminCuration")
    public static let adminTracks = operatorRoute(
        .get, "/tracks", "Find songs (withdrawn ones too) by the start of their title, artist or album, or by id",
        responses: [200: ("At most 50 songs", "AdminTrackList"), 422: ("Search text too long", nil)],
        query: ["q": "Search text (empty: the newest songs)"], web: "adminTracks")
    public static let adminEditTrack = operatorRoute(
        .patch, "/tracks/{id}", "Edit a song: title, genre, explicit, lyrics, price; withdraw or restore it",
        request: "TrackEditRequest",
        responses: [
            200: ("The song now", "AdminTrack"), 400: ("Malformed JSON", nil), 404: ("No such song", nil),
            422: ("A bad value, or nothing to change", nil),
        ], web: "adminTrack")
    public static let adminRenameArtist = operatorRoute(
        .patch, "/artists/{id}", "Rename an artist (their songs and albums follow)", request: "ArtistRenameRequest",
        responses: [
            200: ("The artist now", "AdminArtist"), 400: ("Malformed JSON", nil), 404: ("No such artist", nil),
            409: ("Another artist has this name", nil), 422: ("An empty or too long name", nil),
        ], web: "adminArtist")
    public static let adminAlbumArtwork = Route(
        .put, "/api/v1/admin/albums/{id}/artwork",
        "Replace the album's picture (the image file as the body: JPEG, PNG or WebP, at most 10 MB; cropped square)",
        tag: "console", access: .operator, requestContentType: "image/*",
        responses: [
            200: ("Stored", "AlbumArtwork"), 401: ("Not logged in", nil), 403: ("Not an operator", nil),
            404: ("No such album", nil), 413: ("Larger than 10 MB", nil),
            415: ("Not a JPEG, PNG or WebP file (HEIC is not read)", nil),
            422: ("Damaged, too small, or too many pixels (a decompression bomb)", nil),
        ], web: "adminAlbumArtwork")
    public static let adminAlbumPrice = operatorRoute(
        .put, "/albums/{id}/price", "Set the album's own price, or null for the price derived from its songs",
        request: "AlbumPriceRequest",
        responses: [
            200: ("The album's prices", "AlbumPrice"), 400: ("Malformed JSON", nil), 404: ("No such album", nil),
            422: ("Bad price", nil),
        ], web: "adminAlbumPrice")
    public static let adminJobs = operatorRoute(
        .get, "/jobs", "Media jobs: counts per state and the failed ones with their reasons",
        responses: [200: ("The queue", "AdminJobs")], web: "adminJobs")
    public static let adminRetryJob = operatorRoute(
        .post, "/jobs/{id}/retry", "Queue a failed job again",
        responses: [
            200: ("Queued again", "JobRetry"), 404: ("No such job", nil), 409: ("The job has not failed", nil),
        ],
        web: "adminJobRetry")
    public static let adminCodeBatches = operatorRoute(
        .get, "/gift-code-batches", "Gift-code batches, newest first, with how many were redeemed",
        responses: [200: ("Batches", "CodeBatchList")], web: "adminCodeBatches")
    public static let adminCreateCodeBatch = operatorRoute(
        .post, "/gift-code-batches", "Make a batch of gift codes (coins each, how many, expiry, label)",
        request: "CodeBatchRequest",
        responses: [
            201: ("The batch with its codes", "CodeBatch"), 400: ("Malformed JSON", nil),
            422: ("Bad coins, count, expiry or label", nil),
        ], web: "adminCodeBatches", recentPassword: true)
    public static let adminCodeBatchCSV = operatorRoute(
        .get, "/gift-code-batches/{id}/codes.csv", "The batch's codes as CSV, with who redeemed each and when",
        responses: [200: ("CSV: code,coins,expires_at,redeemed_by,redeemed_at", nil), 404: ("No such batch", nil)],
        responseContentType: "text/csv", web: "adminCodeBatchCSV")
    public static let adminAudit = operatorRoute(
        .get, "/audit", "The audit log of operators' actions, newest first",
        responses: [200: ("Entries", "AuditList"), 422: ("Bad limit, or before names no entry", nil)],
        query: [
            "limit": "At most this many, 1–500 (default 100)",
            "before": "Only entries older than the entry with this id (the last one of the previous page)",
        ],
        web: "adminAudit")
    public static let adminAuditCSV = operatorRoute(
        .get, "/audit.csv", "The whole audit log as CSV, newest first",
        responses: [200: ("CSV: at,actor,action,target,before,after,reason", nil)], responseContentType: "text/csv",
        web: "adminAuditCSV")
    public static let chartLibrary = Route(
        .get, "/vendor/chart.min.js",
        "Chart.js, which the console draws its charts with (served from the system's copy)",
        tag: "console", responses: [200: ("JavaScript", nil), 404: ("Chart.js is not installed here", nil)],
        responseContentType: "text/javascript")

    /// Every route of this group, in the order the document lists them.
    static let admin: [Route] = [
        adminDashboard, adminReauth, adminUsers, adminUser, adminUserCoins, adminLockUser, adminUnlockUser,
        adminEndSessions, adminTwoFactorOff, adminUserRole, adminExportUser, adminEraseUser, adminCuration,
        adminSetCuration, adminTracks, adminEditTrack, adminRenameArtist, adminAlbumArtwork, adminAlbumPrice, adminJobs,
        adminRetryJob, adminCodeBatches, adminCreateCodeBatch, adminCodeBatchCSV, adminAudit, adminAuditCSV,
        chartLibrary,
    ]
}
