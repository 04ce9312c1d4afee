import Foundation

// Wire types for artists and labels (issue 31): invitations, the artist area, the operator's side.

/// `GET /api/v1/invites/{token}`.
public struct InviteDTO: Codable, Sendable, Equatable {
    public var email: String
    /// `artist` or `label`.
    public var role: String
    public var label: String?
    public var artists: [String]
    public var expiresAt: Date
    public init(email: String, role: String, label: String?, artists: [String], expiresAt: Date) {
        self.email = email
        self.role = role
        self.label = label
        self.artists = artists
        self.expiresAt = expiresAt
    }
}

/// `POST /api/v1/invites/{token}`: the new account's name and password (the email is the invitation's).
public struct InviteAcceptRequest: Codable, Sendable, Equatable {
    public var username: String
    public var password: String
    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }
}

public struct SellerArtistDTO: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    /// The store's commission on this artist's sales (1500 = 15 %).
    public var commissionBasisPoints: Int
    public init(id: String, name: String, commissionBasisPoints: Int) {
        self.id = id
        self.name = name
        self.commissionBasisPoints = commissionBasisPoints
    }
}

public struct SellerBalanceDTO: Codable, Sendable, Equatable {
    public var coins: Int
    /// What the coins are worth at the payout coin value.
    public var value: MoneyDTO
    public init(coins: Int, value: MoneyDTO) {
        self.coins = coins
        self.value = value
    }
}

public struct SalesTotalsDTO: Codable, Sendable, Equatable {
    public var sales: Int
    public var gross: Int
    public var commission: Int
    public var net: Int
    public init(sales: Int, gross: Int, commission: Int, net: Int) {
        self.sales = sales
        self.gross = gross
        self.commission = commission
        self.net = net
    }
}

/// One sale: what the buyer paid (gross), the store's commission and the seller's share (net).
public struct SellerSaleDTO: Codable, Sendable, Equatable {
    public var purchaseId: String
    public var at: Date
    public var artistId: String
    public var artistName: String
    /// `track` or `album`.
    public var kind: String
    public var title: String
    public var gross: Int
    public var commission: Int
    public var net: Int
    /// Bought before the album's release date.
    public var preOrder: Bool
    public init(
        purchaseId: String, at: Date, artistId: String, artistName: String, kind: String, title: String, gross: Int,
        commission: Int, net: Int, preOrder: Bool
    ) {
        self.purchaseId = purchaseId
        self.at = at
        self.artistId = artistId
        self.artistName = artistName
        self.kind = kind
        self.title = title
        self.gross = gross
        self.commission = commission
        self.net = net
        self.preOrder = preOrder
    }
}

public struct PayoutDTO: Codable, Sendable, Equatable {
    public var id: String
    public var coins: Int
    public var amount: MoneyDTO
    /// `YYYY-MM-DD`.
    public var paidOn: String
    public var reference: String
    public var at: Date
    public init(id: String, coins: Int, amount: MoneyDTO, paidOn: String, reference: String, at: Date) {
        self.id = id
        self.coins = coins
        self.amount = amount
        self.paidOn = paidOn
        self.reference = reference
        self.at = at
    }
}

/// `GET /api/v1/artist/overview`.
public struct SellerOverviewDTO: Codable, Sendable, Equatable {
    public var account: String
    public var role: String
    public var label: String?
    public var artists: [SellerArtistDTO]
    public var balance: SellerBalanceDTO
    /// Money per coin (minor units) for payouts.
    public var coinValue: MoneyDTO
    public var totals: SalesTotalsDTO
    public var recentSales: [SellerSaleDTO]
    public var payouts: [PayoutDTO]
    public init(
        account: String, role: String, label: String?, artists: [SellerArtistDTO], balance: SellerBalanceDTO,
        coinValue: MoneyDTO, totals: SalesTotalsDTO, recentSales: [SellerSaleDTO], payouts: [PayoutDTO]
    ) {
        self.account = account
        self.role = role
        self.label = label
        self.artists = artists
        self.balance = balance
        self.coinValue = coinValue
        self.totals = totals
        self.recentSales = recentSales
        self.payouts = payouts
    }
}

public struct SellerSongDTO: Codable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var trackNumber: Int
    public var discNumber: Int
    public var durationMs: Int
    public var price: Int
    public var nameYourPrice: Bool
    public var published: Bool
    public init(
        id: String, title: String, trackNumber: Int, discNumber: Int, durationMs: Int, price: Int, nameYourPrice: Bool,
        published: Bool
    ) {
        self.id = id
        self.title = title
        self.trackNumber = trackNumber
        self.discNumber = discNumber
        self.durationMs = durationMs
        self.price = price
        self.nameYourPrice = nameYourPrice
        self.published = published
    }
}

