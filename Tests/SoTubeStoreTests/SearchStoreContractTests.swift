import Foundation
import SQLKit
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// The search index and ranking, on every engine (SQLite; PostgreSQL when configured).
@Suite struct SearchStoreContractTests {
    func search(_ backend: any SQLBackend, _ text: String, explicit: Bool = true, limit: Int = 20, offset: Int = 0)
        async throws -> SearchHits
    {
        try await SQLSearchStore(backend: backend).search(
            SearchQuery(text), allowExplicit: explicit, limit: limit, offset: offset)
    }

    /// The fixture's catalog with some songs renamed (id → title), indexed again.
    func installCatalog(retitling titles: [String: String], on backend: any SQLBackend) async throws {
        try await CatalogFixture.install(on: backend)
        try await backend.transaction { db in
            for (id, title) in titles {
                try await db.raw("UPDATE tracks SET title = \(bind: title) WHERE id = \(bind: id)").run()
            }
        }
        _ = try await SQLSearchIndex(backend: backend).rebuild()
    }

    @Test(arguments: TestEngine.enabled) func foldsCaseAndDiacriticsInLatinAndCyrillic(_ kind: TestEngine)
        async throws
    {
        try await kind.freshDatabase().use { db in
            let backend = db.backend
            try await CatalogFixture.install(on: backend)
            #expect(try await search(backend, "bjork").artistIDs == ["ar1"])
            #expect(try await search(backend, "BJÖRK").artistIDs == ["ar1"])
            #expect(try await search(backend, "ЁЛКА").artistIDs == ["ar2"])
            #expect(try await search(backend, "елка").artistIDs == ["ar2"])
            #expect(try await search(backend, "город").albumIDs == ["al3"])
            #expect(try await search(backend, "joga").trackIDs == ["t2"])
        }
    }

    @Test(arguments: TestEngine.enabled) func matchesWordPrefixesAsYouType(_ kind: TestEngine) async throws {
        try await kind.freshDatabase().use { db in
            let backend = db.backend
            try await CatalogFixture.install(on: backend)
            #expect(try await search(backend, "bj").artistIDs == ["ar1"])
            #expect(try await search(backend, "hum beh").trackIDs == ["t4"])
            #expect(try await search(backend, "прова").trackIDs == ["t6"])
            let nothing = try await search(backend, "zzzz")
            #expect(nothing.artistIDs.isEmpty && nothing.trackIDs.isEmpty && nothing.albumIDs.isEmpty)
            // Punctuation is a word break: "AC/DC" is found as "ac dc" and as "ac/dc".
            #expect(try await search(backend, "ac/dc").artistIDs == ["ar3"])
        }
    }

    @Test(arguments: TestEngine.enabled) func everyWordIsAPrefix(_ kind: TestEngine) async throws {
        try await kind.freshDatabase().use { db in
            let backend = db.backend
            try await installCatalog(retitling: ["t10": "Lovely Song"], on: backend)
            #expect(try await search(backend, "lovel son").trackIDs == ["t10"])
            #expect(try await search(backend, "Lovely Song").trackIDs == ["t10"])
            #expect(try await search(backend, "huma behav").trackIDs == ["t4"])
            #expect(try await search(backend, "zebr cross").trackIDs == ["t9"])
            // Every word must still match something: a wrong first word finds nothing.
            #expect(try await search(backend, "lovex son").trackIDs.isEmpty)
        }
    }

    @Test(arguments: TestEngine.enabled) func longPrefixesMatchWholeNotCut(_ kind: TestEngine) async throws {
        // SQLite looks longer prefixes up by their first six letters, then checks them whole.
        try await kind.freshDatabase().use { db in
            let backend = db.backend
            try await installCatalog(
                retitling: ["t9": "Tonight Tonight", "t10": "Tonights Tune", "t8": "Tonigh Tonia"], on: backend)
            #expect(Set(try await search(backend, "tonight").trackIDs) == ["t9", "t10"])
            #expect(try await search(backend, "tonights").trackIDs == ["t10"])
            #expect(try await search(backend, "tonight tu").trackIDs == ["t10"])
            #expect(try await search(backend, "tonia tonigh").trackIDs == ["t8"])
            // The cut prefix "tonigh" alone would find all three; the whole word finds none.
            #expect(try await search(backend, "tonightt").trackIDs.isEmpty)
        }
    }

