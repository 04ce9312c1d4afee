/// SQLite: a full-text index per kind (`SearchFullText`). Albums, artists and playlists get one each;
/// `search_index` keeps the songs alone. PostgreSQL's index is unchanged. The statements are written
/// out here: this migration must keep meaning what it meant.
enum Migration014SearchPerKind {
    static let migration = Migration(version: 14, name: "search per kind") { dialect in
        guard dialect.hasSeparateSearchIndex else { return [] }
        var statements: [String] = []
        for table in ["search_albums", "search_artists", "search_playlists"] {
            statements.append(
                """
                CREATE VIRTUAL TABLE \(table) USING fts5(
                    name, context, content='search_documents', content_rowid='doc_id',
                    tokenize='unicode61 remove_diacritics 0', prefix='\(StoreDialect.prefixLengths)')
                """)
        }
        for (table, kind) in [
            ("search_index", "track"), ("search_albums", "album"), ("search_artists", "artist"),
            ("search_playlists", "playlist"),
        ] {
            statements += [
                "INSERT INTO \(table)(\(table)) VALUES('delete-all')",
                """
                INSERT INTO \(table)(rowid, name, context) SELECT doc_id, name, context FROM search_documents
                WHERE kind = '\(kind)' ORDER BY doc_id
                """,
                "INSERT INTO \(table)(\(table)) VALUES('optimize')",
            ]
        }
        return statements
    }
}
