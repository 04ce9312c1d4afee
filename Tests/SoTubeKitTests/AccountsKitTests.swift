import Foundation
import SoTubeAPI
import SoTubeKit
import SoTubeTestFixtures
import Testing

/// Accounts through the SDK against a real server: sign-up, log-in, the token store, profile
/// changes, password reset, and the typed errors the account routes answer with.
@Suite(.liveServer) struct AccountsKitTests {
    @Test(arguments: TestEngine.enabled) func registerLogInAndOutKeepTheTokenInTheStore(engine: TestEngine)
        async throws
    {
        let server = try LiveServer.on(engine)
        #expect(try await server.client().health() == HealthResponse(status: .ok, database: "ok"))
        let tokens = InMemoryTokenStore()
        let client = server.client(tokens: tokens)
        #expect(try await client.hasSavedSession() == false)
        #expect(try await client.authorizationHeaders().isEmpty)
        let name = "ann\(engine)"
        let created = try await client.register(username: name, email: "\(name)@example.com", password: "correct-horse")
        #expect(created.user.username == name && created.user.coins == 0)
        #expect(await tokens.load() == created.token)
        #expect(try await client.authorizationHeaders() == ["Authorization": "Bearer \(created.token)"])
        let me = try await client.me()
        #expect(me.username == name && me.ownedCount == 0 && me.landing == .store)

        try await client.logout()
        #expect(await tokens.load() == nil)
        await #expect(throws: SoTubeError.self) { try await client.me() }
        // The old token no longer works on the server either.
        let stale = server.client(tokens: InMemoryTokenStore(token: created.token))
        await #expect {
            try await stale.me()
        } throws: { error in
            if case .unauthorized = error as? SoTubeError { return true }
            return false
        }
        // Logging out again with an ended session still forgets the token.
        try await stale.logout()
        #expect(try await stale.hasSavedSession() == false)

        let again = try await client.login(username: name, password: "correct-horse")
        #expect(again.user.id == created.user.id)
        #expect(try await client.me().id == created.user.id)
    }

    @Test(arguments: TestEngine.enabled) func theFileStoreKeepsTheSessionAcrossClients(engine: TestEngine) async throws
    {
        let server = try LiveServer.on(engine)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kit-token-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("config/sotube/token")
        let name = "fil\(engine)"
        try await server.client(tokens: FileTokenStore(url: file))
            .register(username: name, email: "\(name)@example.com", password: "correct-horse")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        // A second process (a new client on the same file) is logged in as the same user.
        let later = server.client(tokens: FileTokenStore(url: file))
        #expect(try await later.me().username == name)
        try await later.logout()
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(try FileTokenStore(url: file).load() == nil)
    }

    @Test(arguments: TestEngine.enabled) func profileChangesAndPasswordReset(engine: TestEngine) async throws {
        let server = try LiveServer.on(engine)
        let (client, name) = try await server.newUser("pro")
        let renamed = try await client.changeUsername(from: name, to: name + "x")
        #expect(renamed.username == name + "x")
        try await client.changePassword(current: "password-\(name)", new: "brand-new-secret")
        #expect(try await client.me().username == name + "x")
        try await client.login(username: name + "x", password: "brand-new-secret")

        let accepted = try await client.requestPasswordReset(email: "\(name)@example.com")
        #expect(accepted.status.contains("reset link"))
        let token = try await Self.resetToken(in: server, to: "\(name)@example.com")
        try await client.confirmPasswordReset(token: token, newPassword: "reset-secret-1")
        try await client.login(username: name + "x", password: "reset-secret-1")
        // The token worked once.
        await #expect(throws: SoTubeError.self) {
            try await client.confirmPasswordReset(token: token, newPassword: "reset-secret-2")
        }
    }

    @Test(arguments: TestEngine.enabled) func accountErrorsAreTyped(engine: TestEngine) async throws {
        let server = try LiveServer.on(engine)
        let client = server.client()
        // Not logged in.
        await #expect(throws: SoTubeError.unauthorized(message: "Log in to do this.")) { try await client.me() }
        // A rule broken: the field at fault is named.
        await #expect {
            try await client.register(username: "shorty\(engine)", email: "s@example.com", password: "short")
        } throws: { error in
            guard case .validation(let field, let message) = error as? SoTubeError else { return false }
            return field == "password" && !message.isEmpty
        }
        // A taken username.
        let (_, taken) = try await server.newUser("tak")
        await #expect {
            try await client.register(username: taken, email: "other-\(taken)@example.com", password: "long-enough-1")
        } throws: { error in
            guard case .conflict(let field, _) = error as? SoTubeError else { return false }
            return field == "username"
        }
        // Wrong passwords: unauthorized, then rate limited with the wait the server says.
        let (_, victim) = try await server.newUser("vic")
        var answers: [SoTubeError] = []
        for _ in 0..<7 {
            do {
                try await client.login(username: victim, password: "wrong-password")
            } catch let error as SoTubeError {
                answers.append(error)
            }
        }
        #expect(answers.count == 7)
        guard case .unauthorized = answers.first else {
            Issue.record("first wrong password: \(String(describing: answers.first))")
            return
        }
        guard case .rateLimited(let seconds) = answers.last else {
            Issue.record("after 7 wrong passwords: \(String(describing: answers.last))")
            return
        }
        #expect(seconds > 0)
        #expect(try await client.hasSavedSession() == false)
    }

    /// The reset token mailed to `address` (found in the server's outbox; mail is sent after the answer).
    static func resetToken(in server: LiveServer, to address: String) async throws -> String {
        let outbox = server.directory.appendingPathComponent("outbox")
        for _ in 0..<200 {
            let files =
                (try? FileManager.default.contentsOfDirectory(at: outbox, includingPropertiesForKeys: nil)) ?? []
            for file in files {
                let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\r\n")
                guard lines.contains(where: { $0.hasPrefix("To: ") && $0.hasSuffix("<\(address)>") }) else { continue }
                if let line = lines.first(where: { $0.hasPrefix("Reset token: ") }) {
                    return String(line.dropFirst("Reset token: ".count))
                }
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("no reset mail to \(address) in the outbox")
        throw SoTubeError.notFound
    }
}
