/// An index holding what an album's row sums over its songs (`CatalogSQL.albumColumns`: how many are on
/// sale, their prices, whether any is explicit), so those four subqueries read the index alone. Through
/// `tracks_album` each read every song's row of the table: at 10M songs the 20 albums of a search's answer
/// took 840 of its 1,900 b-tree seeks, each song's row on a page of its own (issue 35).
/// The statements are written out here: this migration must keep meaning what it meant.
enum Migration030AlbumTrackSums {
    static let migration = Migration(version: 30, name: "album track sums") { _ in
        ["CREATE INDEX tracks_album_sums ON tracks (album_id, withdrawn_at, price, explicit)"]
    }
}
