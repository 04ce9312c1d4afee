/// SQLite: a counter of the songs' search documents' changes (`search_generation`, one row), raised in
/// the transaction of each change (`SQLSearchIndex`). A server's word-start bitmaps
/// (`WordStartBitmaps`) say which generation they hold, and are set aside when another process
/// (`sotube import`, a second server) moved it. PostgreSQL keeps no bitmaps.
/// The statements are written out here: this migration must keep meaning what it meant.
enum Migration029SearchGeneration {
    static let migration = Migration(version: 29, name: "search generation") { dialect in
        guard dialect == .sqlite else { return [] }
        return [
            "CREATE TABLE search_generation (id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL)",
            "INSERT INTO search_generation (id, value) VALUES (1, 0)",
        ]
    }
}
