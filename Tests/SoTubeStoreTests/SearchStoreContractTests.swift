import Foundation
import SQLKit
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// The search index and ranking, on every engine (SQLite; PostgreSQL when configured), and the
/// in-memory catalog's scan except where a test is about the SQL index itself.
@Suite struct SearchStoreContractTests {
    func search(_ stores: ContractStores, _ text: String, explicit: Bool = true, limit: Int = 20, offset: Int = 0)
        async throws -> SearchHits
    {
        try await stores.search.search(SearchQuery(text), allowExplicit: explicit, limit: limit, offset: offset)
    }

    /// The SQL store alone: what its index does after a change.
    func searchSQL(_ backend: any SQLBackend, _ text: String) async throws -> SearchHits {
        try await SQLSearchStore(backend: backend).search(SearchQuery(text), allowExplicit: true, limit: 20, offset: 0)
    }

    @Test(arguments: StoreUnderTest.all) func foldsCaseAndDiacriticsInLatinAndCyrillic(_ kind: StoreUnderTest)
        async throws
    {
        try await kind.use(catalog: true) { stores async throws in
            #expect(try await search(stores, "bjork").artistIDs == ["ar1"])
            #expect(try await search(stores, "BJÖRK").artistIDs == ["ar1"])
            #expect(try await search(stores, "ЁЛКА").artistIDs == ["ar2"])
            #expect(try await search(stores, "елка").artistIDs == ["ar2"])
            #expect(try await search(stores, "город").albumIDs == ["al3"])
            #expect(try await search(stores, "joga").trackIDs == ["t2"])
        }
    }

    @Test(arguments: StoreUnderTest.all) func matchesWordPrefixesAsYouType(_ kind: StoreUnderTest) async throws {
        try await kind.use(catalog: true) { stores async throws in
            #expect(try await search(stores, "bj").artistIDs == ["ar1"])
            #expect(try await search(stores, "hum beh").trackIDs == ["t4"])
            #expect(try await search(stores, "прова").trackIDs == ["t6"])
            let nothing = try await search(stores, "zzzz")
            #expect(nothing.artistIDs.isEmpty && nothing.trackIDs.isEmpty && nothing.albumIDs.isEmpty)
            // Punctuation is a word break: "AC/DC" is found as "ac dc" and as "ac/dc".
            #expect(try await search(stores, "ac/dc").artistIDs == ["ar3"])
        }
    }

    @Test(arguments: StoreUnderTest.all) func everyWordIsAPrefix(_ kind: StoreUnderTest) async throws {
        try await kind.use(catalog: true, retitling: ["t10": "Lovely Song"]) { stores async throws in
            #expect(try await search(stores, "lovel son").trackIDs == ["t10"])
            #expect(try await search(stores, "Lovely Song").trackIDs == ["t10"])
            #expect(try await search(stores, "huma behav").trackIDs == ["t4"])
            #expect(try await search(stores, "zebr cross").trackIDs == ["t9"])
            // Every word must still match something: a wrong first word finds nothing.
            #expect(try await search(stores, "lovex son").trackIDs.isEmpty)
        }
    }

    @Test(arguments: StoreUnderTest.all) func longPrefixesMatchWholeNotCut(_ kind: StoreUnderTest) async throws {
        // SQLite looks longer prefixes up by their first six letters, then checks them whole.
        try await kind.use(
            catalog: true, retitling: ["t9": "Tonight Tonight", "t10": "Tonights Tune", "t8": "Tonigh Tonia"]
        ) { stores async throws in
            #expect(Set(try await search(stores, "tonight").trackIDs) == ["t9", "t10"])
            #expect(try await search(stores, "tonights").trackIDs == ["t10"])
            #expect(try await search(stores, "tonight tu").trackIDs == ["t10"])
            #expect(try await search(stores, "tonia tonigh").trackIDs == ["t8"])
            // The cut prefix "tonigh" alone would find all three; the whole word finds none.
            #expect(try await search(stores, "tonightt").trackIDs.isEmpty)
        }
    }

    @Test(arguments: StoreUnderTest.all) func findsEveryKindAndSongsByArtistName(_ kind: StoreUnderTest) async throws {
        try await kind.use(catalog: true) { stores async throws in
            let hits = try await search(stores, "bjork")
            #expect(Set(hits.albumIDs) == ["al1", "al2"])
            #expect(Set(hits.trackIDs) == ["t1", "t2", "t3", "t4", "t5"])
            #expect(try await search(stores, "nordic").playlistIDs == ["pl1"])
        }
    }

