import Foundation
import SQLKit
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// SQLite and PostgreSQL answer every search alike (issue 35): the same synthetic catalog on both
/// engines, the benchmark's query mix (1–3 words of a catalog name, the last cut to a prefix as
/// typed; rare words; a word no name starts), and the same songs, albums, artists and playlists in
/// the same order, page by page. Runs when a PostgreSQL server is given (`scripts/test.sh` starts one).
@Suite struct SearchEngineParityTests {
    static let songs = 1_500

    /// The query mix, drawn from the catalog's names with a fixed seed.
    static func queries(_ db: SoTubeDatabase) async throws -> [String] {
        let names = try await db.backend.read { sql in
            var names: [String] = []
            for (table, column) in [("tracks", "title"), ("albums", "title"), ("artists", "name")] {
                let rows = try await sql.raw(
                    "SELECT \(unsafeRaw: column) AS name FROM \(unsafeRaw: table) ORDER BY id"
                ).all()
                names += try rows.map { try $0.decode(column: "name", as: String.self) }
            }
            return names
        }
        var random = SplitMix64(seed: 35)
        var queries = ["zzzz", "a", "the", "s"]
        while queries.count < 250 {
            let words = names[Int(random.next() % UInt64(names.count))].split(separator: " ").map(String.init)
            let count = 1 + Int(random.next() % UInt64(min(3, words.count)))
            let start = Int(random.next() % UInt64(words.count - count + 1))
            var chosen = Array(words[start..<start + count])
            let last = chosen[chosen.count - 1]
            chosen[chosen.count - 1] = String(last.prefix(1 + Int(random.next() % UInt64(last.count))))
            queries.append(chosen.joined(separator: " "))
        }
        return queries
    }

    /// The synthetic catalog of `songs` songs the search comparisons run on, indexed.
    static func writeCatalog(_ db: SoTubeDatabase) async throws {
        try await db.syntheticCatalog.write(
            tracks: songs, artists: 60, mediaFiles: [(full: "synth/full-1.mp3", preview: "synth/preview-1.mp3")],
            now: TestEngine.now)
        _ = try await db.searchIndex.rebuild()
    }

    static func answers(_ db: SoTubeDatabase, _ queries: [String], search: SQLSearchStore? = nil) async throws
        -> [String: [String]]
    {
        let search = search ?? SQLSearchStore(backend: db.backend)
        var answers: [String: [String]] = [:]
        for text in queries {
            for (offset, explicit) in [(0, true), (20, true), (0, false)] {
                let hits = try await search.search(
                    SearchQuery(text), allowExplicit: explicit, limit: 20, offset: offset)
                answers["\(text)|\(offset)|\(explicit)"] =
                    hits.trackIDs.map { "t:" + $0 } + hits.albumIDs.map { "al:" + $0 }
                    + hits.artistIDs.map { "ar:" + $0 } + hits.playlistIDs.map { "pl:" + $0 }
            }
        }
        return answers
    }

    @Test(.enabled(if: TestEngine.postgresURL != nil)) func bothEnginesGiveTheSameResults() async throws {
        var results: [[String: [String]]] = []
        var mix: [String] = []
        for engine in [TestEngine.sqlite, .postgres] {
            let answers = try await engine.freshDatabase().use { db in
                try await db.syntheticCatalog.write(
                    tracks: Self.songs, artists: 60,
                    mediaFiles: [(full: "synth/full-1.mp3", preview: "synth/preview-1.mp3")], now: TestEngine.now)
                _ = try await db.searchIndex.rebuild()
                if mix.isEmpty { mix = try await Self.queries(db) }
                return try await Self.answers(db, mix)
            }
            results.append(answers)
        }
        let (sqlite, postgres) = (results[0], results[1])
        #expect(sqlite.values.filter { !$0.isEmpty }.count > 400, "the mix finds things")
        let differing = sqlite.keys.sorted().filter { sqlite[$0] != postgres[$0] }
        #expect(
            differing.isEmpty,
            "\(differing.count) answers differ, first: \(differing.prefix(3).map { "\($0): \(sqlite[$0] ?? []) vs \(postgres[$0] ?? [])" })"
        )
    }
}
