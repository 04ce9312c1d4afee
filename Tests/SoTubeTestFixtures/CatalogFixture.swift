import Foundation
import SQLKit
import SoTubeCore
import SoTubeFakes
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

    /// A featured volume, a mood's playlist and a volume that is not featured.
    public static let playlists: [InMemoryCatalog.Playlist] = [
        .init(
            id: "pl1", name: "Nordic Nights", description: "Cold songs for long nights", kind: "volume",
            featured: true, position: 1, trackIDs: ["t2", "t7"]),
        .init(
            id: "pl2", name: "Chill mix", description: "Slow down", kind: "mood", featured: false, position: 2,
            trackIDs: ["t1"]),
        .init(
            id: "pl3", name: "Hidden volume", description: "Not featured", kind: "volume", featured: false,
            position: 3, trackIDs: []),
    ]
    public static let moods: [InMemoryCatalog.Mood] = [.init(id: "m1", name: "Chill", playlistID: "pl2", position: 1)]

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
            for playlist in playlists {
                try await db.raw(
                    """
                    INSERT INTO playlists (id, name, description, kind, featured, position, created_at)
                    VALUES (\(bind: playlist.id), \(bind: playlist.name), \(bind: playlist.description),
                        \(bind: playlist.kind), \(bind: playlist.featured ? 1 : 0), \(bind: playlist.position), 1)
                    """
                ).run()
                for (position, trackID) in playlist.trackIDs.enumerated() {
                    try await db.raw(
                        """
                        INSERT INTO playlist_tracks (playlist_id, position, track_id)
                        VALUES (\(bind: playlist.id), \(bind: position), \(bind: trackID))
                        """
                    ).run()
                }
            }
            for mood in moods {
                try await db.raw(
                    """
                    INSERT INTO moods (id, name, playlist_id, position)
                    VALUES (\(bind: mood.id), \(bind: mood.name), \(bind: mood.playlistID), \(bind: mood.position))
                    """
                ).run()
            }
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

    /// Gives `userID` the tracks, as a purchase would (written directly: the test's stand-in for
    /// commerce): a free purchase per song, the one its ownership row names.
    public static func own(_ trackIDs: [String], userID: String, on backend: any SQLBackend) async throws {
        try await backend.transaction { db in
            for id in trackIDs {
                let purchase = "p-\(userID)-\(id)"
                try await db.raw(
                    """
                    INSERT INTO purchases (id, user_id, kind, album_id, title, coins, balance_after, idempotency_key,
                        request_fingerprint, created_at)
                    VALUES (\(bind: purchase), \(bind: userID), 'track', NULL, \(bind: id), 0, 0, \(bind: purchase),
                        'fixture', 1)
                    """
                ).run()
                try await db.raw(
                    """
                    INSERT INTO owned_tracks (user_id, track_id, purchase_id, created_at)
                    VALUES (\(bind: userID), \(bind: id), \(bind: purchase), 1)
                    """
                ).run()
            }
        }
    }

    /// The same catalog in an in-memory store (nobody owns anything yet), some songs renamed (id → title).
    public static func inMemory(retitling titles: [String: String] = [:]) -> InMemoryCatalog {
        InMemoryCatalog(
            artists: artists.map { CatalogArtist(id: $0.id, name: $0.name, bio: $0.bio) },
            albums: albums.map {
                InMemoryCatalog.Album(
                    id: $0.id, title: $0.title, artistID: $0.artist, releaseDate: $0.date, genre: $0.genre,
                    operatorPrice: $0.price, addedAt: Int($0.created))
            },
            songs: tracks.map {
                InMemoryCatalog.Song(
                    id: $0.id, title: titles[$0.id] ?? $0.title, artistID: $0.artist, albumID: $0.album,
                    trackNumber: $0.number,
                    discNumber: $0.disc, genre: $0.genre, explicit: $0.explicit, price: $0.price, lyrics: $0.lyrics,
                    files: TrackFiles(
                        mediaPath: "fixture/full.mp3", mediaType: "audio/mpeg", previewPath: "fixture/preview.mp3",
                        previewType: "audio/mpeg", durationMs: 200_000))
            },
            playlists: playlists, moods: moods)
    }
}