    /// Playlists' names pass and full pass are asked together (`SQLSearchStore.fullPassWithNames`): one
    /// found through its description alone is still found, after those named for the query, and pages.
    @Test(arguments: StoreUnderTest.all) func findsPlaylistsByNameThenDescription(_ kind: StoreUnderTest)
        async throws
    {
        try await kind.use(catalog: true) { stores async throws in
            // "Slow down" describes "Chill mix"; no playlist's name holds it.
            #expect(try await search(stores, "slow").playlistIDs == ["pl2"])
            // "Nordic Nights" by name, then "Hidden volume" by its description, "Not featured".
            #expect(try await search(stores, "n").playlistIDs == ["pl1", "pl3"])
            #expect(try await search(stores, "n", limit: 1, offset: 1).playlistIDs == ["pl3"])
            // Through descriptions alone, shorter names first: "Chill mix" ("Slow down"), "Nordic Nights"
            // ("Cold songs for long nights").
            #expect(try await search(stores, "s").playlistIDs == ["pl2", "pl1"])
            #expect(try await search(stores, "long nights").playlistIDs == ["pl1"])
        }
    }

    /// Three words with no short prefix: on SQLite every kind's passes go in one lane, the songs' full
    /// pass asked early (`SQLSearchStore.asksInOneLane`); an album and songs found through their
    /// artist's name and the album's title are found, and nothing else.
    @Test(arguments: StoreUnderTest.all) func findsThreeWordsThroughContextInEveryKind(_ kind: StoreUnderTest)
        async throws
    {
        try await kind.use(catalog: true) { stores async throws in
            let hits = try await search(stores, "zebra band stripes")
            #expect(hits.albumIDs == ["al5"])
            #expect(Set(hits.trackIDs) == ["t9", "t10"])
            #expect(hits.artistIDs.isEmpty && hits.playlistIDs.isEmpty)
            #expect(try await search(stores, "stripes zebra crossing").trackIDs == ["t9"])
        }
    }

    @Test(arguments: StoreUnderTest.all) func ranksExactNameMatchesFirst(_ kind: StoreUnderTest) async throws {
        try await kind.use(catalog: true) { stores async throws in
            // Both AC/DC songs are on "Back in Black"; the song of that name comes first.
            let hits = try await search(stores, "back in black")
            #expect(hits.trackIDs == ["t8", "t7"])
            #expect(hits.albumIDs == ["al4"])
        }
    }

    @Test(arguments: StoreUnderTest.all) func explicitFalseHidesExplicitSongsAndAlbums(_ kind: StoreUnderTest)
        async throws
    {
        try await kind.use(catalog: true) { stores async throws in
            #expect(try await search(stores, "hells").trackIDs == ["t7"])
            let clean = try await search(stores, "black", explicit: false)
            #expect(clean.trackIDs == ["t8"])  // "Hells Bells", on the same album, is explicit
            #expect(clean.albumIDs.isEmpty)  // the album holds an explicit song
            #expect(try await search(stores, "hells", explicit: false).trackIDs.isEmpty)
            #expect(try await search(stores, "black").albumIDs == ["al4"])
        }
    }

    @Test(arguments: StoreUnderTest.all) func paginatesEachKind(_ kind: StoreUnderTest) async throws {
        try await kind.use(catalog: true) { stores async throws in
            let all = try await search(stores, "bjork").trackIDs
            let first = try await search(stores, "bjork", limit: 2).trackIDs
            let second = try await search(stores, "bjork", limit: 2, offset: 2).trackIDs
            let rest = try await search(stores, "bjork", limit: 2, offset: 4).trackIDs
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
            #expect(try await searchSQL(backend, "quokka").trackIDs.isEmpty)
            try await index.index(.track, id: "t11")
            #expect(try await searchSQL(backend, "quokka").trackIDs == ["t11"])
            try await backend.transaction { db in
                try await db.raw("UPDATE tracks SET title = 'Wombat Walk' WHERE id = 't11'").run()
            }
            try await index.index(.track, id: "t11")
            #expect(try await searchSQL(backend, "quokka").trackIDs.isEmpty)
            #expect(try await searchSQL(backend, "wombat").trackIDs == ["t11"])
            try await backend.transaction { db in try await db.raw("DELETE FROM tracks WHERE id = 't11'").run() }
            try await index.index(.track, id: "t11")
            #expect(try await searchSQL(backend, "wombat").trackIDs.isEmpty)
            // A rebuild gives the same answers as incremental updates.
            #expect(try await index.rebuild() == 4 + 5 + 10 + 3)
            #expect(try await searchSQL(backend, "zebra").trackIDs == ["t9", "t10"])  // t10 by Zebra Band
        }
    }

    @Test(arguments: StoreUnderTest.all) func suggestsNamesFromTheCatalog(_ kind: StoreUnderTest) async throws {
        try await kind.use(catalog: true) { stores async throws in
            let names = try await stores.search.names(
                SearchQuery("ba"), allowExplicit: true, limit: 5)
            #expect(names.contains("Back in Black"))
            #expect(names.contains("Bachelorette"))
        }
    }
}
