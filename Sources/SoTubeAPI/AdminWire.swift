import Foundation

// Wire types of the operator's console (`/api/v1/admin/…`, docs/console.md). Money is integers:
// amounts in minor units, coins as whole coins.

/// The figures of one period of the dashboard (`start` its first day), or of the whole range
/// (`totals`, without `start`).
public struct SalesFiguresDTO: Codable, Sendable, Equatable {
    /// `YYYY-MM-DD`, the period's first day (UTC); absent in `totals`.
    public var start: String?
    /// Minor units received for coin packs, per currency.
    public var money: [MoneyDTO]
    public var coinsSold: Int
    public var coinsSpentOnSongs: Int
    public var coinsSpentOnAlbums: Int
    /// Operators' grants less their takes.
    public var coinsGranted: Int
    public var coinsFromCodes: Int
    public var coinsRefunded: Int
    public var purchases: Int
    public var newBuyers: Int

    public init(
        start: String?, money: [MoneyDTO], coinsSold: Int, coinsSpentOnSongs: Int, coinsSpentOnAlbums: Int,
        coinsGranted: Int, coinsFromCodes: Int, coinsRefunded: Int, purchases: Int, newBuyers: Int
    ) {
        self.start = start
        self.money = money
        self.coinsSold = coinsSold
        self.coinsSpentOnSongs = coinsSpentOnSongs
        self.coinsSpentOnAlbums = coinsSpentOnAlbums
        self.coinsGranted = coinsGranted
        self.coinsFromCodes = coinsFromCodes
        self.coinsRefunded = coinsRefunded
        self.purchases = purchases
        self.newBuyers = newBuyers
    }
}

/// A song or album and what it took in the range.
public struct TopSellerDTO: Codable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var artist: String
    public var coins: Int
    public var sales: Int
    public init(id: String, title: String, artist: String, coins: Int, sales: Int) {
        self.id = id
        self.title = title
        self.artist = artist
        self.coins = coins
        self.sales = sales
    }
}

/// An artist and what their songs and albums took in the range.
public struct TopArtistDTO: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var coins: Int
    public var sales: Int
    public init(id: String, name: String, coins: Int, sales: Int) {
        self.id = id
        self.name = name
        self.coins = coins
        self.sales = sales
    }
}

/// `GET /api/v1/admin/dashboard`.
public struct AdminDashboardDTO: Codable, Sendable, Equatable {
    public var from: String
    public var to: String
    /// `day`, `week` (from Monday) or `month`.
    public var by: String
    public var periods: [SalesFiguresDTO]
    public var totals: SalesFiguresDTO
    public var topTracks: [TopSellerDTO]
    public var topAlbums: [TopSellerDTO]
    public var topArtists: [TopArtistDTO]
    public init(
        from: String, to: String, by: String, periods: [SalesFiguresDTO], totals: SalesFiguresDTO,
        topTracks: [TopSellerDTO], topAlbums: [TopSellerDTO], topArtists: [TopArtistDTO]
    ) {
        self.from = from
        self.to = to
        self.by = by
        self.periods = periods
        self.totals = totals
        self.topTracks = topTracks
        self.topAlbums = topAlbums
        self.topArtists = topArtists
    }
}

/// An account as the console shows it.
public struct AdminUserDTO: Codable, Sendable, Equatable {
    public var id: String
    public var username: String
    public var email: String
    public var displayName: String
    public var coins: Int
    /// `buyer` or `operator`.
    public var role: String
    public var locked: Bool
    public var createdAt: Date
    public init(
        id: String, username: String, email: String, displayName: String, coins: Int, role: String, locked: Bool,
        createdAt: Date
    ) {
        self.id = id
        self.username = username
        self.email = email
        self.displayName = displayName
        self.coins = coins
        self.role = role
        self.locked = locked
        self.createdAt = createdAt
    }
}

