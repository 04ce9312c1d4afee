/// The operator's dashboard figures, made from the sales aggregates the store keeps (one row per UTC
/// day, metric and currency, updated by the database in the transaction of each ledger entry,
/// purchase and sign-up). Pure: the store hands over rows, this groups them.
public enum SalesGrouping: String, Sendable, CaseIterable {
    case day, week, month

    /// The first day of the period holding `day` (weeks start on Monday).
    public func periodStart(_ day: CivilDay) -> CivilDay {
        switch self {
        case .day: return day
        case .week: return day.weekStart
        case .month: return day.monthStart
        }
    }

    /// The first day of the period after the one starting at `start`.
    func next(after start: CivilDay) -> CivilDay {
        switch self {
        case .day: return start.adding(days: 1)
        case .week: return start.adding(days: 7)
        case .month:
            let (year, month, _) = start.components
            return CivilDay(year: month == 12 ? year + 1 : year, month: month == 12 ? 1 : month + 1, day: 1)
                ?? start.adding(days: 31)
        }
    }
}

/// One aggregate row: `amount` summed and `entries` counted for `metric` (and `currency`) on `day`.
public struct DailySalesRow: Sendable, Equatable {
    public var day: CivilDay
    /// `ledger:<kind>` (coins moved by that kind of ledger entry, signed), `purchase:<kind>` (coins
    /// spent on songs or albums), `money` (minor units paid, per currency), `users` (sign-ups).
    public var metric: String
    public var currency: String
    public var amount: Int64
    public var entries: Int64

    public init(day: CivilDay, metric: String, currency: String = "", amount: Int64, entries: Int64) {
        self.day = day
        self.metric = metric
        self.currency = currency
        self.amount = amount
        self.entries = entries
    }
}

/// What one period (or the whole range) took in.
public struct SalesFigures: Sendable, Equatable {
    /// Currency code → minor units received for coin packs.
    public var money: [String: Int64] = [:]
    public var coinsSold: Int64 = 0
    public var coinsSpentOnSongs: Int64 = 0
    public var coinsSpentOnAlbums: Int64 = 0
    /// Operators' grants less their takes.
    public var coinsGranted: Int64 = 0
    public var coinsFromCodes: Int64 = 0
    public var coinsRefunded: Int64 = 0
    public var purchases: Int64 = 0
    public var newBuyers: Int64 = 0

    public init() {}

    /// Adds one aggregate row (saturating: no sum can trap).
    public mutating func add(_ row: DailySalesRow) {
        func plus(_ a: Int64, _ b: Int64) -> Int64 {
            let (sum, overflow) = a.addingReportingOverflow(b)
            return overflow ? (b > 0 ? .max : .min) : sum
        }
        switch row.metric {
        case "money": money[row.currency] = plus(money[row.currency] ?? 0, row.amount)
        case "ledger:top-up": coinsSold = plus(coinsSold, row.amount)
        case "ledger:grant": coinsGranted = plus(coinsGranted, row.amount)
        case "ledger:gift-code": coinsFromCodes = plus(coinsFromCodes, row.amount)
        case "ledger:refund": coinsRefunded = plus(coinsRefunded, row.amount == .min ? .max : -row.amount)
        case "purchase:track":
            coinsSpentOnSongs = plus(coinsSpentOnSongs, row.amount)
            purchases = plus(purchases, row.entries)
        case "purchase:album":
            coinsSpentOnAlbums = plus(coinsSpentOnAlbums, row.amount)
            purchases = plus(purchases, row.entries)
        case "users": newBuyers = plus(newBuyers, row.entries)
        default: break  // a metric a newer build writes
        }
    }
}

/// A range of whole UTC days, both ends included.
public struct SalesRange: Sendable, Equatable {
    public var from: CivilDay
    public var to: CivilDay

    /// The longest range one dashboard shows (about ten years).
    public static let maxDays: Int64 = 3700

    public init(from: CivilDay, to: CivilDay) {
        self.from = from
        self.to = to
    }

    /// From query values (`YYYY-MM-DD`; missing: the 30 days up to `today`).
    public static func parse(from: String?, to: String?, today: CivilDay) throws -> SalesRange {
        func day(_ text: String?, field: String, default value: CivilDay) throws -> CivilDay {
            guard let text, !text.isEmpty else { return value }
            guard let day = CivilDay(iso: text) else {
                throw DomainError.invalid(field: field, reason: "\(field) is a date such as 2026-11-27.")
            }
            return day
        }
        let end = try day(to, field: "to", default: today)
        let start = try day(from, field: "from", default: end.adding(days: -29))
        guard start <= end else {
            throw DomainError.invalid(field: "from", reason: "from is on or before to.")
        }
        guard end.daysSinceEpoch - start.daysSinceEpoch < maxDays else {
            throw DomainError.invalid(field: "from", reason: "Show at most \(maxDays) days at once.")
        }
        return SalesRange(from: start, to: end)
    }
}

/// A song, album or artist and what it sold in the range.
public struct TopSeller: Sendable, Equatable {
    public var id: String
    public var title: String
    public var artist: String
    public var coins: Int64
    public var sales: Int64

    public init(id: String, title: String, artist: String, coins: Int64, sales: Int64) {
        self.id = id
        self.title = title
        self.artist = artist
        self.coins = coins
        self.sales = sales
    }
}

/// The dashboard: every period of the range (empty ones too, so charts keep their axis), the totals
/// and the top sellers.
public struct SalesReport: Sendable, Equatable {
    public struct Period: Sendable, Equatable {
        public var start: CivilDay
        public var figures: SalesFigures
    }

    public var range: SalesRange
    public var grouping: SalesGrouping
    public var periods: [Period]
    public var totals: SalesFigures
    public var topTracks: [TopSeller] = []
    public var topAlbums: [TopSeller] = []
    public var topArtists: [TopSeller] = []

    /// Groups `rows` (those outside the range are left out) by `grouping`.
    public init(rows: [DailySalesRow], range: SalesRange, grouping: SalesGrouping) {
        self.range = range
        self.grouping = grouping
        var starts: [CivilDay] = []
        var start = grouping.periodStart(range.from)
        while start <= range.to {
            starts.append(start)
            start = grouping.next(after: start)
        }
        var byStart: [CivilDay: SalesFigures] = [:]
        var totals = SalesFigures()
        for row in rows where row.day >= range.from && row.day <= range.to {
            byStart[grouping.periodStart(row.day), default: SalesFigures()].add(row)
            totals.add(row)
        }
        self.periods = starts.map { Period(start: $0, figures: byStart[$0] ?? SalesFigures()) }
        self.totals = totals
    }
}

/// Where the dashboard's figures come from.
public protocol SalesFiguresStore: Sendable {
    /// The aggregate rows of the days in `range`.
    func dailySales(in range: SalesRange) async throws -> [DailySalesRow]
    /// The songs bought alone, the albums and the artists that took the most coins in `range`.
    func topSellers(in range: SalesRange, limit: Int) async throws
        -> (tracks: [TopSeller], albums: [TopSeller], artists: [TopSeller])
}
