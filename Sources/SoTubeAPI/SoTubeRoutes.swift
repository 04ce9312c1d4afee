import Foundation

/// The paths of the SoTube HTTP API, one per route, for the server's own links and for clients.
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
    public static let health = "/healthz"
    /// `GET`: readiness (database answers, schema current), ``ReadinessResponse``.
    public static let ready = "/readyz"
    /// `GET`: the OpenAPI 3.1 document describing every route.
    public static let openAPI = "/openapi.json"
    /// `GET`: Prometheus metrics in text format.
    public static let metrics = "/metrics"

    // MARK: Accounts

    /// `POST` ``RegisterRequest`` → 201 ``AuthResponse`` and the session cookies.
    public static let register = "\(api)/auth/register"
    /// `POST` ``LoginRequest`` → ``AuthResponse`` and the session cookies.
    public static let login = "\(api)/auth/login"
    /// `POST`: ends the caller's session → 204.
    public static let logout = "\(api)/auth/logout"
    /// `POST` ``PasswordResetRequest`` → 202 ``PasswordResetAcceptedDTO``, whether or not the address is known.
    public static let passwordReset = "\(api)/auth/password-reset"
    /// `POST` ``PasswordResetConfirmRequest`` → 204.
    public static let passwordResetConfirm = "\(api)/auth/password-reset/confirm"
    /// `GET` → ``MeResponse``.
    public static let me = "\(api)/me"
    /// `PUT` ``ChangeUsernameRequest`` → ``UserDTO``.
    public static let username = "\(api)/me/username"
    /// `PUT` ``ChangePasswordRequest`` → 204.
    public static let password = "\(api)/me/password"
    /// `GET`, `HEAD`: the caller's profile photo as a square JPEG (`size` in pixels, rounded up to
    /// 64, 128 or 512); `PUT` an image as the body (≤ 10 MB) → ``AvatarDTO``; `DELETE` removes it → 204.
    public static let avatar = "\(api)/me/avatar"
    /// `GET` the caller's profile photo in `size` pixels.
    public static func avatar(size: Int) -> String { avatar + query(["size": String(size)]) }
    /// `POST` → ``TwoFactorEnrolmentDTO``: a new TOTP secret, not yet in force (409 when two-step
    /// sign-in is on already).
    public static let twoFactorEnrol = "\(api)/me/two-factor/enrol"
    /// `POST` ``TwoFactorConfirmRequest`` → ``TwoFactorRecoveryCodesDTO``: a current code turns the
    /// enrolment on; the recovery codes are shown this once.
    public static let twoFactorConfirm = "\(api)/me/two-factor/confirm"
    /// `POST` ``TwoFactorDisableRequest`` → 204: turns two-step sign-in off.
    public static let twoFactorDisable = "\(api)/me/two-factor/disable"
    /// `GET`: the caller's app passwords; `POST`: create one.
    public static let appPasswords = "\(api)/me/app-passwords"
    /// `DELETE`: revokes the app password `id`.
    public static func appPassword(_ id: String) -> String { "\(appPasswords)/\(segment(id))" }

    // MARK: Store and catalog

    /// `GET` → ``StoreHomeDTO``.
    public static let storeHome = "\(api)/store/home"
    /// `GET` → ``MoodListDTO``.
    public static let moods = "\(api)/moods"
    /// `GET` → ``ArtistDetailDTO``.
    public static func artist(_ id: String) -> String { "\(api)/artists/\(segment(id))" }
    /// `GET` → ``AlbumDetailDTO``.
    public static func album(_ id: String) -> String { "\(api)/albums/\(segment(id))" }
    /// `GET` → ``PlaylistDetailDTO``.
    public static func playlist(_ id: String) -> String { "\(api)/playlists/\(segment(id))" }
    /// `GET` → ``TrackDetailDTO``.
    public static func track(_ id: String) -> String { "\(api)/tracks/\(segment(id))" }

    // MARK: Media

    /// `GET`, `HEAD`: the song's audio, full for owners and the preview for everyone else
    /// (see ``SoTubeHeader/rendition``). Supports `Range`.
    public static func trackAudio(_ id: String) -> String { "\(track(id))/audio" }
    /// `GET`, `HEAD`: the owner's original file of a song (`?format=mp3`: the MP3 it plays from, when
    /// the original is another format; see ``SoTubeHeader/downloadFormats``).
    public static func trackDownload(_ id: String) -> String { "\(track(id))/download" }
    /// `GET`: a ZIP of the caller's songs of an album, in track order, with the cover (`cover.jpg`).
    public static func albumDownload(_ id: String) -> String { "\(album(id))/download" }
    /// `GET`: an album's artwork as JPEG; `size` in pixels (the server's default when nil).
    public static func albumArtwork(_ id: String, size: Int? = nil) -> String {
        "\(album(id))/artwork" + query(["size": size.map(String.init)])
    }
    /// `GET`: an artist's picture as JPEG; `size` in pixels (the server's default when nil).
    public static func artistImage(_ id: String, size: Int? = nil) -> String {
        "\(artist(id))/image" + query(["size": size.map(String.init)])
    }
    /// `GET`: a playlist's cover as JPEG; `size` in pixels (the server's default when nil).
    public static func playlistArtwork(_ id: String, size: Int? = nil) -> String {
        "\(playlist(id))/artwork" + query(["size": size.map(String.init)])
    }

    // MARK: Search

    /// `GET ?q=&limit=&offset=&explicit=` → ``SearchResultsDTO``.
    public static let search = "\(api)/search"
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
    public static let searchHistory = "\(api)/search/history"
    /// `GET ?q=&explicit=` → ``SearchSuggestionsDTO``.
    public static let searchSuggestions = "\(api)/search/suggestions"
    /// `GET` suggestions for what the user has typed so far → ``SearchSuggestionsDTO``.
    public static func searchSuggestions(_ text: String, explicit: Bool? = nil) -> String {
        searchSuggestions + query(["q": text, "explicit": explicit.map(String.init)])
    }

    // MARK: Favourites and recently played

    /// `GET` → ``FavouritesDTO``.
    public static let favourites = "\(api)/me/favourites"
    /// `PUT` marks, `DELETE` unmarks a favourite song → 204.
    public static func favouriteTrack(_ id: String) -> String { "\(favourites)/tracks/\(segment(id))" }
    /// `PUT` marks, `DELETE` unmarks a favourite playlist → 204.
    public static func favouritePlaylist(_ id: String) -> String { "\(favourites)/playlists/\(segment(id))" }
    /// `GET` → ``RecentlyPlayedDTO``; `POST` ``RecordPlayRequest`` → 204.
    public static let recentlyPlayed = "\(api)/me/recently-played"

    // MARK: Library

    /// `GET ?sort=default|name` → ``LibrarySongsDTO``.
    public static let librarySongs = "\(api)/library/songs"
    /// `GET` the owned songs in `sort` order → ``LibrarySongsDTO``.
    public static func librarySongs(sort: LibrarySongsDTO.Sort?) -> String {
        librarySongs + query(["sort": sort?.rawValue])
    }
    /// `GET ?sort=artist|name` → ``LibraryAlbumsDTO``.
    public static let libraryAlbums = "\(api)/library/albums"
    /// `GET` the owned albums in `sort` order → ``LibraryAlbumsDTO``.
    public static func libraryAlbums(sort: LibraryAlbumsDTO.Sort?) -> String {
        libraryAlbums + query(["sort": sort?.rawValue])
    }
    /// `GET` → ``LibraryArtistsDTO``.
    public static let libraryArtists = "\(api)/library/artists"

    // MARK: Wallet and purchases

    /// `GET` → ``WalletDTO``.
    public static let wallet = "\(api)/wallet"
    /// `POST` ``TopUpRequest`` → 201 ``TopUpCreatedDTO``.
    public static let topUps = "\(api)/wallet/top-ups"
    /// `GET` → ``TopUpDTO``.
    public static func topUp(_ id: String) -> String { "\(topUps)/\(segment(id))" }
    /// `GET ?limit=` → ``HistoryDTO``.
    public static let walletHistory = "\(api)/wallet/history"
    /// `GET` the newest `limit` entries → ``HistoryDTO``.
    public static func walletHistory(limit: Int?) -> String {
        walletHistory + query(["limit": limit.map(String.init)])
    }
    /// `POST` ``RedeemRequest`` → ``RedeemResultDTO``.
    public static let redeem = "\(api)/wallet/redeem"
    /// `POST` ``PurchaseRequest`` with ``SoTubeHeader/idempotencyKey`` → 201 ``PurchaseResultDTO``;
    /// `GET` → ``PurchaseListDTO``.
    public static let purchases = "\(api)/purchases"
    /// `POST` ``CaptureNotification`` from the sandbox payment provider → ``CaptureResultDTO``.
    public static let sandboxCapture = "\(api)/payments/sandbox/capture"

    // MARK: Pages outside the JSON API

    /// `GET`, `POST`: the sandbox provider's hosted checkout page of a top-up (HTML).
    public static func sandboxCheckout(_ topUpID: String) -> String { "/sandbox/checkout/\(segment(topUpID))" }
    /// `GET`: a song's public share page (HTML).
    public static func sharePage(_ trackID: String) -> String { "/song/\(segment(trackID))" }
    /// `GET`: a song's share page starting at `seconds` (a moment of the song).
    public static func sharePage(_ trackID: String, at seconds: Int) -> String {
        sharePage(trackID) + query(["t": String(max(0, seconds))])
    }
    /// `GET`: a small player page of a song for an `<iframe>` on any site (HTML).
    public static func embedSong(_ trackID: String) -> String { "/embed/song/\(segment(trackID))" }
    /// `GET`: a small player page of an album for an `<iframe>` on any site (HTML).
    public static func embedAlbum(_ albumID: String) -> String { "/embed/album/\(segment(albumID))" }
    /// `GET ?url=&maxwidth=&maxheight=&format=json` → ``OEmbedDTO`` for a share or embed page's URL.
    public static let oEmbed = "/oembed"
    /// `GET` the oEmbed answer for `url`.
    public static func oEmbed(url: String) -> String { oEmbed + query(["url": url]) }
    /// `GET`, `POST`: a Subsonic/OpenSubsonic method, e.g. `subsonic("ping")` → `/rest/ping`.
    public static func subsonic(_ method: String) -> String { "/rest/\(segment(method))" }

    // MARK: Encoding

    /// `text` percent-encoded as one path segment (a `/` in it does not start a new segment): every
    /// UTF-8 byte but those JavaScript's `encodeURIComponent` leaves as they are
    /// (`A–Z a–z 0–9 - _ . ! ~ * ' ( )`), so the web app and Swift clients build the same URLs.
    /// Written by hand: Foundation's `addingPercentEncoding` cost a search answer 3 % of its CPU,
    /// for the artwork URLs of its results.
    public static func segment(_ text: String) -> String {
        guard text.utf8.contains(where: { !isUnreserved($0) }) else { return text }
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default: return "-_.!~*'()".utf8.contains(byte)
        }
    }

    /// `?name=value&...` for the non-nil values in the order given, or "" when all are nil.
    static func query(_ items: KeyValuePairs<String, String?>) -> String {
        let pairs = items.compactMap { name, value in value.map { "\(name)=\(segment($0))" } }
        return pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&")
    }
}
