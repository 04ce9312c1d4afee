import Foundation

/// The paths of the SoTube HTTP API for the server's own links and for clients, each taken from the
/// route table (``Route``), with its path segments and query values encoded.
///
/// Paths are absolute (`/api/v1/...`) and relative to the server's origin. Functions taking an id
/// percent-encode it as one path segment; those taking query values encode them as well and leave
/// out parameters that are `nil`, so the server applies its default.
///
/// ```swift
/// SoTubeRoutes.album("al1")              // "/api/v1/albums/al1"
/// SoTubeRoutes.search("back in", limit: 5) // "/api/v1/search?q=back%20in&limit=5"
/// ```
public enum SoTubeRoutes {
    /// The prefix of every JSON API route.
    public static let api = "/api/v1"

    // MARK: Service

    /// `GET`: liveness and database check, ``HealthResponse``.
    public static let health = Route.health.path
    /// `GET`: readiness (database answers, schema current), ``ReadinessResponse``.
    public static let ready = Route.ready.path
    /// `GET`: the OpenAPI 3.1 document describing every route.
    public static let openAPI = Route.openAPI.path
    /// `GET`: Prometheus metrics in text format.
    public static let metrics = Route.metrics.path

    // MARK: Accounts

    /// `POST` ``RegisterRequest`` → 201 ``AuthResponse`` and the session cookies.
    public static let register = Route.register.path
    /// `POST` ``LoginRequest`` → ``AuthResponse`` and the session cookies.
    public static let login = Route.login.path
    /// `POST`: ends the caller's session → 204.
    public static let logout = Route.logout.path
    /// `POST` ``PasswordResetRequest`` → 202 ``PasswordResetAcceptedDTO``, whether or not the address is known.
    public static let passwordReset = Route.passwordReset.path
    /// `POST` ``PasswordResetConfirmRequest`` → 204.
    public static let passwordResetConfirm = Route.passwordResetConfirm.path
    /// `GET` → ``SignInMethods``: password sign-in, an OpenID provider, a trusted proxy's header.
    public static let signInMethods = Route.signInMethods.path
    /// `GET`: the redirect to the OpenID provider (`returnTo`, `remember`; a native app: `redirect`,
    /// `appChallenge`).
    public static let oidcStart = Route.oidcStart.path
    /// `GET` → ``OIDCLinkOffer``; `POST` ``OIDCLinkRequest`` → ``AuthResponse``: link a first provider
    /// sign-in to the account with the same verified email.
    public static func oidcLink(_ ticket: String) -> String { Route.oidcLink.path(ticket) }
    /// `POST` ``OIDCExchangeRequest`` → ``AuthResponse``: a native app's one-time code for a token.
    public static let oidcExchange = Route.oidcExchange.path
    /// `GET` → ``MeResponse``.
    public static let me = Route.me.path
    /// `PUT` ``ChangeUsernameRequest`` → ``UserDTO``.
    public static let username = Route.changeUsername.path
    /// `PUT` ``ChangeDisplayNameRequest`` → ``UserDTO``.
    public static let displayName = Route.changeDisplayName.path
    /// `PUT` ``ChangePasswordRequest`` → 204.
    public static let password = Route.changePassword.path
    /// `GET`, `HEAD`: the caller's profile photo as a square JPEG (`size` in pixels, rounded up to
    /// 64, 128 or 512); `PUT` an image as the body (≤ 10 MB) → ``AvatarDTO``; `DELETE` removes it → 204.
    public static let avatar = Route.avatar.path
    /// `GET` the caller's profile photo in `size` pixels.
    public static func avatar(size: Int) -> String { Route.avatar.path(query: ["size": String(size)]) }
    /// `POST` → ``TwoFactorEnrolmentDTO``: a new TOTP secret, not yet in force (409 when two-step
    /// sign-in is on already).
    public static let twoFactorEnrol = Route.twoFactorEnrol.path
    /// `POST` ``TwoFactorConfirmRequest`` → ``TwoFactorRecoveryCodesDTO``: a current code turns the
    /// enrolment on; the recovery codes are shown this once.
    public static let twoFactorConfirm = Route.twoFactorConfirm.path
    /// `POST` ``TwoFactorDisableRequest`` → 204: turns two-step sign-in off.
    public static let twoFactorDisable = Route.twoFactorDisable.path
    /// `GET`: the caller's app passwords; `POST`: create one.
    public static let appPasswords = Route.appPasswords.path
    /// `DELETE`: revokes the app password `id`.
    public static func appPassword(_ id: String) -> String { "\(appPasswords)/\(segment(id))" }

