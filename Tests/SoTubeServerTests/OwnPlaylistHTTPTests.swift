import Foundation
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import SoTubeCore
import Testing

/// A buyer's own playlists over HTTP and over Subsonic (issue 32 #17): the web app's editor and a
/// player see and change the same playlists; nobody else sees them.
@Suite struct OwnPlaylistHTTPTests {
    static let list = "/api/v1/me/playlists"

    /// alice owns t1, t2 and t4 and has an app password; bob is another buyer.
    func withAlice(
        _ body: @escaping @Sendable (any TestClientProtocol, String, String, String) async throws -> Void
    ) async throws {
        let app = try await TestApp.withCatalog()
        try await app.run { client in
            let alice = try await client.register("alice")
            let bob = try await client.register("bob")
            try await app.own(["t1", "t2", "t4"], username: "alice")
            let key = try await client.json(
                .post, SoTubeRoutes.appPasswords,
                body: CreateAppPasswordRequest(label: "Phone", password: "password-alice"), token: alice
            ).decode(CreatedAppPasswordDTO.self).secret
            try await body(client, alice, bob, key)
        }
    }

    @Test func aBuyerMakesRenamesReordersAppendsToAndDeletesAPlaylist() async throws {
        try await withAlice { client, alice, bob, _ in
            let made = try await client.json(
                .post, Self.list, body: CreateOwnPlaylistRequest(name: "  Road trip ", trackIds: ["t4", "t1", "t4"]),
                token: alice)
            #expect(made.status == .created)
            let playlist = try made.decode(OwnPlaylistDTO.self)
            let id = playlist.playlist.id
            #expect(playlist.playlist.name == "Road trip")
            #expect(playlist.tracks.map(\.id) == ["t4", "t1"])
            #expect(playlist.tracks.allSatisfy { $0.owned })
            #expect(playlist.playlist.durationMs == 400_000)
            #expect(playlist.playlist.artworkUrl == SoTubeRoutes.albumArtwork("al2", size: 300))
            // A song she does not own is welcome (it plays as a preview); a repeat is not added.
            let added = try await client.json(
                .post, "\(Self.list)/\(id)/tracks", body: AddOwnPlaylistTracksRequest(trackIds: ["t9", "t1"]),
                token: alice
            ).decode(OwnPlaylistAddedDTO.self)
            #expect(added.added == 1 && added.playlist.trackCount == 3)
            let opened = try await client.json(.get, "\(Self.list)/\(id)", token: alice).decode(OwnPlaylistDTO.self)
            #expect(opened.tracks.map(\.id) == ["t4", "t1", "t9"])
            #expect(opened.tracks.map(\.owned) == [true, true, false])
            // Renamed and reordered, with one song removed.
            let changed = try await client.json(
                .put, "\(Self.list)/\(id)",
                body: UpdateOwnPlaylistRequest(name: "Night drive", trackIds: ["t9", "t4"]),
                token: alice
            ).decode(OwnPlaylistDTO.self)
            #expect(changed.playlist.name == "Night drive" && changed.tracks.map(\.id) == ["t9", "t4"])
            let listed = try await client.json(.get, Self.list, token: alice).decode(OwnPlaylistListDTO.self)
            #expect(listed.playlists.map(\.name) == ["Night drive"])
            // Private: bob neither sees nor changes it; guests are asked to log in.
            #expect(
                try await client.json(.get, Self.list, token: bob).decode(OwnPlaylistListDTO.self).playlists.isEmpty)
            try await client.json(.get, "\(Self.list)/\(id)", token: bob).expectProblem(.notFound)
            try await client.json(
                .put, "\(Self.list)/\(id)", body: UpdateOwnPlaylistRequest(name: "Mine"), token: bob
            ).expectProblem(.notFound)
            try await client.json(.delete, "\(Self.list)/\(id)", token: bob).expectProblem(.notFound)
            try await client.json(.get, Self.list).expectProblem(.unauthorized)
            // Deleted: gone from her list, the songs stay hers.
            #expect(try await client.json(.delete, "\(Self.list)/\(id)", token: alice).status == .noContent)
            try await client.json(.get, "\(Self.list)/\(id)", token: alice).expectProblem(.notFound)
            let songs = try await client.json(.get, "/api/v1/library/songs", token: alice).decode(
                LibrarySongsDTO.self)
            #expect(songs.tracks.count == 3)
        }
    }

    @Test func badNamesAndSongsAreRefusedAtTheirFieldAndChangeNothing() async throws {
        try await withAlice { client, alice, _, _ in
            try await client.json(.post, Self.list, body: CreateOwnPlaylistRequest(name: " "), token: alice)
                .expectProblem(.unprocessableContent, field: "name")
            try await client.json(
                .post, Self.list, body: CreateOwnPlaylistRequest(name: String(repeating: "x", count: 101)), token: alice
            ).expectProblem(.unprocessableContent, field: "name")
            try await client.json(
                .post, Self.list, body: CreateOwnPlaylistRequest(name: "Ok", trackIds: ["no-such-song"]), token: alice
            ).expectProblem(.unprocessableContent, field: "trackIds")
            let tooMany = (0...OwnPlaylistRules.songLimit).map { "s\($0)" }
            try await client.json(
                .post, Self.list, body: CreateOwnPlaylistRequest(name: "Ok", trackIds: tooMany), token: alice
            ).expectProblem(.unprocessableContent, field: "trackIds")
            #expect(
                try await client.json(.get, Self.list, token: alice).decode(OwnPlaylistListDTO.self).playlists.isEmpty)
            let id = try await client.json(
                .post, Self.list, body: CreateOwnPlaylistRequest(name: "Keep", trackIds: ["t1"]), token: alice
            ).decode(OwnPlaylistDTO.self).playlist.id
            try await client.json(
                .put, "\(Self.list)/\(id)", body: UpdateOwnPlaylistRequest(name: "", trackIds: []), token: alice
            ).expectProblem(.unprocessableContent, field: "name")
            try await client.json(
                .post, "\(Self.list)/\(id)/tracks", body: AddOwnPlaylistTracksRequest(trackIds: []), token: alice
            ).expectProblem(.unprocessableContent, field: "trackIds")
            let raw = try await client.execute(
                uri: "\(Self.list)/\(id)", method: .put,
                headers: [.contentType: "application/json", .authorization: "Bearer \(alice)"],
                body: ByteBuffer(string: "{\"trackIds\": 5}"))
            #expect(raw.status == .badRequest || raw.status == .unprocessableContent)
            let kept = try await client.json(.get, "\(Self.list)/\(id)", token: alice).decode(OwnPlaylistDTO.self)
            #expect(kept.playlist.name == "Keep" && kept.tracks.map(\.id) == ["t1"])
        }
    }

    func rest(_ client: any TestClientProtocol, _ method: String, _ query: String, key: String) async throws
        -> [String: Any]
    {
        let response = try await client.execute(uri: "/rest/\(method)?f=json&apiKey=\(key)&\(query)", method: .get)
        #expect(response.status == .ok)
        let object = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
        return try #require(object?["subsonic-response"] as? [String: Any])
    }

    func entries(_ playlist: Any?) -> [String] {
        ((playlist as? [String: Any])?["entry"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    @Test func aPlayerSeesAndChangesTheSamePlaylistsAsTheWebApp() async throws {
        try await withAlice { client, alice, _, key in
            // Made on the web with a song she does not own (t9): the player is shown her own songs.
            let web = try await client.json(
                .post, Self.list, body: CreateOwnPlaylistRequest(name: "Web list", trackIds: ["t4", "t9", "t1"]),
                token: alice
            ).decode(OwnPlaylistDTO.self).playlist.id
            var lists = try await rest(client, "getPlaylists", "", key: key)
            let shown = ((lists["playlists"] as? [String: Any])?["playlist"] as? [[String: Any]]) ?? []
            #expect(shown.map { $0["name"] as? String } == ["Web list"])
            #expect(shown.first?["songCount"] as? Int == 2 && shown.first?["readonly"] as? Bool == false)
            #expect(entries(try await rest(client, "getPlaylist", "id=\(web)", key: key)["playlist"]) == ["t4", "t1"])
            // Made by the player: on the web too.
            let made = try await rest(client, "createPlaylist", "name=From%20the%20car&songId=t2&songId=t1", key: key)
            let madeID = try #require((made["playlist"] as? [String: Any])?["id"] as? String)
            #expect(entries(made["playlist"]) == ["t2", "t1"])
            let onWeb = try await client.json(.get, "\(Self.list)/\(madeID)", token: alice).decode(OwnPlaylistDTO.self)
            #expect(onWeb.playlist.name == "From the car" && onWeb.tracks.map(\.id) == ["t2", "t1"])
            // The player removes the second song it was shown (t1) and adds t2: the unowned t9 stays.
            let updated = try await rest(
                client, "updatePlaylist", "playlistId=\(web)&songIndexToRemove=1&songIdToAdd=t2&name=Renamed",
                key: key)
            #expect(updated["status"] as? String == "ok")
            let after = try await client.json(.get, "\(Self.list)/\(web)", token: alice).decode(OwnPlaylistDTO.self)
            #expect(after.playlist.name == "Renamed" && after.tracks.map(\.id) == ["t4", "t9", "t2"])
            // createPlaylist with playlistId sets the order of the songs the player shows.
            _ = try await rest(client, "createPlaylist", "playlistId=\(web)&songId=t2&songId=t4", key: key)
            let reordered = try await client.json(.get, "\(Self.list)/\(web)", token: alice).decode(
                OwnPlaylistDTO.self)
            #expect(reordered.tracks.map(\.id) == ["t2", "t4", "t9"])
            // A place that is not there is an error, and nothing changes.
            let wrong = try await rest(client, "updatePlaylist", "playlistId=\(web)&songIndexToRemove=7", key: key)
            #expect(wrong["status"] as? String == "failed")
            let bogus = try await rest(client, "updatePlaylist", "playlistId=\(web)&songIndexToRemove=x", key: key)
            #expect(bogus["status"] as? String == "failed")
            #expect(
                try await client.json(.get, "\(Self.list)/\(web)", token: alice).decode(OwnPlaylistDTO.self).tracks
                    .map(\.id) == ["t2", "t4", "t9"])
            // A name is needed to make one; deleting someone else's or an unknown one is not found.
            let nameless = try await rest(client, "createPlaylist", "songId=t1", key: key)
            #expect((nameless["error"] as? [String: Any])?["code"] as? Int == 10)
            let unknown = try await rest(client, "deletePlaylist", "id=nope", key: key)
            #expect((unknown["error"] as? [String: Any])?["code"] as? Int == 70)
            _ = try await rest(client, "deletePlaylist", "id=\(madeID)", key: key)
            try await client.json(.get, "\(Self.list)/\(madeID)", token: alice).expectProblem(.notFound)
            lists = try await rest(client, "getPlaylists", "", key: key)
            let left = ((lists["playlists"] as? [String: Any])?["playlist"] as? [[String: Any]]) ?? []
            #expect(left.compactMap { $0["id"] as? String } == [web])
        }
    }
}
