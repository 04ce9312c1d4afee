import Foundation
import SQLKit
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// The index's vocabulary (migration 22) on both engines: counted by a rebuild, kept by single
/// updates, counted once for an index made before it, and the candidates for a mistyped word.
@Suite struct SearchWordsTests {
    func words(_ backend: any SQLBackend) async throws -> [String: Int] {
        try await backend.read { db in
            var words: [String: Int] = [:]
            for row in try await db.raw("SELECT word, documents FROM search_words").all() {
                words[try row.decode(column: "word", as: String.self)] = try row.decode(
                    column: "documents", as: Int.self)
            }
            return words
        }
    }

    @Test(arguments: TestEngine.enabled) func theVocabularyFollowsTheIndex(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            try await CatalogFixture.install(on: db.backend)
            let index = SQLSearchIndex(backend: db.backend)
            let search = SQLSearchStore(backend: db.backend)
            let counted = try await words(db.backend)
            // "Bachelorette" is one song's title; "bjork" (the artist) is in every song's context.
            #expect(counted["bachelorette"] == 1)
            #expect((counted["bjork"] ?? 0) >= 5)
            #expect(counted["ox"] == nil, "words under three characters are not kept")
            // A song renamed: its old word goes, the new one comes.
            try await db.backend.transaction { sql in
                try await sql.raw("UPDATE tracks SET title = 'Glacier Waltz' WHERE id = 't3'").run()
            }
            try await index.index(.track, id: "t3")
            let renamed = try await words(db.backend)
            #expect(renamed["bachelorette"] == nil && renamed["glacier"] == 1 && renamed["waltz"] == 1)
            #expect(renamed["bjork"] == counted["bjork"])
            // The candidates for a mistyped word, and the choice among them.
            let candidates = try await search.spellingCandidates(for: "glaicer")
            #expect(candidates.contains(Spelling.Word("glacier", documents: 1)))
            #expect(candidates.allSatisfy { $0.text.hasPrefix("g") })
            #expect(Spelling.best(for: "glaicer", among: candidates) == "glacier")
            // An index made before migration 22: its words are counted once, the same as a rebuild's.
            try await db.backend.transaction { sql in try await sql.raw("DELETE FROM search_words").run() }
            #expect(try await index.countWordsIfMissing() == renamed.count)
            #expect(try await words(db.backend) == renamed)
            #expect(try await index.countWordsIfMissing() == nil, "counted already")
            try await index.rebuild()
            #expect(try await words(db.backend) == renamed)
        }
    }
}
