import Foundation
import SoTubeAPI
import SoTubeKit
import SoTubeTestFixtures
import Testing

/// The "Getting started" article: its code is the compiled GettingStartedExample.swift, and it
/// does what the article says against a real server.
@Suite(.liveServer) struct GettingStartedTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func everyLineOfTheArticlesCodeIsCompiled() throws {
        let article = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/SoTubeKit/SoTubeKit.docc/GettingStarted.md"),
            encoding: .utf8)
        let compiled = Set(
            try String(
                contentsOf: Self.root.appendingPathComponent("Tests/SoTubeKitTests/GettingStartedExample.swift"),
                encoding: .utf8
            ).components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        let blocks = article.components(separatedBy: "```swift\n").dropFirst().map {
            $0.components(separatedBy: "```").first ?? ""
        }
        let code = blocks.filter { !$0.contains(".package(url:") }
        #expect(code.count == 6)
        for line in code.joined(separator: "\n").components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            #expect(compiled.contains(trimmed), "not compiled: \(trimmed)")
        }
    }

    @Test(arguments: TestEngine.enabled) func theArticlesStepsWork(engine: TestEngine) async throws {
        let server = try LiveServer.on(engine)
        let client = makeClient(
            server: server.baseURL,
            keychain: KeychainTokenStore(
                read: { nil }, write: { _ in }, delete: {}))
        #expect(await logIn(client, username: "nobody", password: "wrong-password") == "Wrong username or password.")

        let (member, username) = try await server.newUser("guide")
        let token = try #require(try await member.tokens.load())
        let saved = LockedToken(token)
        let app = makeClient(
            server: server.baseURL,
            keychain: KeychainTokenStore(
                read: { saved.value }, write: { saved.value = $0 }, delete: { saved.value = nil }))
        #expect(await logIn(app, username: username, password: "password-\(username)") == "Hello, \(username)!")
        #expect(saved.value != token && saved.value != nil)

        let found = try await songs(matching: "Hunter", app)
        let hunter = try #require(found.first { $0.id == "t1" })
        guard case .needsCoins(let missing, let checkout?) = try await buy(hunter, app) else {
            Issue.record("a new user has no coins")
            return
        }
        #expect(missing == hunter.price)
        #expect(try await server.payWithSandboxCard(checkout) == 303)
        guard case .bought = try await buy(hunter, app) else {
            Issue.record("bought after the top-up")
            return
        }
        #expect(try await buy(hunter, app) == .alreadyOwned)
        let url = try await play(hunter, app)
        #expect(url == app.audioURL(trackID: "t1"))
        #expect(try await app.recentlyPlayed().first?.id == "t1")
    }
}

/// A token a test's Keychain stand-in keeps.
final class LockedToken: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: String?
    init(_ value: String?) { stored = value }
    var value: String? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