/// `GET /api/v1/admin/users`.
public struct AdminUserListDTO: Codable, Sendable, Equatable {
    public var users: [AdminUserDTO]
    public init(users: [AdminUserDTO]) { self.users = users }
}

public struct AdminPurchaseDTO: Codable, Sendable, Equatable {
    public var id: String
    /// `track` or `album`.
    public var kind: String
    public var title: String
    public var coins: Int
    public var createdAt: Date
    public init(id: String, kind: String, title: String, coins: Int, createdAt: Date) {
        self.id = id
        self.kind = kind
        self.title = title
        self.coins = coins
        self.createdAt = createdAt
    }
}

public struct AdminTopUpDTO: Codable, Sendable, Equatable {
    public var id: String
    public var packId: String
    public var coins: Int
    /// Minor units.
    public var amount: Int
    public var currency: String
    /// `pending`, `captured`, `declined` or `cancelled`.
    public var status: String
    public var createdAt: Date
    public init(
        id: String, packId: String, coins: Int, amount: Int, currency: String, status: String, createdAt: Date
    ) {
        self.id = id
        self.packId = packId
        self.coins = coins
        self.amount = amount
        self.currency = currency
        self.status = status
        self.createdAt = createdAt
    }
}

public struct AdminLedgerEntryDTO: Codable, Sendable, Equatable {
    public var id: String
    /// `purchase`, `top-up`, `gift-code` or `grant`.
    public var kind: String
    public var delta: Int
    public var balanceAfter: Int
    public var description: String
    public var createdAt: Date
    public init(id: String, kind: String, delta: Int, balanceAfter: Int, description: String, createdAt: Date) {
        self.id = id
        self.kind = kind
        self.delta = delta
        self.balanceAfter = balanceAfter
        self.description = description
        self.createdAt = createdAt
    }
}

/// `GET /api/v1/admin/users/{id}`.
public struct AdminUserDetailDTO: Codable, Sendable, Equatable {
    public var user: AdminUserDTO
    public var twoFactorEnabled: Bool
    /// Live sessions.
    public var sessions: Int
    public var purchases: [AdminPurchaseDTO]
    public var topUps: [AdminTopUpDTO]
    /// The newest 200 ledger entries.
    public var ledger: [AdminLedgerEntryDTO]
    public init(
        user: AdminUserDTO, twoFactorEnabled: Bool, sessions: Int, purchases: [AdminPurchaseDTO],
        topUps: [AdminTopUpDTO], ledger: [AdminLedgerEntryDTO]
    ) {
        self.user = user
        self.twoFactorEnabled = twoFactorEnabled
        self.sessions = sessions
        self.purchases = purchases
        self.topUps = topUps
        self.ledger = ledger
    }
}

/// `POST /api/v1/admin/users/{id}/coins`: grant (positive) or take (negative) coins.
public struct CoinAdjustmentRequest: Codable, Sendable {
    public var coins: Int
    public var reason: String
    public init(coins: Int, reason: String) {
        self.coins = coins
        self.reason = reason
    }
}

public struct CoinAdjustmentDTO: Codable, Sendable, Equatable {
    public var coins: Int
    public var balance: Int
    public init(coins: Int, balance: Int) {
        self.coins = coins
        self.balance = balance
    }
}

/// `PUT /api/v1/admin/users/{id}/role`.
public struct RoleRequest: Codable, Sendable {
    /// `buyer` or `operator`.
    public var role: String
    public init(role: String) { self.role = role }
}

public struct SessionsEndedDTO: Codable, Sendable, Equatable {
    public var ended: Int
    public init(ended: Int) { self.ended = ended }
}

