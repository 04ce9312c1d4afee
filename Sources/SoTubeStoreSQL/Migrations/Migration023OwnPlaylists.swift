/// A buyer's own playlists (issue 32 #17): the playlist and its songs by place. Rows name their
/// owner (the songs' rows too, so an export and an erasure find them by user), and go with the
/// account or with the song.
enum Migration023OwnPlaylists {
    static let migration = Migration(version: 23, name: "own playlists") { _ in
        [
            """
            CREATE TABLE own_playlists (
                id TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL)
            """,
            "CREATE INDEX own_playlists_user ON own_playlists (user_id, updated_at)",
            """
            CREATE TABLE own_playlist_tracks (
                playlist_id TEXT NOT NULL REFERENCES own_playlists(id) ON DELETE CASCADE,
                position BIGINT NOT NULL,
                track_id TEXT NOT NULL REFERENCES tracks(id) ON DELETE CASCADE,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                PRIMARY KEY (playlist_id, position),
                UNIQUE (playlist_id, track_id))
            """,
            "CREATE INDEX own_playlist_tracks_user ON own_playlist_tracks (user_id)",
            "CREATE INDEX own_playlist_tracks_track ON own_playlist_tracks (track_id)",
        ]
    }
}
