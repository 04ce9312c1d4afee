import Foundation
import SoTubeAPI
import SoTubeKit
import SoTubeTestFixtures
import Testing

/// App passwords for Subsonic players through the SDK. The routes are issue 9's: until that branch
/// is merged the server answers 404 and these tests fail.
@Suite(.liveServer) struct AppPasswordsKitTests {
    @Test(arguments: TestEngine.enabled) func createListAndRevoke(engine: TestEngine) async throws {
        let server = try LiveServer.on(engine)
        let (client, username) = try await server.newUser("app")
        #expect(try await client.appPasswords().isEmpty)
        let created = try await client.createAppPassword(label: "Phone", password: "password-\(username)")
        #expect(created.label == "Phone" && created.username == username && !created.secret.isEmpty)
        let listed = try await client.appPasswords()
        #expect(listed.map(\.id) == [created.id] && listed[0].lastUsedAt == nil)
        try await client.revokeAppPassword(id: created.id)
        #expect(try await client.appPasswords().isEmpty)
        await #expect(throws: SoTubeError.notFound) { try await client.revokeAppPassword(id: created.id) }
        // Another user cannot see or revoke them.
        let mine = try await client.createAppPassword(label: "Laptop", password: "password-\(username)")
        let (other, _) = try await server.newUser("oth")
        #expect(try await other.appPasswords().isEmpty)
        await #expect(throws: SoTubeError.notFound) { try await other.revokeAppPassword(id: mine.id) }
        #expect(try await client.appPasswords().map(\.id) == [mine.id])
    }
}
