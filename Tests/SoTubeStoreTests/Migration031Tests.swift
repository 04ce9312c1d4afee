import Foundation
import SQLKit
import SoTubeCore
import SoTubeTestFixtures
import Testing

@testable import SoTubeStoreSQL

/// Migration 31 (PostgreSQL) gives each `search_tokens` entry the letters that start its document's name
/// and context words (`letters`), and folds `in_name` into `name_letters` (0 off the name): on a catalog
/// indexed under migration 30, every entry keeps its name letters where its token was in the name, and
/// a word with one letter found only through the song's artist or album (the full pass walks the word
/// and checks that bit) is found, a letter sharing a bit but starting no word is not.
@Suite struct Migration031Tests {
    @Test(.enabled(if: TestEngine.postgresURL != nil)) func lettersOfNameAndContext() async throws {
        try await TestEngine.postgres.freshDatabase(migrate: false).use { db in
            try await db.migrate(upTo: 30)
            let titles = ["Wombat Day", "Quokka Дом", "Numbat"]
            let ids = try await CommerceRows.album(
                db.backend, "qx", prices: [5, 5, 5], title: "Ёжик Zeta", songTitle: { titles[$0 - 1] })
            let index = SQLSearchIndex(backend: db.backend)
            for id in ids { try await index.index(.track, id: id) }
            let before = try await db.backend.read { sql in
                try await sql.raw("SELECT token, doc_id, in_name, name_letters FROM search_tokens").all().map {
                    (
                        try $0.decode(column: "token", as: String.self) + "|"
                            + String(try $0.decode(column: "doc_id", as: Int64.self)),
                        try $0.decode(column: "in_name", as: Bool.self)
                            ? try $0.decode(column: "name_letters", as: Int32.self) : 0
                    )
                }
            }
            #expect(before.count > 30)
            #expect(before.contains { $0.1 == 0 } && before.contains { $0.1 != 0 }, "tokens in and off the names")
            let applied = try await db.migrate(now: TestEngine.now, logger: TestEngine.logger)
            #expect(applied.first == "31 search letters", "then any later ones")
            let after = try await db.backend.read { sql in
                try await sql.raw(
                    """
                    SELECT t.token, t.doc_id, t.name_letters, t.letters,
                        search_name_letters(d.name || ' ' || d.context) AS want
                    FROM search_tokens t JOIN search_documents d ON d.doc_id = t.doc_id
                    """
                ).all().map {
                    (
                        try $0.decode(column: "token", as: String.self) + "|"
                            + String(try $0.decode(column: "doc_id", as: Int64.self)),
                        try $0.decode(column: "name_letters", as: Int32.self),
                        try $0.decode(column: "letters", as: Int32.self),
                        try $0.decode(column: "want", as: Int32.self)
                    )
                }
            }
            #expect(
                Dictionary(uniqueKeysWithValues: after.map { ($0.0, $0.1) }) == Dictionary(uniqueKeysWithValues: before)
            )
            #expect(after.allSatisfy { $0.2 == $0.3 && $0.2 != 0 })
            let search = SQLSearchStore(backend: db.backend)
            func songs(_ text: String) async throws -> [String] {
                try await search.search(SearchQuery(text), allowExplicit: true, limit: 20, offset: 0).trackIDs
            }
            #expect(try await songs("wombat d") == [ids[0]], "a letter of the name")
            #expect(try await songs("wombat a") == [ids[0]], "a letter of the artist's name, a–z")
            #expect(try await songs("wombat ё") == [ids[0]], "a letter of the album's title, a shared bit")
            #expect(try await songs("wombat е") == [ids[0]])
            #expect(try await songs("numbat z") == [ids[2]])
            #expect(try await songs("wombat к").isEmpty, "к shares е's bit (ё is read as е) and starts no word")
            #expect(try await songs("wombat x").isEmpty, "no word starts with x")
            #expect(try await songs("quokka д") == [ids[1]])
        }
    }
}
