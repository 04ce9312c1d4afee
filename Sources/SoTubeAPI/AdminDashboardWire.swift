import Foundation

// Wire types of the operator's console (`/api/v1/admin/…`, docs/console.md): the dashboard.
// Money is integers: amounts in minor units, coins as whole coins.

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
