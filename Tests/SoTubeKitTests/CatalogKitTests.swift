import Foundation
import SoTubeAPI
import SoTubeKit
import SoTubeTestFixtures
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The store, search and discovery routes through the SDK against a real server holding
/// `CatalogFixture`'s catalog.
@Suite(.liveServer) struct CatalogKitTests {
    @Test(arguments: TestEngine.enabled) func storePagesForGuestsAndMembers(engine: TestEngine) async throws {
        let server = try LiveServer.on(engine)
        let guest = server.client()
        let home = try await guest.storeHome()
        #expect(home.newReleases.map(\.id).contains("al1"))
        #expect(home.featuredPlaylists.map(\.id) == ["pl1"])
        #expect(home.favourites.isEmpty)
        #expect(try await guest.moods().map(\.playlistId) == ["pl2"])

        let artist = try await guest.artist("ar1")
        #expect(artist.artist.name == "Björk" && Set(artist.albums.map(\.id)) == ["al1", "al2"])
        let album = try await guest.album("al1")
        #expect(album.tracks.map(\.id) == ["t1", "t2", "t3"])
        #expect(album.priceForCaller == album.album.price)
        let playlist = try await guest.playlist("pl1")
        #expect(playlist.tracks.map(\.id) == ["t2", "t7"] && !playlist.favourite)
        let track = try await guest.track("t1")
        #expect(track.track.title == "Hunter" && track.lyrics == "If travel is searching" && !track.track.owned)

        // Unknown ids are typed, on every page kind.
        for page in [
            { try await guest.album("nope") }, { try await guest.artist("nope") },
            { try await guest.playlist("nope") }, { try await guest.track("nope") },
        ] as [@Sendable () async throws -> Any] {
            await #expect(throws: SoTubeError.notFound) { _ = try await page() }
        }
        // An id that is not a safe path segment stays one segment (SoTubeRoutes encodes it).
        await #expect(throws: SoTubeError.notFound) { try await guest.album("../me") }
    }

    @Test(arguments: TestEngine.enabled) func searchHistorySuggestionsAndPages(engine: TestEngine) async throws {
        let server = try LiveServer.on(engine)
        let (client, _) = try await server.newUser("srch")
        let results = try await client.search("Björk")
        #expect(results.artists.map(\.id) == ["ar1"])
        #expect(Set(results.tracks.map(\.id)).isSuperset(of: ["t1", "t2"]))
        let clean = try await client.search("Hells Bells", explicit: false)
        #expect(!clean.tracks.map(\.id).contains("t7"))
        #expect(try await client.search("Hells Bells").tracks.map(\.id).contains("t7"))

        // Pages of one result each add up to the whole list, in order.
        let all = try await client.search("Björk", limit: 100)
        try #require(all.tracks.count >= 3)
        var paged: [String] = []
        var pages = 0
        for try await page in client.searchPages("Björk", pageSize: 1) {
            paged += page.tracks.map(\.id)
            pages += 1
        }
        #expect(paged == all.tracks.map(\.id))
        #expect(pages >= all.tracks.count)

        let history = try await client.searchHistory()
        #expect(history.first == "Björk" && history.contains("Hells Bells"))
        let suggestions = try await client.searchSuggestions(for: "bj")
        #expect(suggestions.first == "Björk")
        // The catalog's names leave explicit songs out on request (the user's own past queries stay).
        let guest = server.client()
        #expect(try await guest.searchSuggestions(for: "hells").contains("Hells Bells"))
        #expect(try await guest.searchSuggestions(for: "hells", explicit: false).contains("Hells Bells") == false)
        try await client.clearSearchHistory()
        #expect(try await client.searchHistory().isEmpty)

        // A limit out of range names the parameter.
        await #expect {
            try await client.search("x", limit: 1000)
        } throws: { error in
            guard case .validation(let field, _) = error as? SoTubeError else { return false }
            return field == "limit"
        }
    }

    @Test(arguments: TestEngine.enabled) func favouritesAndRecentlyPlayed(engine: TestEngine) async throws {
        let server = try LiveServer.on(engine)
        let (client, _) = try await server.newUser("fav")
        try await client.setFavourite(trackID: "t2", true)
        try await client.setFavourite(trackID: "t2", true)
        try await client.setFavourite(trackID: "t6", true)
        try await client.setFavourite(playlistID: "pl1", true)
        var favourites = try await client.favourites()
        #expect(favourites.tracks.map(\.id) == ["t6", "t2"])
        #expect(favourites.playlists.map(\.id) == ["pl1"])
        #expect(try await client.playlist("pl1").favourite)
        try await client.setFavourite(trackID: "t6", false)
        try await client.setFavourite(playlistID: "pl1", false)
        favourites = try await client.favourites()
        #expect(favourites.tracks.map(\.id) == ["t2"] && favourites.playlists.isEmpty)
        await #expect(throws: SoTubeError.notFound) { try await client.setFavourite(trackID: "nope", true) }
        await #expect(throws: SoTubeError.notFound) { try await client.setFavourite(playlistID: "nope", true) }

        try await client.recordPlay(trackID: "t3")
        try await client.recordPlay(trackID: "t1")
        #expect(try await client.recentlyPlayed().map(\.id).prefix(2) == ["t1", "t3"])
        await #expect(throws: SoTubeError.notFound) { try await client.recordPlay(trackID: "nope") }
        let home = try await client.storeHome()
        #expect(home.favourites.map(\.id) == ["t2"] && home.recentlyPlayed.first?.id == "t1")
    }
}
