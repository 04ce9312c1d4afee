import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import SoTubeAPI
import SoTubeCore
import SoTubeServer
import Testing

/// A real server on a fresh SQLite file in a temporary folder, with a manual clock,
/// deterministic IDs and a cheap bcrypt cost.
struct TestApp {
    let services: AppServices
    let clock: ManualClock
    let directory: URL

    /// `configure` changes the test configuration (payments, trusted proxies, a public folder…)
    /// before the services open.
    static func make(
        databaseURL: String? = nil, configure: (inout ServerConfiguration) -> Void = { _ in }
    ) async throws -> TestApp {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("sotube-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let clock = ManualClock()
        var configuration = ServerConfiguration()
        configuration.dataDirectory = directory
        configuration.databaseURL = databaseURL
        configuration.bcryptCost = 4
        configuration.payments = .sandbox
        configuration.secretKey = Array(repeating: 7, count: 32)
        configure(&configuration)
        let runtime = ServerRuntime(
            clock: clock, ids: SequentialIDSource(prefix: "t"),
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        let services = try await AppServices.open(configuration, runtime: runtime)
        return TestApp(services: services, clock: clock, directory: directory)
    }

    /// Runs `body` against the application `serve` runs (`buildApplication`), its requests handed
    /// to the router without a socket; then closes the database and removes the folder.
    func run<R>(_ body: @Sendable (any TestClientProtocol) async throws -> R) async throws -> R {
        let app = buildApplication(services)
        do {
            let result = try await app.test(.router, body)
            await close()
            return result
        } catch {
            await close()
            throw error
        }
    }

    func close() async {
        await services.database.shutdown()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Shorthands for JSON requests in tests.
extension TestClientProtocol {
    @discardableResult
    func json(
        _ method: HTTPRequest.Method, _ uri: String, body: (any Encodable)? = nil, token: String? = nil,
        headers extra: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = extra
        headers[.contentType] = "application/json"
        if let token { headers[.authorization] = "Bearer \(token)" }
        let buffer = try body.map { ByteBuffer(data: try SoTubeJSON.encoder.encode($0)) }
        return try await execute(uri: uri, method: method, headers: headers, body: buffer)
    }

    /// Registers `name` (password "password-\(name)") and returns the bearer token.
    func register(_ name: String) async throws -> String {
        let response = try await json(
            .post, "/api/v1/auth/register",
            body: RegisterRequest(username: name, email: "\(name)@example.com", password: "password-\(name)"))
        #expect(response.status == .created)
        return try response.decode(AuthResponse.self).token
    }
}

extension TestResponse {
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try SoTubeJSON.decoder.decode(T.self, from: Data(buffer: body))
    }

    var problem: ProblemDocument? { try? decode(ProblemDocument.self) }
    var text: String { String(buffer: body) }
}
