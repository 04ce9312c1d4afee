import Foundation

/// A catalog artist as its account sees it: the commission the store takes of its sales.
public struct SellingArtist: Sendable, Equatable {
    public var id: String
    public var name: String
    /// The per-artist override, nil: the store's default.
    public var commissionOverride: Int?
    public var commissionBasisPoints: Int

    public init(id: String, name: String, commissionOverride: Int?, commissionBasisPoints: Int) {
        self.id = id
        self.name = name
        self.commissionOverride = commissionOverride
        self.commissionBasisPoints = commissionBasisPoints
    }
}

/// An artist's or label's account with what it sells and what it is owed.
public struct SellerAccount: Sendable, Equatable {
    public var user: User
    public var labelName: String?
    public var artists: [SellingArtist]
    /// Coins earned and not yet paid out.
    public var balance: Int

    public init(user: User, labelName: String?, artists: [SellingArtist], balance: Int) {
        self.user = user
        self.labelName = labelName
        self.artists = artists
        self.balance = balance
    }
}

/// One sale as the seller's statement shows it: the buyer's coins, the store's part, the seller's.
public struct SellerSale: Sendable, Equatable {
    public var purchaseID: String
    public var at: Date
    public var artistID: String
    public var artistName: String
    public var kind: PurchaseKind
    public var title: String
    public var gross: Int
    public var commission: Int
    public var net: Int
    /// Bought before the album's release date.
    public var preOrder: Bool

    public init(
        purchaseID: String, at: Date, artistID: String, artistName: String, kind: PurchaseKind, title: String,
        gross: Int, commission: Int, net: Int, preOrder: Bool
    ) {
        self.purchaseID = purchaseID
        self.at = at
        self.artistID = artistID
        self.artistName = artistName
        self.kind = kind
        self.title = title
        self.gross = gross
        self.commission = commission
        self.net = net
        self.preOrder = preOrder
    }
}

/// Coins paid out to a seller outside the store (a bank transfer): the balance goes down by `coins`.
public struct Payout: Sendable, Equatable {
    public var id: String
    public var accountID: String
    public var coins: Int
    public var money: Money
    public var paidOn: CivilDay
    public var reference: String
    public var createdBy: String?
    public var createdAt: Date

    public init(
        id: String, accountID: String, coins: Int, money: Money, paidOn: CivilDay, reference: String,
        createdBy: String?, createdAt: Date
    ) {
        self.id = id
        self.accountID = accountID
        self.coins = coins
        self.money = money
        self.paidOn = paidOn
        self.reference = reference
        self.createdBy = createdBy
        self.createdAt = createdAt
    }
}

/// The sums of a list of sales.
public struct SalesTotals: Sendable, Equatable {
    public var sales: Int
    public var gross: Int
    public var commission: Int
    public var net: Int

    public init(sales: Int = 0, gross: Int = 0, commission: Int = 0, net: Int = 0) {
        self.sales = sales
        self.gross = gross
        self.commission = commission
        self.net = net
    }

    public init(_ lines: [SellerSale]) {
        self.init(
            sales: lines.count, gross: lines.reduce(0) { $0 + $1.gross },
            commission: lines.reduce(0) { $0 + $1.commission }, net: lines.reduce(0) { $0 + $1.net })
    }
}

/// A seller's month: its sales, payouts and the balance before and after.
public struct SellerStatement: Sendable, Equatable {
    public var month: StatementMonth
    public var lines: [SellerSale]
    public var payouts: [Payout]
    public var openingBalance: Int
    public var closingBalance: Int
    public var totals: SalesTotals { SalesTotals(lines) }

    public init(month: StatementMonth, lines: [SellerSale], payouts: [Payout], openingBalance: Int, closingBalance: Int)
    {
        self.month = month
        self.lines = lines
        self.payouts = payouts
        self.openingBalance = openingBalance
        self.closingBalance = closingBalance
    }
}

/// The store-wide settings of selling: the default commission and what a coin is worth when paid out.
public struct SellingSettings: Sendable, Equatable {
    public var commissionBasisPoints: Int
    /// Money per coin in minor units (1 USD cent by default).
    public var coinValue: Money

    public static let standard = SellingSettings(
        commissionBasisPoints: RevenueSplit.defaultCommissionBasisPoints, coinValue: Money(amount: 1, currency: "USD"))

    public init(commissionBasisPoints: Int, coinValue: Money) {
        self.commissionBasisPoints = commissionBasisPoints
        self.coinValue = coinValue
    }

    /// What `coins` are worth at the payout coin value.
    public func value(of coins: Int) -> Money {
        let (amount, overflow) = coins.multipliedReportingOverflow(by: coinValue.amount)
        return Money(amount: overflow ? Int.max : amount, currency: coinValue.currency)
    }
}

/// An invitation to sell: who, as what, for which artists. Only the hash of its token is stored.
public struct SellerInvite: Sendable, Equatable {
    public var tokenHash: String
    public var email: String
    public var role: UserRole
    public var labelName: String?
    public var artistNames: [String]
    public var createdAt: Date
    public var expiresAt: Date
    public var acceptedBy: String?

    public init(
        tokenHash: String, email: String, role: UserRole, labelName: String?, artistNames: [String], createdAt: Date,
        expiresAt: Date, acceptedBy: String? = nil
    ) {
        self.tokenHash = tokenHash
        self.email = email
        self.role = role
        self.labelName = labelName
        self.artistNames = artistNames
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.acceptedBy = acceptedBy
    }
}

/// An album as its seller manages it: prices, name-your-price, release date, on sale or withdrawn.
public struct SellerRelease: Sendable, Equatable {
    public struct Song: Sendable, Equatable {
        public var id: String
        public var title: String
        public var trackNumber: Int
        public var discNumber: Int
        public var durationMs: Int
        public var price: Int
        public var nameYourPrice: Bool
        public var published: Bool

        public init(
            id: String, title: String, trackNumber: Int, discNumber: Int, durationMs: Int, price: Int,
            nameYourPrice: Bool, published: Bool
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

    public var album: CatalogAlbum
    public var songs: [Song]
    /// Purchases of the album or of its songs.
    public var sales: Int
    /// Some song is on sale.
    public var published: Bool { songs.contains(where: \.published) }

    public init(album: CatalogAlbum, songs: [Song], sales: Int) {
        self.album = album
        self.songs = songs
        self.sales = sales
    }
}

/// A seller's change to an album: every field is set (the form sends the whole state).
public struct ReleaseChange: Sendable, Equatable {
    public var albumPrice: Int?
    public var nameYourPrice: Bool
    public var availableOn: CivilDay?
    public var published: Bool

    public init(albumPrice: Int?, nameYourPrice: Bool, availableOn: CivilDay?, published: Bool) {
        self.albumPrice = albumPrice
        self.nameYourPrice = nameYourPrice
        self.availableOn = availableOn
        self.published = published
    }
}
