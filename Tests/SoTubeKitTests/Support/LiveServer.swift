import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import SQLKit
import SoTubeAPI
import SoTubeCore
import SoTubeKit
import SoTubeMedia
import SoTubeServer
import SoTubeTestFixtures
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A real SoTube server on a loopback port (URLSession needs a real socket): a fresh database on
/// one engine, `CatalogFixture`'s catalog, and, when asked, two real songs imported with ffmpeg.
final class LiveServer: Sendable {
    let engine: TestEngine
    let services: AppServices
    let directory: URL
    let baseURL: URL
    /// The loopback port it listens on.
    let port: Int
    /// The imported songs with real audio (empty unless the server was started `withAudio`).
    let audio: RealSongs?

    /// Two imported songs: `album` holds both.
    struct RealSongs: Sendable {
        var first: String
        var second: String
        var album: String
    }

    init(engine: TestEngine, services: AppServices, directory: URL, port: Int, audio: RealSongs?) {
        self.engine = engine
        self.services = services
        self.directory = directory
        self.port = port
        self.baseURL = URL(string: "http://localhost:\(port)")!
        self.audio = audio
    }

    /// The servers of the running suite, one per enabled engine (set by ``LiveServerTrait``).
    @TaskLocal static var running: [TestEngine: LiveServer] = [:]

    /// The running suite's server on `engine`.
    static func on(_ engine: TestEngine) throws -> LiveServer {
        try #require(running[engine], "the suite needs the .liveServer trait")
    }

    /// Starts a server per engine in `engines`, runs `body` with them, then stops and removes them.
    static func with(
        engines: [TestEngine] = TestEngine.enabled, withAudio: Bool = false,
        configure: @escaping @Sendable (inout ServerConfiguration) -> Void = { _ in },
        _ body: @Sendable ([TestEngine: LiveServer]) async throws -> Void
    ) async throws {
        guard let engine = engines.first else { return try await body([:]) }
        try await start(engine: engine, withAudio: withAudio, configure: configure) { server in
            try await with(engines: Array(engines.dropFirst()), withAudio: withAudio, configure: configure) { rest in
                var all = rest
                all[engine] = server
                try await body(all)
            }
        }
    }

    /// One server on `engine`, running while `body` runs.
    static func start(
        engine: TestEngine, withAudio: Bool = false,
        configure: @Sendable (inout ServerConfiguration) -> Void = { _ in },
        _ body: @Sendable (LiveServer) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sotube-kit-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = ServerConfiguration()
        configuration.dataDirectory = directory
        configuration.databaseURL = try await engine.freshDatabaseURL()
        configuration.bcryptCost = 4
        configuration.payments = .sandbox
        configuration.peoplePerAddress = 1000
        configuration.secretKey = Array(repeating: 9, count: 32)
        configure(&configuration)
        let services = try await AppServices.open(
            configuration, runtime: ServerRuntime(logger: Logger(label: "kit-test") { _ in SwiftLogNoOpLogHandler() }))
        do {
            let audio = withAudio ? try await importSongs(services, into: directory) : nil
            try await CatalogFixture.install(on: services.database.backend)
            // The application `serve` runs; the test framework binds it to a free loopback port.
            try await buildApplication(services).test(.live) { client in
                let port = try #require(client.port)
                try await body(
                    LiveServer(engine: engine, services: services, directory: directory, port: port, audio: audio))
            }
        } catch {
            await services.database.shutdown()
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        await services.database.shutdown()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Two 40-second songs of one album, made with ffmpeg and imported like `sotube import`.
    static func importSongs(_ services: AppServices, into directory: URL) async throws -> RealSongs {
        let music = directory.appendingPathComponent("music/Kit Artist/Kit Album")
        try FileManager.default.createDirectory(at: music, withIntermediateDirectories: true)
        let tools = MediaTools()
        for (number, frequency) in [(1, 440), (2, 330)] {
            try await tools.ffmpeg([
                "-f", "lavfi", "-i", "sine=frequency=\(frequency):sample_rate=44100:duration=40",
                "-metadata", "title=Kit Song \(number)", "-metadata", "artist=Kit Artist", "-metadata",
                "album=Kit Album", "-metadata", "track=\(number)", "-c:a", "libmp3lame", "-b:a", "96k",
                music.appendingPathComponent("0\(number) Kit Song \(number).mp3").path,
            ])
        }
        let report = try await services.mediaImporter().importFolder(directory.appendingPathComponent("music"))
        #expect(report.imported.count == 2, "\(report.skipped)")
        return try await services.database.backend.read { db in
            let rows = try await db.raw(
                "SELECT id, title, album_id FROM tracks WHERE title LIKE 'Kit Song %' ORDER BY title"
            )
            .all()
            try #require(rows.count == 2)
            return RealSongs(
                first: try rows[0].decode(column: "id", as: String.self),
                second: try rows[1].decode(column: "id", as: String.self),
                album: try rows[0].decode(column: "album_id", as: String.self))
        }
    }

    // MARK: Users

    /// A client of this server (a new in-memory token store unless one is given).
    func client(tokens: any TokenStore = InMemoryTokenStore(), purchaseAttempts: Int = 3, via proxy: URL? = nil)
        -> SoTubeClient
    {
        SoTubeClient(
            baseURL: proxy ?? baseURL, tokens: tokens, purchaseAttempts: purchaseAttempts,
            purchaseRetryDelay: .milliseconds(50))
    }

    /// A new account, logged in on a new client; its password is "password-NAME".
    func newUser(_ prefix: String = "user") async throws -> (client: SoTubeClient, username: String) {
        let username = "\(prefix)\(UUID().uuidString.prefix(8).lowercased())"
        let client = client()
        try await client.register(
            username: username, email: "\(username)@example.com", password: "password-\(username)")
        return (client, username)
    }

    /// Gives `username` coins the way the operator does (`sotube coins grant`).
    func grant(_ username: String, _ coins: Int) async throws {
        _ = try await services.commerce.grant(username: username, coins: coins)
    }

    /// Pays a top-up's checkout page with the sandbox test card, as a buyer's browser would.
    func payWithSandboxCard(_ checkout: URL) async throws -> Int {
        var request = URLRequest(url: checkout)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data("method=card&number=4242+4242+4242+4242&expiry=12%2F39&cvc=123".utf8)
        let delegate = NoRedirects()
        let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let (_, response) = try await session.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }
}

/// Keeps the sandbox page's 303 answer instead of following it.
final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}

/// Starts one ``LiveServer`` per enabled engine for the whole suite it is attached to.
struct LiveServerTrait: SuiteTrait, TestScoping {
    var withAudio = false

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await LiveServer.with(withAudio: withAudio) { servers in
            try await LiveServer.$running.withValue(servers) { try await function() }
        }
    }
}

extension Trait where Self == LiveServerTrait {
    /// One real server per engine for this suite, with `CatalogFixture`'s catalog.
    static var liveServer: Self { LiveServerTrait() }
    /// One real server per engine for this suite, with two real imported songs as well.
    static var liveServerWithAudio: Self { LiveServerTrait(withAudio: true) }
}
