/// The catalog: artists, albums, tracks (with their media files), moods and playlists.
/// Media paths are relative to the data directory's `media/` folder.
enum Migration002Catalog {
    static let migration = Migration(version: 2, name: "catalog") { _ in
        [
            """
            CREATE TABLE artists (
                id TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                name_key TEXT NOT NULL UNIQUE,
                bio TEXT,
                image_path TEXT,
                created_at BIGINT NOT NULL)
            """,
            """
            CREATE TABLE albums (
                id TEXT PRIMARY KEY,
                artist_id TEXT NOT NULL REFERENCES artists(id),
                title TEXT NOT NULL,
                title_key TEXT NOT NULL,
                release_date TEXT,
                year BIGINT,
                genre TEXT,
                artwork_path TEXT,
                price BIGINT,
                created_at BIGINT NOT NULL,
                UNIQUE (artist_id, title_key))
            """,
            """
            CREATE TABLE tracks (
                id TEXT PRIMARY KEY,
                album_id TEXT NOT NULL REFERENCES albums(id),
                artist_id TEXT NOT NULL REFERENCES artists(id),
                title TEXT NOT NULL,
                track_number BIGINT NOT NULL DEFAULT 0,
                disc_number BIGINT NOT NULL DEFAULT 1,
                duration_ms BIGINT NOT NULL DEFAULT 0,
                genre TEXT,
                explicit BIGINT NOT NULL DEFAULT 0,
                lyrics TEXT,
                price BIGINT NOT NULL DEFAULT 10 CHECK (price >= 0),
                source_path TEXT UNIQUE,
                source_size BIGINT,
                source_mtime BIGINT,
                media_path TEXT NOT NULL,
                media_type TEXT NOT NULL,
                preview_path TEXT NOT NULL,
                preview_type TEXT NOT NULL,
                waveform TEXT,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL)
            """,
            "CREATE INDEX tracks_album ON tracks (album_id, disc_number, track_number)",
            "CREATE INDEX tracks_artist ON tracks (artist_id)",
            "CREATE INDEX albums_artist ON albums (artist_id)",
            "CREATE INDEX albums_created ON albums (release_date, created_at)",
            """
            CREATE TABLE playlists (
                id TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                description TEXT NOT NULL DEFAULT '',
                kind TEXT NOT NULL,
                featured BIGINT NOT NULL DEFAULT 0,
                artwork_path TEXT,
                position BIGINT NOT NULL DEFAULT 0,
                created_at BIGINT NOT NULL)
            """,
            """
            CREATE TABLE playlist_tracks (
                playlist_id TEXT NOT NULL REFERENCES playlists(id) ON DELETE CASCADE,
                position BIGINT NOT NULL,
                track_id TEXT NOT NULL REFERENCES tracks(id),
                PRIMARY KEY (playlist_id, position))
            """,
            """
            CREATE TABLE moods (
                id TEXT PRIMARY KEY,
                name TEXT NOT NULL UNIQUE,
                playlist_id TEXT NOT NULL REFERENCES playlists(id),
                position BIGINT NOT NULL DEFAULT 0)
            """,
        ]
    }
}
