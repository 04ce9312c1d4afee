import Foundation
import SQLKit
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// Catalog pages, library, ownership, favourites, recently played and search history on every engine
/// and on the in-memory catalog.
@Suite struct CatalogStoreContractTests {
    @Test(arguments: StoreUnderTest.all) func albumPagesListSongsInDiscAndTrackOrder(_ kind: StoreUnderTest)
        async throws
    {
        try await kind.use(catalog: true) { stores async throws in
            let catalog = stores.catalog
            #expect(try await catalog.tracks(inAlbum: "al5").map(\.id) == ["t10", "t9"])
            #expect(try await catalog.tracks(inAlbum: "al1").map(\.title) == ["Hunter", "Jóga", "Bachelorette"])
            let homogenic = try #require(try await catalog.album(id: "al1"))
            #expect(homogenic.trackCount == 3)
            #expect(homogenic.price == 25)  // 80% of 10 + 12 + 10, rounded down
            // The operator's 25 is more than its two 10-coin songs: never more than buying them one by one.
            #expect(try await catalog.album(id: "al2")?.operatorPrice == 25)
            #expect(try await catalog.album(id: "al2")?.price == 20)
            #expect(try await catalog.album(id: "al4")?.explicit == true)
            #expect(try await catalog.album(id: "nope") == nil)
        }
    }

    @Test(arguments: StoreUnderTest.all) func homeArtistPlaylistAndSongPages(_ kind: StoreUnderTest) async throws {
        try await kind.use(catalog: true) { stores async throws in
            let catalog = stores.catalog
            #expect(try await catalog.newReleases(limit: 3).map(\.id) == ["al5", "al3", "al1"])
            #expect(try await catalog.featuredPlaylists(limit: 10).map(\.id) == ["pl1"])
            let moods = try await catalog.moods()
            #expect(moods.map(\.name) == ["Chill"])
            #expect(moods.first?.coverAlbumID == "al1")
            #expect(try await catalog.albums(byArtist: "ar1").map(\.id) == ["al1", "al2"])
            #expect(try await catalog.otherAlbums(forArtist: "ar1", limit: 10).map(\.id) == ["al5"])
            #expect(try await catalog.tracks(inPlaylist: "pl1").map(\.id) == ["t2", "t7"])
            #expect(try await catalog.playlist(id: "pl1")?.trackCount == 2)
            let song = try #require(try await catalog.trackDetail(id: "t1"))
            #expect(song.lyrics == "If travel is searching")
            #expect(song.artistBio == "Icelandic singer and songwriter.")
            #expect(song.releaseDate == "1997-09-22")
            #expect(song.track.artistName == "Björk" && song.track.albumTitle == "Homogenic")
            #expect(try await catalog.trackDetail(id: "nope") == nil)
            #expect(try await catalog.tracks(ids: ["t3", "nope", "t1"]).map(\.id) == ["t3", "t1"])
        }
    }

    /// Rows by id (search results) in the order asked, unknown ids left out, call after call: on
    /// PostgreSQL these are prepared statements, whose plan is made generic after five calls on a
    /// connection.
    @Test(arguments: StoreUnderTest.all) func rowsByIDComeInTheOrderAskedCallAfterCall(_ kind: StoreUnderTest)
        async throws
    {
        try await kind.use(catalog: true) { stores async throws in
            let catalog = stores.catalog
            for round in 0..<8 {
                let tracks = round.isMultiple(of: 2) ? ["t10", "nope", "t1", "t5"] : ["t2"]
                #expect(try await catalog.tracks(ids: tracks).map(\.id) == tracks.filter { $0 != "nope" })
                #expect(try await catalog.albums(ids: ["al5", "al1", "gone"]).map(\.id) == ["al5", "al1"])
                #expect(try await catalog.albums(ids: ["al1"]).first?.trackCount == 3)
                #expect(try await catalog.artists(ids: ["ar1", "nope"]).map(\.id) == ["ar1"])
                #expect(try await catalog.playlists(ids: ["pl1"]).first?.trackCount == 2)
                #expect(try await catalog.tracks(ids: ["nope"]).isEmpty)
            }
        }
    }