    // MARK: Store and catalog

    /// `GET` → ``StoreHomeDTO``.
    public static let storeHome = Route.storeHome.path
    /// `GET` → ``MoodListDTO``.
    public static let moods = Route.moods.path
    /// `GET` → ``ArtistDetailDTO``.
    public static func artist(_ id: String) -> String { Route.artist.path(id) }
    /// `GET` → ``AlbumDetailDTO``.
    public static func album(_ id: String) -> String { Route.album.path(id) }
    /// `GET` → ``PlaylistDetailDTO``.
    public static func playlist(_ id: String) -> String { Route.playlist.path(id) }
    /// `GET` → ``TrackDetailDTO``.
    public static func track(_ id: String) -> String { Route.track.path(id) }

    // MARK: Media

    /// `GET`, `HEAD`: the song's audio, full for owners and the preview for everyone else
    /// (see ``SoTubeHeader/rendition``). Supports `Range`.
    public static func trackAudio(_ id: String) -> String { Route.trackAudio.path(id) }
    /// `GET`, `HEAD`: the owner's original file of a song (`?format=mp3`: the MP3 it plays from, when
    /// the original is another format; see ``SoTubeHeader/downloadFormats``).
    public static func trackDownload(_ id: String) -> String { Route.trackDownload.path(id) }
    /// `GET`: a ZIP of the caller's songs of an album, in track order, with the cover (`cover.jpg`).
    public static func albumDownload(_ id: String) -> String { Route.albumDownload.path(id) }
    /// `GET`: an album's artwork as JPEG; `size` in pixels (the server's default when nil).
    public static func albumArtwork(_ id: String, size: Int? = nil) -> String {
        Route.albumArtwork.path(id, query: ["size": size.map(String.init)])
    }
    /// `GET`: an artist's picture as JPEG; `size` in pixels (the server's default when nil).
    public static func artistImage(_ id: String, size: Int? = nil) -> String {
        Route.artistImage.path(id, query: ["size": size.map(String.init)])
    }
    /// `GET`: a playlist's cover as JPEG; `size` in pixels (the server's default when nil).
    public static func playlistArtwork(_ id: String, size: Int? = nil) -> String {
        Route.playlistArtwork.path(id, query: ["size": size.map(String.init)])
    }

    // MARK: Search

    /// `GET ?q=&limit=&offset=&explicit=` → ``SearchResultsDTO``.
    public static let search = Route.search.path
    /// `GET` `search` for `text` → ``SearchResultsDTO``.
    public static func search(_ text: String, limit: Int? = nil, offset: Int? = nil, explicit: Bool? = nil)
        -> String
    {
        search
            + query([
                "q": text, "limit": limit.map(String.init), "offset": offset.map(String.init),
                "explicit": explicit.map(String.init),
            ])
    }
    /// `GET` → ``SearchHistoryDTO``; `DELETE` clears it → 204.
    public static let searchHistory = Route.searchHistory.path
    /// `GET ?q=&explicit=` → ``SearchSuggestionsDTO``.
    public static let searchSuggestions = Route.searchSuggestions.path
    /// `GET` suggestions for what the user has typed so far → ``SearchSuggestionsDTO``.
    public static func searchSuggestions(_ text: String, explicit: Bool? = nil) -> String {
        searchSuggestions + query(["q": text, "explicit": explicit.map(String.init)])
    }

    // MARK: Favourites and recently played

    /// `GET` → ``FavouritesDTO``.
    public static let favourites = Route.favourites.path
    /// `PUT` marks, `DELETE` unmarks a favourite song → 204.
    public static func favouriteTrack(_ id: String) -> String { Route.markFavouriteTrack.path(id) }
    /// `PUT` marks, `DELETE` unmarks a favourite playlist → 204.
    public static func favouritePlaylist(_ id: String) -> String { Route.markFavouritePlaylist.path(id) }
    /// `GET` → ``RecentlyPlayedDTO``; `POST` ``RecordPlayRequest`` → 204.
    public static let recentlyPlayed = Route.recentlyPlayed.path

    // MARK: Library

