import Foundation
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// A buyer's own playlists (migration 23) on both engines: made, listed with their length and
/// cover, renamed, reordered, appended to without repeats, deleted; private to their owner; gone
/// with an erased account and in its data export before that.
@Suite struct OwnPlaylistStoreTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    func playlist(_ id: String, _ user: String, _ name: String, _ songs: [String], at offset: TimeInterval = 0)
        -> OwnPlaylist
    {
        let at = Self.now.addingTimeInterval(offset)
        return OwnPlaylist(id: id, userID: user, name: name, trackIDs: songs, createdAt: at, updatedAt: at)
    }

    @Test(arguments: TestEngine.enabled) func aPlaylistIsMadeChangedAndDeletedByItsOwnerAlone(_ engine: TestEngine)
        async throws
    {
        try await engine.freshDatabase().use { db in
            try await CatalogFixture.install(on: db.backend)
            try await CatalogFixture.addUser("u1", on: db.backend)
            try await CatalogFixture.addUser("u2", on: db.backend)
            let store = db.ownPlaylists
            try await store.create(playlist("p1", "u1", "Road trip", ["t4", "t1"]))
            try await store.create(playlist("p2", "u1", "Empty", [], at: 60))
            try await store.create(playlist("p3", "u2", "Hers", ["t9"]))
            // Listed newest change first, with the songs' count, length and the first song's album.
            var list = try await store.playlists(userID: "u1")
            #expect(list.map(\.id) == ["p2", "p1"])
            #expect(list[1].trackCount == 2 && list[1].durationMs == 400_000 && list[1].firstAlbumID == "al2")
            #expect(list[0].trackCount == 0 && list[0].durationMs == 0 && list[0].firstAlbumID == nil)
            // Another user's playlist is not there for her.
            #expect(try await store.playlist(id: "p3", userID: "u1") == nil)
            #expect(try await store.update(id: "p3", userID: "u1", name: "Mine", trackIDs: nil, at: Self.now) == nil)
            #expect(try await store.add(trackIDs: ["t1"], to: "p3", userID: "u1", at: Self.now) == nil)
            #expect(try await store.delete(id: "p3", userID: "u1") == false)
            #expect(try await store.playlist(id: "p3", userID: "u2")?.trackIDs == ["t9"])
            // Appending leaves out what is there; a change moves the playlist to the top.
            let later = Self.now.addingTimeInterval(120)
            #expect(try await store.add(trackIDs: ["t1", "t2", "t4", "t3"], to: "p1", userID: "u1", at: later) == 2)
            #expect(try await store.playlist(id: "p1", userID: "u1")?.trackIDs == ["t4", "t1", "t2", "t3"])
            #expect(try await store.add(trackIDs: ["t2"], to: "p1", userID: "u1", at: later) == 0)
            list = try await store.playlists(userID: "u1")
            #expect(list.map(\.id) == ["p1", "p2"])
            // Renamed and reordered (a song left out is removed).
            let changed = try await store.update(
                id: "p1", userID: "u1", name: "Night drive", trackIDs: ["t3", "t4", "t1"], at: later)
            #expect(changed?.name == "Night drive" && changed?.trackIDs == ["t3", "t4", "t1"])
            #expect(try await store.playlist(id: "p1", userID: "u1") == changed)
            let renamedOnly = try await store.update(id: "p1", userID: "u1", name: "N", trackIDs: nil, at: later)
            #expect(renamedOnly?.trackIDs == ["t3", "t4", "t1"])
            // A song the catalog does not have is refused, and nothing changes.
            await #expect(throws: DomainError.invalid(field: "trackIds", reason: "There is no song nope.")) {
                _ = try await store.update(id: "p1", userID: "u1", name: nil, trackIDs: ["t1", "nope"], at: later)
            }
            await #expect(throws: DomainError.self) {
                try await store.create(self.playlist("p4", "u1", "Bad", ["nope"]))
            }
            #expect(try await store.playlist(id: "p1", userID: "u1")?.trackIDs == ["t3", "t4", "t1"])
            #expect(try await store.playlist(id: "p4", userID: "u1") == nil)
            #expect(try await store.delete(id: "p1", userID: "u1"))
            #expect(try await store.playlists(userID: "u1").map(\.id) == ["p2"])
        }
    }

    @Test(arguments: TestEngine.enabled) func aBuyerHasAtMostTwoHundredPlaylists(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            try await CatalogFixture.install(on: db.backend)
            try await CatalogFixture.addUser("u1", on: db.backend)
            for number in 0..<OwnPlaylistRules.playlistLimit {
                try await db.ownPlaylists.create(playlist("p\(number)", "u1", "List \(number)", []))
            }
            await #expect(throws: DomainError.self) {
                try await db.ownPlaylists.create(self.playlist("one-more", "u1", "One more", []))
            }
            #expect(try await db.ownPlaylists.playlists(userID: "u1").count == OwnPlaylistRules.playlistLimit)
        }
    }

    @Test(arguments: TestEngine.enabled) func playlistsAreInTheExportAndGoWithAnErasedAccount(_ engine: TestEngine)
        async throws
    {
        try await engine.freshDatabase().use { db in
            try await CatalogFixture.install(on: db.backend)
            try await CatalogFixture.addUser("u1", on: db.backend)
            try await db.ownPlaylists.create(playlist("p1", "u1", "Road trip", ["t1", "t2"]))
            let export = try #require(try await db.accounts.exportUser(id: "u1"))
            #expect(export["own_playlists"]?.count == 1)
            #expect(export["own_playlist_tracks"]?.count == 2)
            try await db.accounts.erase(
                userID: "u1", now: Self.now,
                audit: AuditEntry(
                    id: "a1", at: Self.now, actorID: nil, actor: "test", action: .userErase, target: "u1"))
            #expect(try await db.ownPlaylists.playlists(userID: "u1").isEmpty)
            #expect(try await db.ownPlaylists.playlist(id: "p1", userID: "u1") == nil)
        }
    }
}