    @Test(arguments: StoreUnderTest.all) func topTracksFollowSales(_ kind: StoreUnderTest) async throws {
        try await kind.use(catalog: true) { stores async throws in
            try await stores.addUser("u1")
            try await stores.addUser("u2")
            try await stores.own(["t5"], "u1")
            try await stores.own(["t5", "t3"], "u2")
            let top = try await stores.catalog.topTracks(forArtist: "ar1", limit: 2)
            #expect(top.map(\.id) == ["t5", "t3"])
        }
    }

    @Test(arguments: StoreUnderTest.all) func libraryHoldsOnlyOwnedSongs(_ kind: StoreUnderTest) async throws {
        try await kind.use(catalog: true) { stores async throws in
            try await stores.addUser("u1")
            try await stores.addUser("u2")
            try await stores.own(["t9", "t1"], "u1")
            try await stores.own(["t6"], "u2")
            let library = stores.library
            #expect(Set(try await library.ownedTracks(userID: "u1").map(\.id)) == ["t1", "t9"])
            #expect(try await library.ownedTracks(userID: "u2").map(\.id) == ["t6"])
            #expect(try await library.ownedTracks(userID: "nobody").isEmpty)
            let ownership = stores.ownership
            #expect(try await ownership.owns(userID: "u1", trackID: "t9"))
            #expect(try await !ownership.owns(userID: "u1", trackID: "t6"))
            #expect(try await ownership.ownedTrackIDs(userID: "u1", among: ["t1", "t2", "t6", "nope"]) == ["t1"])
            #expect(try await ownership.ownedCount(userID: "u1") == 2)
            #expect(try await ownership.ownedCount(userID: "nobody") == 0)
        }
    }

    @Test(arguments: StoreUnderTest.all) func searchHistoryKeepsTheLastFive(_ kind: StoreUnderTest) async throws {
        try await kind.use { stores in
            try await stores.addUser("u1")
            try await stores.addUser("u2")
            let store = stores.discovery
            var time = Date(timeIntervalSince1970: 1_800_000_000)
            for text in ["b", "bj", "Björk", "hunter", "abba", "queen", "muse", "Hunter"] {
                time += 1
                try await store.recordSearch(userID: "u1", query: SearchQuery(text), at: time)
            }
            // "b" and "bj" were replaced by "Björk"; "hunter" again moved to the top.
            #expect(try await store.searchHistory(userID: "u1") == ["Hunter", "muse", "queen", "abba", "Björk"])
            #expect(try await store.searchHistory(userID: "u2").isEmpty)
            try await store.clearSearchHistory(userID: "u1")
            #expect(try await store.searchHistory(userID: "u1").isEmpty)
        }
    }

    @Test(arguments: StoreUnderTest.all) func favouritesAndRecentlyPlayed(_ kind: StoreUnderTest) async throws {
        try await kind.use(catalog: true) { stores async throws in
            try await stores.addUser("u1")
            let store = stores.discovery
            var time = Date(timeIntervalSince1970: 1_800_000_000)
            for id in ["t1", "t2", "t1"] {
                time += 1
                #expect(try await store.setFavouriteTrack(userID: "u1", trackID: id, favourite: true, at: time))
            }
            #expect(try await store.favouriteTrackIDs(userID: "u1", limit: 200) == ["t2", "t1"])
            #expect(try await store.setFavouriteTrack(userID: "u1", trackID: "t2", favourite: false, at: time))
            #expect(try await store.favouriteTrackIDs(userID: "u1", limit: 200) == ["t1"])
            #expect(try await !store.setFavouriteTrack(userID: "u1", trackID: "nope", favourite: true, at: time))
            #expect(try await store.setFavouritePlaylist(userID: "u1", playlistID: "pl1", favourite: true, at: time))
            #expect(try await store.isFavouritePlaylist(userID: "u1", playlistID: "pl1"))
            #expect(try await !store.isFavouritePlaylist(userID: "u1", playlistID: "pl2"))
            #expect(try await !store.setFavouritePlaylist(userID: "u1", playlistID: "nope", favourite: true, at: time))
            for id in ["t3", "t4", "t3"] {
                time += 1
                #expect(try await store.recordPlay(userID: "u1", trackID: id, at: time))
            }
            #expect(try await store.recentlyPlayedIDs(userID: "u1", limit: 50) == ["t3", "t4"])
            #expect(try await !store.recordPlay(userID: "u1", trackID: "nope", at: time))
        }
    }
}
