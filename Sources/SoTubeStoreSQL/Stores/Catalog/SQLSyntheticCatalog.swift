import Foundation
import SQLKit
import SoTubeCore

/// A synthetic catalog for benchmarks (`sotube catalog synth`): metadata only, names from
/// `SynthNames`, every song pointing at one of a few shared audio files. Reproducible: the same
/// counts give the same catalog.
public struct SQLSyntheticCatalog: Sendable {
    let backend: any SQLBackend

    init(backend: any SQLBackend) { self.backend = backend }

    /// Whether this store already holds a synthetic catalog (its artists' ids start with "syna").
    public func hasSynthetic() async throws -> Bool {
        let count = try await backend.read { db in
            try await db.raw("SELECT COUNT(*) AS n FROM artists WHERE id LIKE 'syna%'").first()?
                .decode(column: "n", as: Int.self) ?? 0
        }
        return count > 0
    }

    /// Writes `tracks` songs (10 per album), `artists` artists (at most one per album), featured
    /// playlists and one playlist per mood, in large transactions. `mediaFiles` are paths relative
    /// to the media folder, shared round-robin. `progress` hears about each finished step.
    /// The search index is not touched: rebuild it afterwards.
    public func write(
        tracks: Int, artists: Int, mediaFiles: [(full: String, preview: String)], now: Date,
        progress: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws {
        precondition(!mediaFiles.isEmpty, "a synthetic catalog needs at least one media file")
        var synthesizer = CatalogSynthesizer(
            backend: backend, tracks: tracks, artists: artists, mediaFiles: mediaFiles, now: now.epochMillis,
            progress: progress)
        try await synthesizer.run()
    }
}

/// Writes a synthetic catalog straight into the tables, in large transactions.
struct CatalogSynthesizer {
    let backend: any SQLBackend
    let tracks: Int
    let artists: Int
    let mediaFiles: [(full: String, preview: String)]
    let now: Int64
    var names = SynthNames(random: SplitMix64(seed: 20_260_101))
    let progress: @Sendable (String) -> Void

    static let tracksPerAlbum = 10
    static let rowsPerStatement = 200
    static let rowsPerTransaction = 50_000

    mutating func run() async throws {
        let albumCount = max(1, (tracks + Self.tracksPerAlbum - 1) / Self.tracksPerAlbum)
        let artistCount = max(1, min(artists, albumCount))
        var rows: [SQLQueryString] = []
        for index in 0..<artistCount {
            let name = names.chance(0.5) ? names.phrase(1...1) : names.phrase(2...3)
            let bio = "\(name) is a synthetic artist from \(names.word()), known for \(names.phrase(1...2))."
            rows.append(
                "(\(bind: Self.id("a", index)), \(bind: name), \(bind: "synth-\(index)"), \(bind: bio), \(bind: now))")
        }
        try await write("INSERT INTO artists (id, name, name_key, bio, created_at) VALUES ", rows)
        progress("\(artistCount) artists")
        rows = []
        var albumGenres: [String] = []
        for index in 0..<albumCount {
            let year = names.int(1965...2026)
            let date = String(format: "%04d-%02d-%02d", year, names.int(1...12), names.int(1...28))
            let genre = SynthNames.genres[names.int(0...(SynthNames.genres.count - 1))]
            albumGenres.append(genre)
            rows.append(
                """
                (\(bind: Self.id("b", index)), \(bind: Self.id("a", index % artistCount)), \(bind: names.phrase(1...3)),
                \(bind: "synth-\(index)"), \(bind: date), \(bind: year), \(bind: genre), \(bind: now))
                """)
            if rows.count >= Self.rowsPerTransaction {
                try await write(
                    "INSERT INTO albums (id, artist_id, title, title_key, release_date, year, genre, created_at) VALUES ",
                    rows)
                rows = []
            }
        }
        try await write(
            "INSERT INTO albums (id, artist_id, title, title_key, release_date, year, genre, created_at) VALUES ", rows)
        progress("\(albumCount) albums")
        rows = []
        for index in 0..<tracks {
            let album = index / Self.tracksPerAlbum
            let media = mediaFiles[index % mediaFiles.count]
            rows.append(
                """
                (\(bind: Self.id("t", index)), \(bind: Self.id("b", album)), \(bind: Self.id("a", album % artistCount)),
                \(bind: names.phrase(1...4)), \(bind: index % Self.tracksPerAlbum + 1), 1,
                \(bind: names.int(90...420) * 1000), \(bind: albumGenres[album]), \(bind: names.chance(0.08) ? 1 : 0),
                \(bind: names.int(5...20)), \(bind: media.full), 'audio/mpeg', \(bind: media.preview), 'audio/mpeg',
                \(bind: now), \(bind: now))
                """)
            if rows.count >= Self.rowsPerTransaction {
                try await writeTracks(rows)
                rows = []
                progress("\(index + 1) tracks")
            }
        }
        if !rows.isEmpty {
            try await writeTracks(rows)
            progress("\(tracks) tracks")
        }
        try await playlists(albumCount: albumCount)
    }

