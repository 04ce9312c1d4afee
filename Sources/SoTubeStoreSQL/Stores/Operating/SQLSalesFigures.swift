import Foundation
import SQLKit
import SoTubeCore

/// The dashboard's figures from the aggregates the database keeps (`Migration017Operators`): a
/// range reads one row per day and metric, and the top sellers one row per day and item sold.
public struct SQLSalesFigures: SalesFiguresStore {
    let backend: any SQLBackend

    package init(backend: any SQLBackend) { self.backend = backend }

    public func dailySales(in range: SalesRange) async throws -> [DailySalesRow] {
        try await backend.read { db in
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
        let (from, to) = (range.from.daysSinceEpoch, range.to.daysSinceEpoch)
        return try await backend.read { db in
            func sellers(_ query: SQLQueryString) async throws -> [TopSeller] {
                try await db.raw(query).all().map { row in
                    TopSeller(
                        id: try row.decode(column: "id", as: String.self),
                        title: try row.decode(column: "title", as: String?.self) ?? "",
                        artist: try row.decode(column: "artist", as: String?.self) ?? "",
                        coins: try row.decode(column: "coins", as: Int64.self),
                        sales: try row.decode(column: "sales", as: Int64.self))
                }
            }
            // Summed per item first (the range's rows), then named: only the winners meet the catalog.
            let tracks = try await sellers(
                """
                SELECT s.item_id AS id, t.title AS title, ar.name AS artist, s.coins AS coins, s.sales AS sales
                FROM (SELECT item_id, CAST(SUM(coins) AS BIGINT) AS coins, CAST(SUM(sales) AS BIGINT) AS sales FROM sales_items
                      WHERE item_kind = 'track' AND day >= \(bind: from) AND day <= \(bind: to)
                      GROUP BY item_id ORDER BY SUM(coins) DESC, item_id LIMIT \(bind: limit)) s
                LEFT JOIN tracks t ON t.id = s.item_id LEFT JOIN artists ar ON ar.id = t.artist_id
                ORDER BY s.coins DESC, s.item_id
                """)
            let albums = try await sellers(
                """
                SELECT s.item_id AS id, al.title AS title, ar.name AS artist, s.coins AS coins, s.sales AS sales
                FROM (SELECT item_id, CAST(SUM(coins) AS BIGINT) AS coins, CAST(SUM(sales) AS BIGINT) AS sales FROM sales_items
                      WHERE item_kind = 'album' AND day >= \(bind: from) AND day <= \(bind: to)
                      GROUP BY item_id ORDER BY SUM(coins) DESC, item_id LIMIT \(bind: limit)) s
                LEFT JOIN albums al ON al.id = s.item_id LEFT JOIN artists ar ON ar.id = al.artist_id
                ORDER BY s.coins DESC, s.item_id
                """)
            let artists = try await sellers(
                """
                SELECT a.artist_id AS id, ar.name AS title, ar.name AS artist, a.coins AS coins, a.sales AS sales
                FROM (SELECT COALESCE(t.artist_id, al.artist_id) AS artist_id, CAST(SUM(s.coins) AS BIGINT) AS coins,
                          CAST(SUM(s.sales) AS BIGINT) AS sales
                      FROM sales_items s
                      LEFT JOIN tracks t ON s.item_kind = 'track' AND t.id = s.item_id
                      LEFT JOIN albums al ON s.item_kind = 'album' AND al.id = s.item_id
                      WHERE s.day >= \(bind: from) AND s.day <= \(bind: to)
                          AND COALESCE(t.artist_id, al.artist_id) IS NOT NULL
                      GROUP BY COALESCE(t.artist_id, al.artist_id)
                      ORDER BY SUM(s.coins) DESC, COALESCE(t.artist_id, al.artist_id) LIMIT \(bind: limit)) a
                JOIN artists ar ON ar.id = a.artist_id
                ORDER BY a.coins DESC, a.artist_id
                """)
            return (tracks, albums, artists)
        }
    }
}
