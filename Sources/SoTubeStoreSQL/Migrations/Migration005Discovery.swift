/// Discovery: the search index, each user's search history, favourites and recently played.
///
/// `search_documents` holds one row per searchable entity (artist, album, track, playlist) with
/// its display name and its normalised name and context (see `SearchText`). Its `doc_id` lies in a band per kind (and
/// per explicit flag) so one index answers each kind with a rowid range: `SearchRanking.Bands`.
/// SQLite indexes it with FTS5 (external content); PostgreSQL with a GIN index over
/// `to_tsvector('simple', ...)`.
enum Migration005Discovery {
    static let migration = Migration(version: 5, name: "discovery") { dialect in
        var statements = [
            """
            CREATE TABLE search_documents (
                doc_id \(dialect.rowIDType) PRIMARY KEY,
                kind TEXT NOT NULL,
                entity_id TEXT NOT NULL,
                display TEXT NOT NULL,
                name TEXT NOT NULL,
                context TEXT NOT NULL,
                UNIQUE (kind, entity_id))
            """,
            // Exact-name lookups (the first ranking tier), whatever the engine.
            "CREATE INDEX search_documents_name ON search_documents (name, doc_id)",
            """
            CREATE TABLE search_history (
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                query TEXT NOT NULL,
                query_key TEXT NOT NULL,
                searched_at BIGINT NOT NULL,
                PRIMARY KEY (user_id, query_key))
            """,
            "CREATE INDEX search_history_recent ON search_history (user_id, searched_at)",
            """
            CREATE TABLE favourite_tracks (
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                track_id TEXT NOT NULL REFERENCES tracks(id) ON DELETE CASCADE,
                created_at BIGINT NOT NULL,
                PRIMARY KEY (user_id, track_id))
            """,
            """
            CREATE TABLE favourite_playlists (
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                playlist_id TEXT NOT NULL REFERENCES playlists(id) ON DELETE CASCADE,
                created_at BIGINT NOT NULL,
                PRIMARY KEY (user_id, playlist_id))
            """,
            """
            CREATE TABLE recently_played (
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                track_id TEXT NOT NULL REFERENCES tracks(id) ON DELETE CASCADE,
                played_at BIGINT NOT NULL,
                PRIMARY KEY (user_id, track_id))
            """,
            "CREATE INDEX recently_played_recent ON recently_played (user_id, played_at)",
            "CREATE INDEX playlist_tracks_track ON playlist_tracks (track_id)",
        ]
        statements += dialect.searchIndexSchema
        return statements
    }
}
