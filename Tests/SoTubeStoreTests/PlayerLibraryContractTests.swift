import Foundation
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// The library players see (`/rest`) and app passwords, on every engine: only owned songs, their
/// albums and artists, with the owner's plays and stars.
@Suite struct PlayerLibraryContractTests {
    func withLibrary(_ engine: TestEngine, _ body: (SoTubeDatabase) async throws -> Void) async throws {
        try await engine.freshDatabase().use { db async throws in
            try await CatalogFixture.install(on: db.backend)
            for user in ["u1", "u2"] { try await CatalogFixture.addUser(user, on: db.backend) }
            try await CatalogFixture.own(["t2", "t1", "t9"], userID: "u1", on: db.backend)
            try await CatalogFixture.own(["t7"], userID: "u2", on: db.backend)
            try await body(db)
        }
    }

    @Test(arguments: TestEngine.enabled)
    func listsHoldOnlyOwnedSongsAlbumsAndArtists(_ engine: TestEngine) async throws {
        try await withLibrary(engine) { db in
            let player = db.player
            let albums = try await player.albums(userID: "u1", .alphabeticalByName, offset: 0, limit: 10)
            #expect(albums.map(\.id) == ["al1", "al5"])
            #expect(albums.map(\.songCount) == [2, 1])
            #expect(albums[0].durationMs == 400_000 && albums[0].artistName == "Björk")
            #expect(try await player.albums(userID: "u2", .ids(["al1"]), offset: 0, limit: 1).isEmpty)
            // A page read by id (what the server does for a kept list) is the same albums, in the
            // order asked, with the same owned-song counts and lengths.
            #expect(
                try await player.albums(userID: "u1", .ids(["al5", "al1", "al9"]), offset: 0, limit: 3)
                    == albums.reversed())
            #expect(
                try await player.albums(userID: "u1", .alphabeticalByName, offset: 1, limit: 10).map(\.id) == ["al5"])
            let songs = try await player.songs(userID: "u1", .album("al1"), offset: 0, limit: 10)
            #expect(songs.map(\.track.id) == ["t1", "t2"])
            #expect(songs[0].mediaPath == "fixture/full.mp3" && songs[0].playCount == 0 && songs[0].starredAt == nil)
            #expect(
                try await player.songs(userID: "u1", .all, offset: 0, limit: 10).map(\.track.id) == ["t1", "t2", "t9"])
            #expect(
                try await player.songs(userID: "u1", .ids(["t9", "t7", "t1"]), offset: 0, limit: 10).map(\.track.id)
                    == ["t9", "t1"])
            #expect(try await player.songs(userID: "u2", .byTitle, offset: 0, limit: 10).map(\.track.id) == ["t7"])
            let artists = try await player.artists(userID: "u1", .all, offset: 0, limit: 10)
            #expect(artists.map(\.id) == ["ar1", "ar4"] && artists.map(\.albumCount) == [1, 1])
            #expect(try await player.artists(userID: "u2", .ids(["ar1"]), offset: 0, limit: 1).isEmpty)
            let genres = try await player.genres(userID: "u1")
            #expect(genres.reduce(0) { $0 + $1.songCount } <= 3)
            for filter in [PlayerAlbumFilter.newest, .random, .alphabeticalByArtist, .byYear(from: 2030, to: 1900)] {
                #expect(
                    Set(try await player.albums(userID: "u1", filter, offset: 0, limit: 10).map(\.id)).isSubset(of: [
                        "al1", "al5",
                    ]))
            }
            #expect(
                try await player.songs(
                    userID: "u1", .random(genre: nil, fromYear: nil, toYear: nil), offset: 0, limit: 10
                ).count == 3)
        }
    }

    /// A player's search is the web's (`SearchQuery`: case and accents folded, every word the start
    /// of a word of the name or its artist/album), over the user's own songs, albums and artists.
    @Test(arguments: TestEngine.enabled)
    func searchesFoldCaseAndAccentsAsTheWebsDoWithinTheLibrary(_ engine: TestEngine) async throws {
        try await withLibrary(engine) { db async throws in
            let player = db.player
            func songs(_ user: String, _ text: String) async throws -> [String] {
                try await player.songs(userID: user, .matching(SearchQuery(text)), offset: 0, limit: 10).map(\.track.id)
            }
            #expect(try await songs("u1", "ZEBRA") == ["t9"])
            #expect(try await songs("u1", "joga") == ["t2"])  // "Jóga"
            #expect(try await songs("u1", "bjork") == ["t1", "t2"])  // by "Björk", in title order
            #expect(try await songs("u1", "bjo hunt") == ["t1"])  // words as prefixes, across title and artist
            #expect(try await songs("u1", "jork").isEmpty)  // inside a word: not a match, as on the web
            #expect(try await songs("u1", "bachelorette").isEmpty)  // t3 is not u1's
            #expect(try await songs("u1", "%").isEmpty)
            #expect(
                try await player.songs(userID: "u1", .matching(SearchQuery("bjork")), offset: 1, limit: 1)
                    .map(\.track.id) == ["t2"])
            #expect(
                try await player.albums(userID: "u1", .matching(SearchQuery("BJÖRK")), offset: 0, limit: 10).map(\.id)
                    == ["al1"])
            #expect(
                try await player.albums(userID: "u1", .matching(SearchQuery("homog")), offset: 0, limit: 10).map(\.id)
                    == ["al1"])
            #expect(
                try await player.artists(userID: "u1", .matching(SearchQuery("bjork")), offset: 0, limit: 10).map(\.id)
                    == ["ar1"])
            #expect(
                try await player.artists(userID: "u2", .matching(SearchQuery("bjork")), offset: 0, limit: 10).isEmpty)
        }
    }

    @Test(arguments: TestEngine.enabled)
    func playsAndStarsAreTheOwners(_ engine: TestEngine) async throws {
        try await withLibrary(engine) { db in
            let player = db.player
            let now = TestEngine.now
            #expect(try await db.discovery.recordPlay(userID: "u1", trackID: "t7", at: now))  // not u1's: not counted
            #expect(try await db.discovery.recordPlay(userID: "u1", trackID: "t1", at: now))
            #expect(try await db.discovery.recordPlay(userID: "u1", trackID: "t1", at: now + 60))
            #expect(try await player.songs(userID: "u1", .ids(["t1"]), offset: 0, limit: 1).first?.playCount == 2)
            let frequent = try await player.albums(userID: "u1", .frequent, offset: 0, limit: 10)
            #expect(frequent.map(\.id) == ["al1"] && frequent[0].playCount == 2 && frequent[0].lastPlayedAt == now + 60)
            #expect(try await player.albums(userID: "u1", .recent, offset: 0, limit: 10).map(\.id) == ["al1"])
            #expect(try await player.albums(userID: "u2", .frequent, offset: 0, limit: 10).isEmpty)
            _ = try await db.discovery.setFavouriteTrack(userID: "u1", trackID: "t1", favourite: true, at: now)
            #expect(try await player.albums(userID: "u1", .starred, offset: 0, limit: 10).isEmpty)
            _ = try await db.discovery.setFavouriteTrack(userID: "u1", trackID: "t2", favourite: true, at: now + 5)
            let starred = try await player.albums(userID: "u1", .starred, offset: 0, limit: 10)
            #expect(starred.map(\.id) == ["al1"] && starred[0].starredAt == now + 5)
            #expect(
                try await player.songs(userID: "u1", .starred, offset: 0, limit: 10).map(\.track.id) == ["t2", "t1"])
            #expect(try await player.songs(userID: "u2", .starred, offset: 0, limit: 10).isEmpty)
        }
    }

    /// One play is one operation for the web app and players alike: recently played and, for an
    /// owned song, the play count players show, written together.
    @Test(arguments: TestEngine.enabled)
    func aPlayGoesToRecentlyPlayedAndCountsForTheOwner(_ engine: TestEngine) async throws {
        try await withLibrary(engine) { db in
            let now = TestEngine.now
            #expect(try await db.discovery.recordPlay(userID: "u1", trackID: "t2", at: now))
            #expect(try await db.discovery.recordPlay(userID: "u1", trackID: "t3", at: now + 1))  // a preview
            #expect(try await db.discovery.recentlyPlayedIDs(userID: "u1", limit: 10) == ["t3", "t2"])
            let songs = try await db.player.songs(userID: "u1", .ids(["t2", "t1"]), offset: 0, limit: 2)
            #expect(songs.map(\.playCount) == [1, 0])
            let album = try await db.player.albums(userID: "u1", .ids(["al1"]), offset: 0, limit: 1).first
            #expect(album?.playCount == 1 && album?.lastPlayedAt == now)
            #expect(try await !db.discovery.recordPlay(userID: "u1", trackID: "nope", at: now))
            #expect(try await db.player.albums(userID: "u2", .frequent, offset: 0, limit: 10).isEmpty)
        }
    }

    @Test(arguments: TestEngine.enabled)
    func appPasswordsAreFoundByHashOrUsernameAndRevoked(_ engine: TestEngine) async throws {
        try await withLibrary(engine) { db in
            let store = db.appPasswords
            let now = TestEngine.now
            for (id, at) in [("a1", now), ("a2", now + 1)] {
                try await store.create(
                    AppPassword(
                        id: id, userID: "u1", label: "Phone \(id)", secretHash: "hash-\(id)", sealedSecret: [1, 2, 3],
                        createdAt: at, lastUsedAt: nil))
            }
            #expect(try await store.list(userID: "u1").map(\.id) == ["a2", "a1"])
            #expect(try await store.list(userID: "u2").isEmpty)
            let found = try #require(try await store.find(secretHash: "hash-a1"))
            #expect(
                found.user.id == "u1" && found.password.sealedSecret == [1, 2, 3] && found.password.label == "Phone a1")
            #expect(try await store.find(secretHash: "nope") == nil)
            let byName = try #require(try await store.find(username: "U1"))
            #expect(byName.user.id == "u1" && byName.passwords.map(\.id) == ["a2", "a1"])
            #expect(try await store.find(username: "u2")?.passwords.isEmpty == true)
            #expect(try await store.find(username: "nobody") == nil)
            try await store.touch(id: "a1", at: now + 10)
            #expect(try await store.find(secretHash: "hash-a1")?.password.lastUsedAt == now + 10)
            #expect(try await store.delete(userID: "u2", id: "a1") == false)
            #expect(try await store.delete(userID: "u1", id: "a1"))
            #expect(try await store.find(secretHash: "hash-a1") == nil)
        }
    }

    @Test(arguments: TestEngine.enabled)
    func blockedForReadsWithoutCounting(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db async throws in
            let now = TestEngine.now
            let key = ThrottleKey("rest:ann|192.0.2.1", ThrottleRule(limit: 2, window: 300, firstDelay: 30))
            #expect(try await db.throttles.blockedFor([key.key], now: now) == nil)
            #expect(try await db.throttles.reserve([key], now: now) == nil)
            #expect(try await db.throttles.blockedFor([key.key, "other"], now: now) == nil)
            #expect(try await db.throttles.reserve([key], now: now) == nil)
            #expect(try await db.throttles.blockedFor([key.key, "other"], now: now + 1) == 29)
            #expect(try await db.throttles.blockedFor([key.key], now: now + 31) == nil)
        }
    }
}