    @Test(arguments: TestEngine.enabled) func findsEveryKindAndSongsByArtistName(_ kind: TestEngine) async throws {
        try await kind.freshDatabase().use { db in
            let backend = db.backend
            try await CatalogFixture.install(on: backend)
            let hits = try await search(backend, "bjork")
            #expect(Set(hits.albumIDs) == ["al1", "al2"])
            #expect(Set(hits.trackIDs) == ["t1", "t2", "t3", "t4", "t5"])
            #expect(try await search(backend, "nordic").playlistIDs == ["pl1"])
        }
    }

    @Test(arguments: TestEngine.enabled) func ranksExactNameMatchesFirst(_ kind: TestEngine) async throws {
        try await kind.freshDatabase().use { db in
            let backend = db.backend
            try await CatalogFixture.install(on: backend)
            // Both AC/DC songs are on "Back in Black"; the song of that name comes first.
            let hits = try await search(backend, "back in black")
            #expect(hits.trackIDs == ["t8", "t7"])
            #expect(hits.albumIDs == ["al4"])
        }
    }

    @Test(arguments: TestEngine.enabled) func explicitFalseHidesExplicitSongsAndAlbums(_ kind: TestEngine)
        async throws
    {
        try await kind.freshDatabase().use { db in
            let backend = db.backend
            try await CatalogFixture.install(on: backend)
            #expect(try await search(backend, "hells").trackIDs == ["t7"])
            let clean = try await search(backend, "black", explicit: false)
            #expect(clean.trackIDs == ["t8"])  // "Hells Bells", on the same album, is explicit
            #expect(clean.albumIDs.isEmpty)  // the album holds an explicit song
            #expect(try await search(backend, "hells", explicit: false).trackIDs.isEmpty)
            #expect(try await search(backend, "black").albumIDs == ["al4"])
        }
    }

    @Test(arguments: TestEngine.enabled) func paginatesEachKind(_ kind: TestEngine) async throws {
        try await kind.freshDatabase().use { db in
            let backend = db.backend
            try await CatalogFixture.install(on: backend)
            let all = try await search(backend, "bjork").trackIDs
            let first = try await search(backend, "bjork", limit: 2).trackIDs
            let second = try await search(backend, "bjork", limit: 2, offset: 2).trackIDs
            let rest = try await search(backend, "bjork", limit: 2, offset: 4).trackIDs
            #expect(first + second + rest == all)
            #expect(first.count == 2 && second.count == 2 && rest.count == 1)
        }
    }

    @Test(arguments: TestEngine.enabled) func indexesOneEntityAfterAChange(_ kind: TestEngine) async throws {
        try await kind.freshDatabase().use { db in
            let backend = db.backend
            try await CatalogFixture.install(on: backend)
            let index = SQLSearchIndex(backend: backend)
            try await backend.transaction { db in
                try await CatalogFixture.insert(
                    .init(id: "t11", album: "al5", artist: "ar4", title: "Quokka Dance", number: 3), on: db)
            }
            #expect(try await search(backend, "quokka").trackIDs.isEmpty)
            try await index.index(.track, id: "t11")
            #expect(try await search(backend, "quokka").trackIDs == ["t11"])
            try await backend.transaction { db in
                try await db.raw("UPDATE tracks SET title = 'Wombat Walk' WHERE id = 't11'").run()
            }
            try await index.index(.track, id: "t11")
            #expect(try await search(backend, "quokka").trackIDs.isEmpty)
            #expect(try await search(backend, "wombat").trackIDs == ["t11"])
            try await backend.transaction { db in try await db.raw("DELETE FROM tracks WHERE id = 't11'").run() }
            try await index.index(.track, id: "t11")
            #expect(try await search(backend, "wombat").trackIDs.isEmpty)
            // A rebuild gives the same answers as incremental updates.
            #expect(try await index.rebuild() == 4 + 5 + 10 + 3)
            #expect(try await search(backend, "zebra").trackIDs == ["t9", "t10"])  // t10 by Zebra Band
        }
    }

    @Test(arguments: TestEngine.enabled) func suggestsNamesFromTheCatalog(_ kind: TestEngine) async throws {
        try await kind.freshDatabase().use { db in
            let backend = db.backend
            try await CatalogFixture.install(on: backend)
            let names = try await SQLSearchStore(backend: backend).names(
                SearchQuery("ba"), allowExplicit: true, limit: 5)
            #expect(names.contains("Back in Black"))
            #expect(names.contains("Bachelorette"))
        }
    }
}
