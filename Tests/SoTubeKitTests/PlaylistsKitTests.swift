import Foundation
import SoTubeAPI
import SoTubeKit
import SoTubeTestFixtures
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A buyer's own playlists through the SDK against a real server (issue 32 #17).
@Suite(.liveServer) struct PlaylistsKitTests {
    @Test(arguments: TestEngine.enabled) func makeChangeAndDeleteAPlaylist(engine: TestEngine) async throws {
        let server = try LiveServer.on(engine)
        let (client, _) = try await server.newUser("lists")
        let made = try await client.createPlaylist(name: "Road trip", trackIDs: ["t4", "t1"])
        #expect(made.tracks.map(\.id) == ["t4", "t1"])
        let id = made.playlist.id
        #expect(try await client.addToPlaylist(id: id, trackIDs: ["t1", "t2"]).added == 1)
        let changed = try await client.updatePlaylist(id: id, name: "Night drive", trackIDs: ["t2", "t4"])
        #expect(changed.playlist.name == "Night drive" && changed.tracks.map(\.id) == ["t2", "t4"])
        #expect(try await client.myPlaylists().map(\.id) == [id])
        await #expect(throws: SoTubeError.validation(field: "name", message: "A playlist needs a name.")) {
            _ = try await client.createPlaylist(name: " ")
        }
        let (other, _) = try await server.newUser("other")
        await #expect(throws: SoTubeError.notFound) { _ = try await other.myPlaylist(id: id) }
        try await client.deletePlaylist(id: id)
        #expect(try await client.myPlaylists().isEmpty)
    }
}