/// A song as the console lists it.
public struct AdminTrackDTO: Codable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var artist: String
    public var artistId: String
    public var album: String
    public var albumId: String
    public var genre: String?
    public var explicit: Bool
    public var lyrics: String?
    public var price: Int
    public var withdrawn: Bool
    public var ready: Bool
    /// The album's price now (the operator's, else the derived one).
    public var albumPrice: Int
    public var albumDerivedPrice: Int
    /// Set by an operator; absent when the album's price is derived from its songs.
    public var albumOperatorPrice: Int?
    public init(
        id: String, title: String, artist: String, artistId: String, album: String, albumId: String, genre: String?,
        explicit: Bool, lyrics: String?, price: Int, withdrawn: Bool, ready: Bool, albumPrice: Int,
        albumDerivedPrice: Int, albumOperatorPrice: Int?
    ) {
        self.id = id
        self.title = title
        self.artist = artist
        self.artistId = artistId
        self.album = album
        self.albumId = albumId
        self.genre = genre
        self.explicit = explicit
        self.lyrics = lyrics
        self.price = price
        self.withdrawn = withdrawn
        self.ready = ready
        self.albumPrice = albumPrice
        self.albumDerivedPrice = albumDerivedPrice
        self.albumOperatorPrice = albumOperatorPrice
    }
}

public struct AdminTrackListDTO: Codable, Sendable, Equatable {
    public var tracks: [AdminTrackDTO]
    public init(tracks: [AdminTrackDTO]) { self.tracks = tracks }
}

/// `PATCH /api/v1/admin/tracks/{id}`: only the fields sent change (an empty genre or lyrics clears it).
public struct TrackEditRequest: Codable, Sendable {
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
}

/// `PUT /api/v1/admin/albums/{id}/price`: null or absent returns the album to its derived price.
public struct AlbumPriceRequest: Codable, Sendable {
    public var price: Int?
    public init(price: Int?) { self.price = price }
}

public struct AlbumPriceDTO: Codable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var price: Int
    public var derivedPrice: Int
    public var operatorPrice: Int?
    public init(id: String, title: String, price: Int, derivedPrice: Int, operatorPrice: Int?) {
        self.id = id
        self.title = title
        self.price = price
        self.derivedPrice = derivedPrice
        self.operatorPrice = operatorPrice
    }
}

public struct AdminJobDTO: Codable, Sendable, Equatable {
    public var id: String
    public var kind: String
    public var trackId: String
    /// The song's title, when it still exists.
    public var title: String?
    public var attempts: Int
    public var error: String?
    public var updatedAt: Date
    public init(
        id: String, kind: String, trackId: String, title: String?, attempts: Int, error: String?, updatedAt: Date
    ) {
        self.id = id
        self.kind = kind
        self.trackId = trackId
        self.title = title
        self.attempts = attempts
        self.error = error
        self.updatedAt = updatedAt
    }
}

/// `GET /api/v1/admin/jobs`.
public struct AdminJobsDTO: Codable, Sendable, Equatable {
    public var queued: Int
    public var running: Int
    public var done: Int
    public var failed: Int
    public var failedJobs: [AdminJobDTO]
    public init(queued: Int, running: Int, done: Int, failed: Int, failedJobs: [AdminJobDTO]) {
        self.queued = queued
        self.running = running
        self.done = done
        self.failed = failed
        self.failedJobs = failedJobs
    }
}

public struct JobRetryDTO: Codable, Sendable, Equatable {
    public var retried: Int
    public init(retried: Int) { self.retried = retried }
}

/// `POST /api/v1/admin/gift-code-batches`.
public struct CodeBatchRequest: Codable, Sendable {
    /// Coins per code, 1–1000000.
    public var coins: Int
    /// How many codes, 1–10000.
    public var count: Int
    public var expiresAt: Date?
    public var label: String?
    public init(coins: Int, count: Int, expiresAt: Date? = nil, label: String? = nil) {
        self.coins = coins
        self.count = count
        self.expiresAt = expiresAt
        self.label = label
    }
}

