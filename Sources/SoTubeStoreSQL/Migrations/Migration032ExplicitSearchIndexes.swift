/// SQLite: explicit songs and albums get a full-text index of their own besides their kind's
/// (`SearchFullText.explicitTable`, issue 35). FTS5 looks for a query's first hit from the start of its
/// index before it skips to the lowest rowid asked for, so the full pass over the explicit band of
/// `search_index` (doc_ids from 2·10¹²) first walked the clean band's lists up to a song holding every
/// word. At 10M songs, for three words that meet in few songs, that walk cost about 2 ms of the pass's
/// 6 (`red green darbr`: 2.3 ms for a band holding none of its 6 songs, 0.3 ms in an index of the band
/// alone). The kinds' own indexes keep every document. PostgreSQL seeks its `search_tokens` b-tree to
/// the band: nothing changes there. The statements are written out here: this migration must keep
/// meaning what it meant.
enum Migration032ExplicitSearchIndexes {
    /// Each new index's name, its kind, and its band's doc_ids.
    static let indexes: [(table: String, kind: String, lo: Int64, hi: Int64)] = [
        ("search_explicit_songs", "track", 2_000_000_000_000, 3_000_000_000_000),
        ("search_explicit_albums", "album", 4_000_000_000_000, 5_000_000_000_000),
    ]

    static let migration = Migration(version: 32, name: "explicit search indexes") { dialect in
        guard dialect.hasSeparateSearchIndex else { return [] }
        return indexes.flatMap { index in
            [
                """
                CREATE VIRTUAL TABLE \(index.table) USING fts5(
                    name, context, content='search_documents', content_rowid='doc_id',
                    tokenize='unicode61 remove_diacritics 0', prefix='1 2 3 4 5 6')
                """,
                "INSERT INTO \(index.table)(\(index.table), rank) VALUES('hashsize', 134217728)",
                "INSERT INTO \(index.table)(\(index.table), rank) VALUES('automerge', 0)",
                """
                INSERT INTO \(index.table)(rowid, name, context) SELECT doc_id, name, context FROM search_documents
                WHERE kind = '\(index.kind)' AND doc_id >= \(index.lo) AND doc_id < \(index.hi) ORDER BY doc_id
                """,
                "INSERT INTO \(index.table)(\(index.table)) VALUES('optimize')",
                "INSERT INTO \(index.table)(\(index.table), rank) VALUES('hashsize', 1048576)",
                "INSERT INTO \(index.table)(\(index.table), rank) VALUES('automerge', 4)",
            ]
        }
    }
}