    /// `GET ?sort=default|name` → ``LibrarySongsDTO``.
    public static let librarySongs = Route.librarySongs.path
    /// `GET` the owned songs in `sort` order → ``LibrarySongsDTO``.
    public static func librarySongs(sort: LibrarySongsDTO.Sort?) -> String {
        librarySongs + query(["sort": sort?.rawValue])
    }
    /// `GET ?sort=artist|name` → ``LibraryAlbumsDTO``.
    public static let libraryAlbums = Route.libraryAlbums.path
    /// `GET` the owned albums in `sort` order → ``LibraryAlbumsDTO``.
    public static func libraryAlbums(sort: LibraryAlbumsDTO.Sort?) -> String {
        libraryAlbums + query(["sort": sort?.rawValue])
    }
    /// `GET` → ``LibraryArtistsDTO``.
    public static let libraryArtists = Route.libraryArtists.path

    // MARK: Wallet and purchases

    /// `GET` → ``WalletDTO``.
    public static let wallet = Route.wallet.path
    /// `POST` ``TopUpRequest`` → 201 ``TopUpCreatedDTO``.
    public static let topUps = Route.createTopUp.path
    /// `GET` → ``TopUpDTO``.
    public static func topUp(_ id: String) -> String { Route.topUp.path(id) }
    /// `GET ?limit=` → ``HistoryDTO``.
    public static let walletHistory = Route.walletHistory.path
    /// `GET` the newest `limit` entries → ``HistoryDTO``.
    public static func walletHistory(limit: Int?) -> String {
        walletHistory + query(["limit": limit.map(String.init)])
    }
    /// `POST` ``RedeemRequest`` → ``RedeemResultDTO``.
    public static let redeem = Route.redeem.path
    /// `POST` ``PurchaseRequest`` with ``SoTubeHeader/idempotencyKey`` → 201 ``PurchaseResultDTO``;
    /// `GET` → ``PurchaseListDTO``.
    public static let purchases = Route.purchases.path
    /// `POST` ``CaptureNotification`` from the sandbox payment provider → ``CaptureResultDTO``.
    public static let sandboxCapture = Route.sandboxCapture.path

    // MARK: Pages outside the JSON API

    /// `GET`, `POST`: the sandbox provider's hosted checkout page of a top-up (HTML).
    public static func sandboxCheckout(_ topUpID: String) -> String { Route.sandboxCheckout.path(topUpID) }
    /// `GET`: a song's public share page (HTML).
    public static func sharePage(_ trackID: String) -> String { Route.sharePage.path(trackID) }
    /// `GET`: a song's share page starting at `seconds` (a moment of the song).
    public static func sharePage(_ trackID: String, at seconds: Int) -> String {
        sharePage(trackID) + query(["t": String(max(0, seconds))])
    }
    /// `GET`: a small player page of a song for an `<iframe>` on any site (HTML).
    public static func embedSong(_ trackID: String) -> String { Route.embedSong.path(trackID) }
    /// `GET`: a small player page of an album for an `<iframe>` on any site (HTML).
    public static func embedAlbum(_ albumID: String) -> String { Route.embedAlbum.path(albumID) }
    /// `GET ?url=&maxwidth=&maxheight=&format=json` → ``OEmbedDTO`` for a share or embed page's URL.
    public static let oEmbed = Route.oEmbed.path
    /// `GET` the oEmbed answer for `url`.
    public static func oEmbed(url: String) -> String { Route.oEmbed.path(query: ["url": url]) }
    /// `GET`, `POST`: a Subsonic/OpenSubsonic method, e.g. `subsonic("ping")` → `/rest/ping`.
    public static func subsonic(_ method: String) -> String { Route.subsonic.path(method) }

    // MARK: Encoding

    /// `text` percent-encoded as one path segment (a `/` in it does not start a new segment): every
    /// UTF-8 byte but those JavaScript's `encodeURIComponent` leaves as they are
    /// (`A–Z a–z 0–9 - _ . ! ~ * ' ( )`), so the web app and Swift clients build the same URLs.
    /// Written by hand: Foundation's `addingPercentEncoding` cost a search answer 3 % of its CPU,
    /// for the artwork URLs of its results.
    public static func segment(_ text: String) -> String { Route.segment(text) }

    /// `?name=value&...` for the non-nil values in the order given, or "" when all are nil.
    static func query(_ items: KeyValuePairs<String, String?>) -> String {
        Route.query(items)
    }
}