    /// Featured volumes of about 10 songs and one playlist per mood.
    mutating func playlists(albumCount: Int) async throws {
        var lists: [SQLQueryString] = []
        var entries: [SQLQueryString] = []
        var moods: [SQLQueryString] = []
        let volumeCount = min(20, max(1, tracks / 10))
        for index in 0..<(volumeCount + SynthNames.moods.count) {
            let isMood = index >= volumeCount
            let id = Self.id("p", index)
            let name = isMood ? SynthNames.moods[index - volumeCount] : "Volume \(index + 1): \(names.phrase(1...2))"
            lists.append(
                "(\(bind: id), \(bind: name), \(bind: "Ten songs: \(names.phrase(2...4))"), \(bind: isMood ? "mood" : "volume"), \(bind: isMood ? 0 : 1), \(bind: index), \(bind: now))"
            )
            for position in 0..<min(10, tracks) {
                entries.append("(\(bind: id), \(bind: position), \(bind: Self.id("t", names.int(0...(tracks - 1)))))")
            }
            if isMood {
                moods.append("(\(bind: Self.id("m", index)), \(bind: name), \(bind: id), \(bind: index))")
            }
        }
        try await write(
            "INSERT INTO playlists (id, name, description, kind, featured, position, created_at) VALUES ", lists)
        try await write("INSERT INTO playlist_tracks (playlist_id, position, track_id) VALUES ", entries)
        try await write("INSERT INTO moods (id, name, playlist_id, position) VALUES ", moods)
    }

    func writeTracks(_ rows: [SQLQueryString]) async throws {
        try await write(
            """
            INSERT INTO tracks (id, album_id, artist_id, title, track_number, disc_number, duration_ms, genre,
                explicit, price, media_path, media_type, preview_path, preview_type, created_at, updated_at) VALUES
            """, rows)
    }

    /// Inserts `rows` in one transaction, `rowsPerStatement` per statement.
    func write(_ head: String, _ rows: [SQLQueryString]) async throws {
        guard !rows.isEmpty else { return }
        try await backend.transaction { db in
            var start = 0
            while start < rows.count {
                let end = min(start + Self.rowsPerStatement, rows.count)
                var sql = SQLQueryString(head + " ")
                for index in start..<end {
                    if index > start { sql.appendLiteral(", ") }
                    sql.appendInterpolation(rows[index])
                }
                try await db.raw(sql).run()
                start = end
            }
        }
    }

    /// `syn`, the kind's letter, the index padded to eight digits (Foundation's `String(format:)`
    /// cost 3.5 % of a 3M-song synth).
    static func id(_ kind: String, _ index: Int) -> String {
        let digits = String(index)
        return "syn" + kind + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }
}
