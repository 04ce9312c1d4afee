/// Which user owns which track: one row per (user, track), written only in the purchase
/// transaction. The primary key is what makes "a song is never bought twice" hold.
enum Migration003Ownership {
    static let migration = Migration(version: 3, name: "ownership") { _ in
        [
            """
            CREATE TABLE owned_tracks (
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                track_id TEXT NOT NULL REFERENCES tracks(id),
                purchase_id TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                PRIMARY KEY (user_id, track_id))
            """,
            "CREATE INDEX owned_tracks_track ON owned_tracks (track_id)",
        ]
    }
}
