import SQLKit
import SoTubeStoreSQL
import SoTubeTestFixtures

/// One more song, `x1` (explicit, on AC/DC's "Back in Black"), added to `CatalogFixture`'s catalog and
/// indexed; each change made to it through `update` is indexed after, as the catalog's writers do.
struct IndexedSong {
    let db: SoTubeDatabase
    let index: SQLSearchIndex

    static func add(title: String, to db: SoTubeDatabase) async throws -> IndexedSong {
        try await db.backend.transaction { sql in
            try await CatalogFixture.insert(
                .init(id: "x1", album: "al4", artist: "ar3", title: title, number: 9, explicit: true), on: sql)
        }
        let song = IndexedSong(db: db, index: SQLSearchIndex(backend: db.backend))
        try await song.index.index(.track, id: "x1")
        return song
    }

    func update(_ statement: SQLQueryString) async throws {
        try await db.backend.transaction { sql in try await sql.raw(statement).run() }
        try await index.index(.track, id: "x1")
    }
}
