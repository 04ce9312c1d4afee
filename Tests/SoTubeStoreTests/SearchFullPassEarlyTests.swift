import Foundation
import SQLKit
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// For three words or more, the songs' full pass is asked beside their names pass, for as many as
/// the names pass could leave it to find (`SQLSearchStore.speculatesFullPass`), and on SQLite every
/// kind goes in one lane (`asksInOneLane`): the answers are the ones asked after it, page by page, on
/// both engines, and in two lanes.
@Suite struct SearchFullPassEarlyTests {
    @Test(arguments: TestEngine.enabled) func askedEarlyOrAfterTheAnswersAreTheSame(engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            try await SearchEngineParityTests.writeCatalog(db)
            let mix = try await SearchEngineParityTests.queries(db)
            // A word of a song's title with its artist's name, and with the start of its album's title:
            // three words or more that meet in few titles, so the names pass comes short and the full
            // pass finds songs through their artist or album.
            let rows = try await db.backend.read { sql in
                try await sql.raw(
                    """
                    SELECT t.title AS title, ar.name AS artist, al.title AS album FROM tracks t
                    JOIN artists ar ON ar.id = t.artist_id JOIN albums al ON al.id = t.album_id ORDER BY t.id
                    """
                ).all().map {
                    [
                        try $0.decode(column: "title", as: String.self),
                        try $0.decode(column: "artist", as: String.self),
                        try $0.decode(column: "album", as: String.self),
                    ].map { $0.split(separator: " ").map(String.init) }
                }
            }
            var longer = mix.filter { $0.split(separator: " ").count >= 3 }
            for (index, song) in rows.enumerated() where index % 25 == 0 {
                let (title, artist, album) = (song[0], song[1], song[2])
                guard let word = title.last, let first = album.first else { continue }
                longer.append(([word] + artist).joined(separator: " "))
                longer.append(([word] + artist.prefix(1) + [String(first.prefix(2))]).joined(separator: " "))
            }
            // The full pass is asked early for three words or more (`speculatesFullPass`): fewer take
            // the same path either way, so only these are asked of both.
            let queries = longer.filter { SearchQuery($0).terms.count >= 3 }
            #expect(queries.count >= 80, "\(queries.count) queries of three words or more")
            let after = try await SearchEngineParityTests.answers(
                db, queries, search: SQLSearchStore(backend: db.backend, fullPassEarly: false))
            let early = try await SearchEngineParityTests.answers(
                db, queries, search: SQLSearchStore(backend: db.backend))
            // On SQLite these go in one lane (`asksInOneLane`); asked in two, the same answers.
            let twoLanes = try await SearchEngineParityTests.answers(
                db, queries, search: SQLSearchStore(backend: db.backend, oneLane: false))
            // Songs found through their artist or album, after the names pass came short.
            let titles = try await db.backend.read { sql in
                try await sql.raw("SELECT id, title FROM tracks").all().map {
                    (
                        "t:" + (try $0.decode(column: "id", as: String.self)),
                        try $0.decode(column: "title", as: String.self)
                    )
                }
            }
            let title = Dictionary(titles, uniquingKeysWith: { first, _ in first })
            let fromContext = queries.filter { text in
                (after["\(text)|0|true"] ?? []).contains { id in
                    title[id].map { !SearchQuery(text).matches(normalized: SearchText.normalize($0)) } ?? false
                }
            }
            #expect(fromContext.count >= 20, "\(fromContext.count) queries found songs through their context")
            let found = after.values.filter { !$0.isEmpty }.count
            #expect(found > 100, "the queries find things: \(found) of \(after.count) answers")
            let differing = after.keys.sorted().filter { after[$0] != early[$0] || after[$0] != twoLanes[$0] }
            #expect(
                differing.isEmpty,
                "\(differing.count) answers differ, first: \(differing.prefix(3).map { "\($0): \(after[$0] ?? []) vs \(early[$0] ?? [])" })"
            )
        }
    }
}
