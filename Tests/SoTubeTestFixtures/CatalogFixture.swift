import Foundation
import SQLKit
import SoTubeStoreSQL

/// A small catalog written with plain SQL (the catalog schema of migration 2), shared by the
/// store and HTTP test targets. Ownership is written straight into `owned_tracks` where a test needs it
/// (purchases belong to the commerce code).
public enum CatalogFixture {
    public struct Track: Sendable {
        public var id: String, album: String, artist: String, title: String, number: Int, disc: Int
        public var explicit: Bool, price: Int, lyrics: String?, genre: String?

        public init(
            id: String, album: String, artist: String, title: String, number: Int, disc: Int = 1,
            explicit: Bool = false, price: Int = 10, lyrics: String? = nil, genre: String? = nil
        ) {
            self.id = id
            self.album = album
            self.artist = artist
            self.title = title
            self.number = number
            self.disc = disc
            self.explicit = explicit
            self.price = price
            self.lyrics = lyrics
            self.genre = genre
        }
    }

    public static let artists: [(id: String, name: String, bio: String?)] = [
        ("ar1", "Björk", "Icelandic singer and songwriter."),
        ("ar2", "Ёлка", "Russian pop singer."),
        ("ar3", "AC/DC", "Australian rock band."),
        ("ar4", "Zebra Band", nil),
    ]
    public static let albums:
        [(id: String, artist: String, title: String, date: String?, genre: String?, price: Int?, created: Int64)] = [
            ("al1", "ar1", "Homogenic", "1997-09-22", "Electronic", nil, 1),
            ("al2", "ar1", "Debut", "1993-07-05", "Electronic", 25, 2),
            ("al3", "ar2", "Город обмана", "2011-10-01", "Pop", nil, 3),
            ("al4", "ar3", "Back in Black", "1980-07-25", "Rock", nil, 4),
            ("al5", "ar4", "Stripes", "2020-02-02", "Electronic", nil, 5),
        ]
    public static let tracks: [Track] = [
        Track(id: "t1", album: "al1", artist: "ar1", title: "Hunter", number: 1, lyrics: "If travel is searching"),
        Track(id: "t2", album: "al1", artist: "ar1", title: "Jóga", number: 2, price: 12),
        Track(id: "t3", album: "al1", artist: "ar1", title: "Bachelorette", number: 3),
        Track(id: "t4", album: "al2", artist: "ar1", title: "Human Behaviour", number: 1),
        Track(id: "t5", album: "al2", artist: "ar1", title: "Venus as a Boy", number: 3),
        Track(id: "t6", album: "al3", artist: "ar2", title: "Прованс", number: 1, price: 8),
        Track(id: "t7", album: "al4", artist: "ar3", title: "Hells Bells", number: 1, explicit: true),
        Track(id: "t8", album: "al4", artist: "ar3", title: "Back in Black", number: 6),
        Track(id: "t9", album: "al5", artist: "ar4", title: "Zebra Crossing", number: 1, disc: 2),
        Track(id: "t10", album: "al5", artist: "ar4", title: "Alpha", number: 2, disc: 1),
    ]

    /// Writes the catalog, a featured volume, a mood with its playlist, then builds the search index.
    public static func install(on backend: any SQLBackend) async throws {
        try await backend.transaction { db in
            for artist in artists {
                try await db.raw(
                    """
                    INSERT INTO artists (id, name, name_key, bio, created_at)
                    VALUES (\(bind: artist.id), \(bind: artist.name), \(bind: artist.name.lowercased()),
                        \(bind: artist.bio), 1)
                    """
                ).run()
            }
            for album in albums {
                try await db.raw(
                    """
                    INSERT INTO albums (id, artist_id, title, title_key, release_date, year, genre, price, created_at)
                    VALUES (\(bind: album.id), \(bind: album.artist), \(bind: album.title),
                        \(bind: album.title.lowercased()), \(bind: album.date),
                        \(bind: album.date.map { Int($0.prefix(4))! }), \(bind: album.genre), \(bind: album.price),
                        \(bind: album.created))
                    """
                ).run()
            }
            for track in tracks {
                try await insert(track, on: db)
            }
            try await db.raw(
                """
                INSERT INTO playlists (id, name, description, kind, featured, position, created_at) VALUES
                ('pl1', 'Nordic Nights', 'Cold songs for long nights', 'volume', 1, 1, 1),
                ('pl2', 'Chill mix', 'Slow down', 'mood', 0, 2, 1),
                ('pl3', 'Hidden volume', 'Not featured', 'volume', 0, 3, 1)
                """
            ).run()
            try await db.raw(
                """
                INSERT INTO playlist_tracks (playlist_id, position, track_id) VALUES
                ('pl1', 1, 't7'), ('pl1', 0, 't2'), ('pl2', 0, 't1')
                """
            ).run()
            try await db.raw("INSERT INTO moods (id, name, playlist_id, position) VALUES ('m1', 'Chill', 'pl2', 1)")
                .run()
        }
        try await SQLSearchIndex(backend: backend).rebuild()
    }

    public static func insert(_ track: Track, on db: any SQLDatabase) async throws {
        try await db.raw(
            """
            INSERT INTO tracks (id, album_id, artist_id, title, track_number, disc_number, duration_ms, genre,
                explicit, lyrics, price, media_path, media_type, preview_path, preview_type, created_at, updated_at)
            VALUES (\(bind: track.id), \(bind: track.album), \(bind: track.artist), \(bind: track.title),
                \(bind: track.number), \(bind: track.disc), 200000, \(bind: track.genre), \(bind: track.explicit ? 1 : 0),
                \(bind: track.lyrics), \(bind: track.price), 'fixture/full.mp3', 'audio/mpeg', 'fixture/preview.mp3',
                'audio/mpeg', 1, 1)
            """
        ).run()
    }

    /// A user row written directly (accounts are another store's business).
    public static func addUser(_ id: String, on backend: any SQLBackend) async throws {
        try await backend.transaction { db in
            try await db.raw(
                """
                INSERT INTO users (id, username, username_key, email, email_key, display_name, password_hash, coins,
                    created_at)
                VALUES (\(bind: id), \(bind: id), \(bind: id), \(bind: id + "@example.com"),
                    \(bind: id + "@example.com"), \(bind: id), 'x', 0, 1)
                """
            ).run()
        }
    }

    /// Gives `userID` the tracks, as a purchase would (written directly: the test's stand-in for commerce).
    public static func own(_ trackIDs: [String], userID: String, on backend: any SQLBackend) async throws {
        try await backend.transaction { db in
            for id in trackIDs {
                try await db.raw(
                    """
                    INSERT INTO owned_tracks (user_id, track_id, purchase_id, created_at)
                    VALUES (\(bind: userID), \(bind: id), \(bind: "p-" + id), 1)
                    """
                ).run()
            }
        }
    }
}
