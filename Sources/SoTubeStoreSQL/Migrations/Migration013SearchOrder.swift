/// Search documents renumbered (`SearchRanking.Bands`): the bands in a new order, songs first, and inside
/// each band shorter names first, in slots of 10^9 ids per name length (999 and longer share the
/// last). The full-text index then yields the best hits of a tier first, so a pass that adds songs
/// found through their artist or album stops as soon as it has enough, and a scan that runs past
/// its band's end runs into the small bands only. SQLite gets a second full-text index over song
/// titles alone (`search_names`), and both are built over the new numbers. The numbers are written out
/// here: this migration must keep meaning what it meant.
enum Migration013SearchOrder {
    static let migration = Migration(version: 13, name: "search order") { dialect in
        let width = "1000000000000"
        // Old bands: artist 1, album 2, explicit album 3, playlist 4, track 5, explicit track 6.
        let band =
            "CASE doc_id / \(width) WHEN 1 THEN 5 WHEN 2 THEN 3 WHEN 3 THEN 4 WHEN 4 THEN 6 WHEN 5 THEN 1 ELSE 2 END"
        let slot = "CASE WHEN length(name) > 999 THEN 999 ELSE length(name) END"
        var statements = [
            """
            CREATE TABLE search_documents_renumbered AS
            SELECT (\(band)) * \(width) + CAST(\(slot) AS BIGINT) * 1000000000
                    + ROW_NUMBER() OVER (PARTITION BY doc_id / \(width), \(slot) ORDER BY doc_id) AS doc_id,
                kind, entity_id, display, name, context
            FROM search_documents
            """,
            "DELETE FROM search_documents",
            """
            INSERT INTO search_documents (doc_id, kind, entity_id, display, name, context)
            SELECT doc_id, kind, entity_id, display, name, context FROM search_documents_renumbered ORDER BY doc_id
            """,
            "DROP TABLE search_documents_renumbered",
        ]
        if dialect.hasSeparateSearchIndex {
            statements += [
                // Song titles alone, for the names pass over songs: one column, no positions (the
                // pass needs neither), the same words and prefix lengths as `search_index`.
                """
                CREATE VIRTUAL TABLE search_names USING fts5(
                    name, content='search_documents', content_rowid='doc_id',
                    tokenize='unicode61 remove_diacritics 0', prefix='\(StoreDialect.prefixLengths)', detail=none)
                """,
                "INSERT INTO search_index(search_index) VALUES('rebuild')",
                "INSERT INTO search_index(search_index) VALUES('optimize')",
                "INSERT INTO search_names(rowid, name) SELECT doc_id, name FROM search_documents WHERE kind = 'track'",
                "INSERT INTO search_names(search_names) VALUES('optimize')",
            ]
        }
        return statements
    }
}