/// An album as its seller manages it.
public struct SellerReleaseDTO: Codable, Sendable, Equatable {
    public var albumId: String
    public var title: String
    public var artistId: String
    public var artistName: String
    public var year: Int?
    public var artworkUrl: String
    /// What a new buyer is charged (the minimum with name-your-price).
    public var price: Int
    /// The album price the seller set; nil: the sum of its songs' prices (scaled as the store does).
    public var albumPrice: Int?
    public var nameYourPrice: Bool
    /// `YYYY-MM-DD`; nil: out now.
    public var availableOn: String?
    public var preOrder: Bool
    public var published: Bool
    public var sales: Int
    public var tracks: [SellerSongDTO]
    public init(
        albumId: String, title: String, artistId: String, artistName: String, year: Int?, artworkUrl: String,
        price: Int, albumPrice: Int?, nameYourPrice: Bool, availableOn: String?, preOrder: Bool, published: Bool,
        sales: Int, tracks: [SellerSongDTO]
    ) {
        self.albumId = albumId
        self.title = title
        self.artistId = artistId
        self.artistName = artistName
        self.year = year
        self.artworkUrl = artworkUrl
        self.price = price
        self.albumPrice = albumPrice
        self.nameYourPrice = nameYourPrice
        self.availableOn = availableOn
        self.preOrder = preOrder
        self.published = published
        self.sales = sales
        self.tracks = tracks
    }
}

public struct SellerReleaseListDTO: Codable, Sendable, Equatable {
    public var releases: [SellerReleaseDTO]
    public init(releases: [SellerReleaseDTO]) { self.releases = releases }
}

/// `PUT /api/v1/artist/albums/{id}`: the whole form.
public struct ReleaseChangeRequest: Codable, Sendable, Equatable {
    public var albumPrice: Int?
    public var nameYourPrice: Bool
    public var availableOn: String?
    public var published: Bool
    public init(albumPrice: Int?, nameYourPrice: Bool, availableOn: String?, published: Bool) {
        self.albumPrice = albumPrice
        self.nameYourPrice = nameYourPrice
        self.availableOn = availableOn
        self.published = published
    }
}

/// `PUT /api/v1/artist/tracks/{id}`.
public struct SongPriceRequest: Codable, Sendable, Equatable {
    public var price: Int
    public var nameYourPrice: Bool
    public init(price: Int, nameYourPrice: Bool) {
        self.price = price
        self.nameYourPrice = nameYourPrice
    }
}

/// `GET /api/v1/artist/statements/{month}`.
public struct SellerStatementDTO: Codable, Sendable, Equatable {
    public var month: String
    public var account: String
    public var artists: [SellerArtistDTO]
    public var lines: [SellerSaleDTO]
    public var totals: SalesTotalsDTO
    public var payouts: [PayoutDTO]
    public var openingBalance: Int
    public var closingBalance: Int
    public var coinValue: MoneyDTO
    public init(
        month: String, account: String, artists: [SellerArtistDTO], lines: [SellerSaleDTO], totals: SalesTotalsDTO,
        payouts: [PayoutDTO], openingBalance: Int, closingBalance: Int, coinValue: MoneyDTO
    ) {
        self.month = month
        self.account = account
        self.artists = artists
        self.lines = lines
        self.totals = totals
        self.payouts = payouts
        self.openingBalance = openingBalance
        self.closingBalance = closingBalance
        self.coinValue = coinValue
    }
}

/// `POST /api/v1/admin/invites`.
public struct AdminInviteRequest: Codable, Sendable, Equatable {
    public var email: String
    public var role: String
    public var label: String?
    public var artists: [String]
    public init(email: String, role: String, label: String?, artists: [String]) {
        self.email = email
        self.role = role
        self.label = label
        self.artists = artists
    }
}

public struct AdminInviteDTO: Codable, Sendable, Equatable {
    public var link: String
    public var email: String
    public var expiresAt: Date
    public init(link: String, email: String, expiresAt: Date) {
        self.link = link
        self.email = email
        self.expiresAt = expiresAt
    }
}

public struct AdminSellerDTO: Codable, Sendable, Equatable {
    public var userId: String
    public var username: String
    public var role: String
    public var label: String?
    public var artists: [SellerArtistDTO]
    public var balance: Int
    public var value: MoneyDTO
    public init(
        userId: String, username: String, role: String, label: String?, artists: [SellerArtistDTO], balance: Int,
        value: MoneyDTO
    ) {
        self.userId = userId
        self.username = username
        self.role = role
        self.label = label
        self.artists = artists
        self.balance = balance
        self.value = value
    }
}

public struct AdminSellerListDTO: Codable, Sendable, Equatable {
    public var accounts: [AdminSellerDTO]
    public var defaultCommissionBasisPoints: Int
    public var coinValue: MoneyDTO
    public init(accounts: [AdminSellerDTO], defaultCommissionBasisPoints: Int, coinValue: MoneyDTO) {
        self.accounts = accounts
        self.defaultCommissionBasisPoints = defaultCommissionBasisPoints
        self.coinValue = coinValue
    }
}

/// `POST /api/v1/admin/artists/{id}/payouts`.
public struct PayoutRequest: Codable, Sendable, Equatable {
    public var coins: Int
    /// `YYYY-MM-DD`; absent: today (UTC).
    public var paidOn: String?
    public var reference: String
    public init(coins: Int, paidOn: String?, reference: String) {
        self.coins = coins
        self.paidOn = paidOn
        self.reference = reference
    }
}
