import Foundation
import SQLKit
import SoTubeCore

/// The dashboard's figures from the aggregates the database keeps (`Migration017Operators`): a
/// range reads one row per day and metric, and the top sellers one row per day and item sold.
public struct SQLSalesFigures: SalesFiguresStore {
    let backend: any SQLBackend

    package init(backend: any SQLBackend) { self.backend = backend }

    public func dailySales(in range: SalesRange) async throws -> [DailySalesRow] {
        try await SalesPending.fold(backend)
        return try await backend.read { db in
            try await db.raw(
                """
                SELECT day, metric, currency, amount, entries FROM sales_daily
                WHERE day >= \(bind: range.from.daysSinceEpoch) AND day <= \(bind: range.to.daysSinceEpoch)
                """
            ).all().map { row in
                DailySalesRow(
                    day: CivilDay(daysSinceEpoch: try row.decode(column: "day", as: Int64.self)),
                    metric: try row.decode(column: "metric", as: String.self),
                    currency: try row.decode(column: "currency", as: String.self),
                    amount: try row.decode(column: "amount", as: Int64.self),
                    entries: try row.decode(column: "entries", as: Int64.self))
            }
        }
    }

    public func topSellers(in range: SalesRange, limit: Int) async throws
        -> (tracks: [TopSeller], albums: [TopSeller], artists: [TopSeller])
    {
        let segments = SalesSegments(range)
        try await SalesPending.fold(backend)
        return try await backend.read { db in
            let tracks = try await Self.top("track", segments, limit: limit, db)
            let albums = try await Self.top("album", segments, limit: limit, db)
            let artists = try await Self.top("artist", segments, limit: limit, db)
            return (
                try await Self.named(tracks, "tracks t LEFT JOIN artists ar ON ar.id = t.artist_id", "t.title", db),
                try await Self.named(albums, "albums t LEFT JOIN artists ar ON ar.id = t.artist_id", "t.title", db),
                try await Self.named(artists, "artists ar", "ar.name", db)
            )
        }
    }

    /// One item's sales in the range.
    struct Total: Sendable {
        var id: String
        var coins: Int64
        var sales: Int64
    }

    /// The `limit` items of `kind` that took the most coins in the segments, exactly, without summing
    /// every item sold (a year of a large store is hundreds of thousands of rows): each segment's
    /// best `k` items (an index gives them in order) are the candidates, their whole totals are summed,
    /// and the answer stands once the last of the `limit` best exceeds what any other item can have
    /// taken, the sum of each segment's `k`-th best (R. Fagin's threshold). Otherwise `k` grows; past
    /// 4096 every item is summed.
    static func top(_ kind: String, _ segments: SalesSegments, limit: Int, _ db: any SQLDatabase) async throws
        -> [Total]
    {
        var k = max(32, limit * 3)
        while k <= 4096 {
            var candidates = Set<String>()
            var threshold: Int64 = 0
            var exhausted = true
            func take(_ rows: [any SQLRow]) throws {
                for row in rows { candidates.insert(try row.decode(column: "item_id", as: String.self)) }
                if rows.count == k, let last = rows.last {
                    threshold += try last.decode(column: "coins", as: Int64.self)
                    exhausted = false
                }
            }
            for day in segments.days {
                try take(
                    try await db.raw(
                        """
                        SELECT item_id, coins FROM sales_items WHERE day = \(bind: day) AND item_kind = \(bind: kind)
                        ORDER BY coins DESC LIMIT \(bind: k)
                        """
                    ).all())
            }
            for month in segments.months {
                try take(
                    try await db.raw(
                        """
                        SELECT item_id, coins FROM sales_items_monthly
                        WHERE month = \(bind: month) AND item_kind = \(bind: kind) ORDER BY coins DESC LIMIT \(bind: k)
                        """
                    ).all())
            }
            let totals = try await sums(kind, segments, items: Array(candidates), db)
            if exhausted || (totals.count >= limit && totals[limit - 1].coins > threshold) {
                return Array(totals.prefix(limit))
            }
            k *= 4
        }
        return Array(try await sums(kind, segments, items: nil, db).prefix(limit))
    }

    /// The totals of `items` (nil: every item) over the segments, best first (coins, then id).
    static func sums(_ kind: String, _ segments: SalesSegments, items: [String]?, _ db: any SQLDatabase) async throws
        -> [Total]
    {
        var totals: [String: Total] = [:]
        func add(_ rows: [any SQLRow]) throws {
            for row in rows {
                let id = try row.decode(column: "item_id", as: String.self)
                var total = totals[id] ?? Total(id: id, coins: 0, sales: 0)
                total.coins += try row.decode(column: "coins", as: Int64.self)
                total.sales += try row.decode(column: "sales", as: Int64.self)
                totals[id] = total
            }
        }
        let chunks: [[String]?] =
            items.map { ids in stride(from: 0, to: ids.count, by: 500).map { Array(ids[$0..<min($0 + 500, ids.count)]) }
            }
            ?? [nil]
        for chunk in chunks {
            if let chunk, chunk.isEmpty { continue }
            let only: SQLQueryString = chunk.map { " AND item_id IN (\(binds: $0))" } ?? ""
            for run in segments.dayRuns {
                try add(
                    try await db.raw(
                        """
                        SELECT item_id, CAST(SUM(coins) AS BIGINT) AS coins, CAST(SUM(sales) AS BIGINT) AS sales
                        FROM sales_items WHERE item_kind = \(bind: kind)\(only)
                            AND day >= \(bind: run.lowerBound) AND day <= \(bind: run.upperBound)
                        GROUP BY item_id
                        """
                    ).all())
            }
            if let first = segments.months.first, let last = segments.months.last {
                try add(
                    try await db.raw(
                        """
                        SELECT item_id, CAST(SUM(coins) AS BIGINT) AS coins, CAST(SUM(sales) AS BIGINT) AS sales
                        FROM sales_items_monthly WHERE item_kind = \(bind: kind)\(only)
                            AND month >= \(bind: first) AND month <= \(bind: last)
                        GROUP BY item_id
                        """
                    ).all())
            }
        }
        return totals.values.sorted { $0.coins != $1.coins ? $0.coins > $1.coins : $0.id < $1.id }
    }

    /// The totals with their names from the catalog (`table` aliased t, its artist ar).
    static func named(_ totals: [Total], _ table: String, _ title: String, _ db: any SQLDatabase) async throws
        -> [TopSeller]
    {
        guard !totals.isEmpty else { return [] }
        let idColumn = table.hasPrefix("artists") ? "ar.id" : "t.id"
        let rows = try await db.raw(
            """
            SELECT \(unsafeRaw: idColumn) AS id, \(unsafeRaw: title) AS title, ar.name AS artist FROM \(unsafeRaw: table)
            WHERE \(unsafeRaw: idColumn) IN (\(binds: totals.map(\.id)))
            """
        ).all()
        var names: [String: (String, String)] = [:]
        for row in rows {
            names[try row.decode(column: "id", as: String.self)] = (
                try row.decode(column: "title", as: String?.self) ?? "",
                try row.decode(column: "artist", as: String?.self) ?? ""
            )
        }
        return totals.map {
            TopSeller(
                id: $0.id, title: names[$0.id]?.0 ?? "", artist: names[$0.id]?.1 ?? "", coins: $0.coins, sales: $0.sales
            )
        }
    }
}
