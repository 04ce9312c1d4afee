import Foundation
import Hummingbird
import HummingbirdTesting
import SQLKit
import SoTubeAPI
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// The web API and `/rest` do the same thing the same way: a play counts alike from either side, and
/// a player's search finds what the web's finds (within what the player's owner bought).
@Suite struct SubsonicSameAsWebTests {
    /// alice owns t1 and t2 (album al1 "Homogenic" by "Björk": "Hunter", "Jóga") and has an app password.
    func withAlice(
        owning extra: [String] = [],
        _ body: @escaping @Sendable (any TestClientProtocol, String, String, ManualClock) async throws -> Void
    ) async throws {
        let app = try await TestApp.withCatalog()
        try await Self.addBeyonce(app)
        try await app.run { client in
            let token = try await client.register("alice")
            try await app.own(["t1", "t2"] + extra, username: "alice")
            let key = try await client.json(
                .post, SoTubeRoutes.appPasswords,
                body: CreateAppPasswordRequest(label: "Phone", password: "password-alice"), token: token
            ).decode(CreatedAppPasswordDTO.self).secret
            try await body(client, token, key, app.clock)
        }
    }

    /// One more artist, album and song ("Beyoncé", "Lemonade", "Formation": t99), indexed for search.
    static func addBeyonce(_ app: TestApp) async throws {
        let backend = app.services.database.backend
        try await backend.transaction { db in
            try await db.raw(
                "INSERT INTO artists (id, name, name_key, created_at) VALUES ('ar9', 'Beyoncé', 'beyoncé', 1)"
            ).run()
            try await db.raw(
                """
                INSERT INTO albums (id, artist_id, title, title_key, year, created_at)
                VALUES ('al9', 'ar9', 'Lemonade', 'lemonade', 2016, 9)
                """
            ).run()
            try await CatalogFixture.insert(
                CatalogFixture.Track(id: "t99", album: "al9", artist: "ar9", title: "Formation", number: 1), on: db)
        }
        try await SQLSearchIndex(backend: backend).rebuild()
    }

    func rest(_ client: any TestClientProtocol, _ method: String, _ query: String, key: String) async throws
        -> [String: Any]
    {
        let response = try await client.execute(uri: "/rest/\(method)?f=json&apiKey=\(key)&\(query)", method: .get)
        #expect(response.status == .ok)
        let object = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
        let envelope = try #require(object?["subsonic-response"] as? [String: Any])
        #expect(envelope["status"] as? String == "ok", "\(method) \(query): \(envelope)")
        return envelope
    }

    @Test func aWebPlayCountsInPlayersAndAScrobbleShowsInRecentlyPlayed() async throws {
        try await withAlice { client, token, key, clock in
            let played = try await client.json(
                .post, SoTubeRoutes.recentlyPlayed, body: RecordPlayRequest(trackId: "t1"), token: token)
            #expect(played.status == .noContent)
            let song = try await rest(client, "getSong", "id=t1", key: key)["song"] as? [String: Any]
            #expect(song?["playCount"] as? Int == 1)
            let album = try await rest(client, "getAlbum", "id=al1", key: key)["album"] as? [String: Any]
            #expect(album?["playCount"] as? Int == 1)
            clock.advance(by: 60)
            _ = try await rest(client, "scrobble", "id=t2", key: key)
            let recent = try await client.json(.get, SoTubeRoutes.recentlyPlayed, token: token)
                .decode(RecentlyPlayedDTO.self)
            #expect(recent.tracks.map(\.id) == ["t2", "t1"])
            let again = try await rest(client, "getSong", "id=t2", key: key)["song"] as? [String: Any]
            #expect(again?["playCount"] as? Int == 1)
            // "Now playing" is no play.
            _ = try await rest(client, "scrobble", "id=t1&submission=false", key: key)
            let still = try await rest(client, "getSong", "id=t1", key: key)["song"] as? [String: Any]
            #expect(still?["playCount"] as? Int == 1)
        }
    }

    func ids(_ list: Any?) -> [String] {
        (list as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    @Test func aPlayersSearchFoldsCaseAndAccentsAsTheWebsDoes() async throws {
        try await withAlice(owning: ["t99"]) { client, token, key, _ in
            let beyonce =
                try await rest(client, "search3", "query=beyonce", key: key)["searchResult3"]
                as? [String: Any]
            #expect(ids(beyonce?["artist"]) == ["ar9"] && ids(beyonce?["album"]) == ["al9"])
            #expect(ids(beyonce?["song"]) == ["t99"])  // "Formation" by "Beyoncé"
            let web = try await client.json(.get, SoTubeRoutes.search("joga"), token: token)
                .decode(SearchResultsDTO.self)
            #expect(web.tracks.map(\.id) == ["t2"])
            let joga = try await rest(client, "search3", "query=joga", key: key)["searchResult3"] as? [String: Any]
            #expect(ids(joga?["song"]) == ["t2"])  // "Jóga"
            let bjork = try await rest(client, "search3", "query=BJORK", key: key)["searchResult3"] as? [String: Any]
            #expect(ids(bjork?["artist"]) == ["ar1"] && ids(bjork?["album"]) == ["al1"])
            #expect(ids(bjork?["song"]) == ["t1", "t2"])
            let paged =
                try await rest(
                    client, "search3", "query=\(q("björk"))&songCount=1&songOffset=1&artistOffset=1", key: key
                )["searchResult3"] as? [String: Any]
            #expect(ids(paged?["song"]) == ["t2"] && ids(paged?["artist"]) == [])
            let folders =
                try await rest(client, "search2", "query=hunt%20BJO", key: key)["searchResult2"] as? [String: Any]
            #expect(ids(folders?["song"]) == ["t1"])
            // The web finds "Bachelorette" in the catalog; a player only among alice's songs.
            let notHers =
                try await rest(client, "search3", "query=bachelorette", key: key)["searchResult3"]
                as? [String: Any]
            #expect(ids(notHers?["song"]) == [])
            // Text without a word finds nothing, as on the web; an empty query is still everything,
            // as players sync with it.
            let wordless =
                try await rest(client, "search3", "query=%21%21%21", key: key)["searchResult3"]
                as? [String: Any]
            #expect(ids(wordless?["song"]) == [] && ids(wordless?["album"]) == [] && ids(wordless?["artist"]) == [])
            for query in ["", "%22%22", "*"] {
                let all =
                    try await rest(client, "search3", "query=\(query)", key: key)["searchResult3"] as? [String: Any]
                #expect(ids(all?["song"]) == ["t99", "t1", "t2"], "\(query)")
            }
        }
    }
}
