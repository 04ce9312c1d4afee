/// `albums.price` holds only the operator's own bundle price. Builds before this one wrote a derived
/// price there after every import (80 % of the album's songs, at least 1), which then froze as if the
/// operator had set it: an album that later gained songs kept the price of its first import. This
/// clears every price that equals what that old step derives from the album's current songs, so
/// those albums are priced from their songs again (`AlbumPricing`); other prices are the
/// operator's and stay.
///
/// The comparison is the old statement's own expression cast the way its assignment cast it: whole
/// coins rounded down on SQLite (integer division), rounded to the nearest on PostgreSQL (`SUM` is
/// `numeric` there, and storing it into the `BIGINT` column rounds).
///
/// Known limit: a price frozen from an earlier, smaller set of songs does not equal today's derived
/// value and so cannot be told from an operator's price; it stays.
enum Migration007OperatorAlbumPrices {
    static let migration = Migration(version: 7, name: "operator album prices") { _ in
        [
            """
            UPDATE albums SET price = NULL
            WHERE price IS NOT NULL AND price = CAST((SELECT CASE WHEN SUM(t.price) * 8 / 10 < 1 THEN 1
                ELSE SUM(t.price) * 8 / 10 END FROM tracks t WHERE t.album_id = albums.id) AS BIGINT)
            """
        ]
    }
}