public struct CodeBatchDTO: Codable, Sendable, Equatable {
    public var id: String
    public var label: String
    public var coins: Int
    public var count: Int
    public var redeemed: Int
    public var expiresAt: Date?
    public var createdBy: String
    public var createdAt: Date
    /// The codes as people type them: only in the answer that made the batch (then from the CSV).
    public var codes: [String]?
    public init(
        id: String, label: String, coins: Int, count: Int, redeemed: Int, expiresAt: Date?, createdBy: String,
        createdAt: Date, codes: [String]? = nil
    ) {
        self.id = id
        self.label = label
        self.coins = coins
        self.count = count
        self.redeemed = redeemed
        self.expiresAt = expiresAt
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.codes = codes
    }
}

public struct CodeBatchListDTO: Codable, Sendable, Equatable {
    public var batches: [CodeBatchDTO]
    public init(batches: [CodeBatchDTO]) { self.batches = batches }
}

public struct AuditEntryDTO: Codable, Sendable, Equatable {
    public var id: String
    public var at: Date
    public var actor: String
    public var action: String
    public var target: String
    /// Compact JSON of the state before, when there was one.
    public var before: String?
    public var after: String?
    public var reason: String?
    public init(
        id: String, at: Date, actor: String, action: String, target: String, before: String?, after: String?,
        reason: String?
    ) {
        self.id = id
        self.at = at
        self.actor = actor
        self.action = action
        self.target = target
        self.before = before
        self.after = after
        self.reason = reason
    }
}

/// `GET /api/v1/admin/audit`.
public struct AuditListDTO: Codable, Sendable, Equatable {
    public var entries: [AuditEntryDTO]
    public init(entries: [AuditEntryDTO]) { self.entries = entries }
}

/// `POST /api/v1/admin/reauth`.
public struct ReauthRequest: Codable, Sendable {
    public var password: String
    public init(password: String) { self.password = password }
}

/// `POST /api/v1/admin/users/{id}/erase`.
public struct EraseRequest: Codable, Sendable {
    /// Why (the customer asked, …): kept in the audit log.
    public var reason: String
    public init(reason: String) { self.reason = reason }
}

public struct CuratedPlaylistDTO: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    /// `volume`, `mood`, …
    public var kind: String
    public var featured: Bool
    public var trackCount: Int
    public init(id: String, name: String, kind: String, featured: Bool, trackCount: Int) {
        self.id = id
        self.name = name
        self.kind = kind
        self.featured = featured
        self.trackCount = trackCount
    }
}

public struct CuratedMoodDTO: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var playlistId: String
    public init(id: String, name: String, playlistId: String) {
        self.id = id
        self.name = name
        self.playlistId = playlistId
    }
}

/// `GET /api/v1/admin/curation`: the featured playlists first in the store home's order, then the
/// others; the moods in the home's order.
public struct CurationDTO: Codable, Sendable, Equatable {
    public var playlists: [CuratedPlaylistDTO]
    public var moods: [CuratedMoodDTO]
    public init(playlists: [CuratedPlaylistDTO], moods: [CuratedMoodDTO]) {
        self.playlists = playlists
        self.moods = moods
    }
}

/// `PUT /api/v1/admin/curation`: the featured playlists' ids in order (the others are not featured)
/// and every mood's id in the new order.
public struct CurationRequest: Codable, Sendable {
    public var featured: [String]
    public var moods: [String]
    public init(featured: [String], moods: [String]) {
        self.featured = featured
        self.moods = moods
    }
}

/// `PATCH /api/v1/admin/artists/{id}`.
public struct ArtistRenameRequest: Codable, Sendable {
    public var name: String
    public init(name: String) { self.name = name }
}

public struct AdminArtistDTO: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

/// `PUT /api/v1/admin/albums/{id}/artwork`: where the album's new picture is served.
public struct AlbumArtworkDTO: Codable, Sendable, Equatable {
    public var id: String
    public var artworkUrl: String
    public init(id: String, artworkUrl: String) {
        self.id = id
        self.artworkUrl = artworkUrl
    }
}
