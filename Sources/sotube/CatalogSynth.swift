import Foundation
import SQLKit
import SoTubeCore
import SoTubeStoreSQL

/// Deterministic pseudo-random numbers (SplitMix64), so a synthetic catalog is reproducible.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Names for a synthetic catalog: common English and Russian words, names with diacritics, and
/// invented words (a large vocabulary, like a real catalog's).
struct SynthNames {
    var random: SplitMix64

    static let common = """
        love night day heart fire rain dream light dark blue gold summer winter river road home sky sun moon star \
        city girl boy time world life soul baby dance song wild free lost young old sweet black white red green \
        ocean shadow angel devil ghost paradise highway midnight morning heaven storm thunder silver diamond \
        broken golden electric velvet neon crystal secret forever never always tonight yesterday tomorrow
        """.split(separator: " ").map(String.init)
    static let russian = """
        любовь ночь день сердце огонь дождь мечта свет небо солнце луна звезда город ёлка весна зима лето \
        осень река дорога дом море ветер песня танец время жизнь душа снег берёза молодость
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    static let accented = """
        Björk Sigur Rós Mötley Crüe Beyoncé Zoë Ólafur Arnalds Motörhead Chloé Renée Dvořák Ðorđe \
        Mélanie Søren José Müller Françoise Hardy Ludovico Éric Señor Ǻsa Łukasz Żaneta Ørjan
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    static let syllables = """
        ka lo mi ra te su no vi an el or is ba de fu go hi ju ke la ma ne po qu ri sa to ul ve wa xe yo za \
        bri cha dro fle gra kli mon pla sto tra vel zor lin dar mes rok tan vor
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    static let genres = [
        "Pop", "Rock", "Electronic", "Hip-Hop", "Jazz", "Classical", "Folk", "Metal", "R&B", "Indie", "Ambient",
        "Country",
    ]
    static let moods = ["Chill", "Focus", "Party", "Workout", "Sleep", "Happy", "Melancholy", "Romance"]

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }

    mutating func invented() -> String {
        let count = int(2...3)
        let word = (0..<count).map { _ in Self.syllables[int(0...(Self.syllables.count - 1))] }.joined()
        return word.prefix(1).uppercased() + word.dropFirst()
    }

    mutating func word() -> String {
        let roll = int(0...99)
        if roll < 40 { return Self.common[int(0...(Self.common.count - 1))].capitalized }
        if roll < 50 { return Self.russian[int(0...(Self.russian.count - 1))].capitalized }
        if roll < 55 { return Self.accented[int(0...(Self.accented.count - 1))] }
        return invented()
    }

    mutating func phrase(_ words: ClosedRange<Int>) -> String {
        (0..<int(words)).map { _ in word() }.joined(separator: " ")
    }
}

/// Writes a synthetic catalog straight into the tables, in large transactions.
struct CatalogSynthesizer {
    let backend: any SQLBackend
    let tracks: Int
    let artists: Int
    let mediaFiles: [(full: String, preview: String)]
    let now: Int64
    var names = SynthNames(random: SplitMix64(state: 20_260_101))
    var progress: (String) -> Void = { _ in }

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
        try await writeTracks(rows)
        progress("\(tracks) tracks")
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

    static func id(_ kind: String, _ index: Int) -> String {
        "syn\(kind)\(String(format: "%08d", index))"
    }
}
