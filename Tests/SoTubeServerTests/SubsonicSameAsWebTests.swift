import Foundation
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import SoTubeCore
import Testing

/// The web API and `/rest` do the same thing the same way: a play counts alike from either side.
@Suite struct SubsonicSameAsWebTests {
    /// alice owns t1 and t2 (album al1 "Homogenic" by "Björk": "Hunter", "Jóga") and has an app password.
    func withAlice(
        _ body: @escaping @Sendable (any TestClientProtocol, String, String, ManualClock) async throws -> Void
    ) async throws {
        let app = try await TestApp.withCatalog()
        try await app.run { client in
            let token = try await client.register("alice")
            try await app.own(["t1", "t2"], username: "alice")
            let key = try await client.json(
                .post, SoTubeRoutes.appPasswords,
                body: CreateAppPasswordRequest(label: "Phone", password: "password-alice"), token: token
            ).decode(CreatedAppPasswordDTO.self).secret
            try await body(client, token, key, app.clock)
        }
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
}
