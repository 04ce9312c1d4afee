import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import SoTubeCore
import SoTubeTestFixtures
import Testing

@testable import SoTubeServer

/// Logins that cannot be raced, forged from another site, timed or turned against their owner
/// (issue "Break-in proof").
@Suite struct LoginAbuseTests {
    /// Behind a trusted proxy: the router tests' peer is "unknown", so trusting it lets a test speak
    /// for several client addresses through `X-Forwarded-For`.
    static func behindProxy(_ configuration: inout ServerConfiguration) {
        configuration.trustedProxies = ["unknown"]
    }

    static func from(_ address: String, _ extra: HTTPFields = [:]) -> HTTPFields {
        var headers = extra
        headers[HTTPField.Name("X-Forwarded-For")!] = address
        return headers
    }

    @Test(arguments: TestEngine.enabled)
    func parallelWrongPasswordsGetAtMostFiveTries(_ engine: TestEngine) async throws {
        let app = try await TestApp.make(databaseURL: try await engine.freshDatabaseURL(), configure: Self.behindProxy)
        try await app.run { client in
            _ = try await client.register("ann")
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<20 {
                    group.addTask {
                        try await client.json(
                            .post, "/api/v1/auth/login", body: LoginRequest(username: "ann", password: "wrong-guess"),
                            headers: Self.from("203.0.113.9")
                        ).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .unauthorized }.count == 5)
            #expect(statuses.filter { $0 == .tooManyRequests }.count == 15)
            // The attacker's address waits; the owner, from her own address, is not locked out.
            let attacker = try await client.json(
                .post, "/api/v1/auth/login", body: LoginRequest(username: "ann", password: "password-ann"),
                headers: Self.from("203.0.113.9"))
            attacker.expectProblem(.tooManyRequests)
            #expect(attacker.problem?.retryAfter ?? 0 > 0)
            let owner = try await client.json(
                .post, "/api/v1/auth/login", body: LoginRequest(username: "ann", password: "password-ann"),
                headers: Self.from("198.51.100.7"))
            #expect(owner.status == .ok)
        }
    }

    @Test func aWaitGrowsAndEndsRatherThanLocking() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            _ = try await client.register("bea")
            let wrong = LoginRequest(username: "bea", password: "wrong-guess")
            for _ in 0..<5 { _ = try await client.json(.post, "/api/v1/auth/login", body: wrong) }
            let first = try await client.json(.post, "/api/v1/auth/login", body: wrong)
            #expect(first.problem?.retryAfter == 30)
            app.clock.advance(by: 31)
            #expect(try await client.json(.post, "/api/v1/auth/login", body: wrong).status == .unauthorized)
            #expect(try await client.json(.post, "/api/v1/auth/login", body: wrong).problem?.retryAfter == 60)
            app.clock.advance(by: 61)
            let right = LoginRequest(username: "bea", password: "password-bea")
            #expect(try await client.json(.post, "/api/v1/auth/login", body: right).status == .ok)
            // A success forgets the count.
            #expect(try await client.json(.post, "/api/v1/auth/login", body: wrong).status == .unauthorized)
        }
    }

    @Test func aPlainTextLoginIs415AndStartsNoSession() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            _ = try await client.register("cat")
            let form = try await client.execute(
                uri: "/api/v1/auth/login", method: .post, headers: [.contentType: "text/plain"],
                body: ByteBuffer(string: #"{"username":"cat","password":"password-cat"}"#))
            form.expectProblem(.unsupportedMediaType)
            #expect(form.headers[values: .setCookie].isEmpty)
        }
    }

    @Test func anotherSitesPageCannotLogIn() async throws {
        let app = try await TestApp.make { $0.publicBaseURL = "https://music.example" }
        try await app.run { client in
            _ = try await client.register("dan")
            let body = LoginRequest(username: "dan", password: "password-dan")
            let evil = try await client.json(
                .post, "/api/v1/auth/login", body: body, headers: [.origin: "https://evil.example"])
            evil.expectProblem(.forbidden)
            #expect(evil.headers[values: .setCookie].isEmpty)
            let crossSite = try await client.json(
                .post, "/api/v1/auth/register",
                body: RegisterRequest(username: "eve", email: "eve@example.com", password: "password-eve"),
                headers: [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"])
            crossSite.expectProblem(.forbidden)
            let own = try await client.json(
                .post, "/api/v1/auth/login", body: body,
                headers: [.origin: "https://music.example", HTTPField.Name("Sec-Fetch-Site")!: "same-origin"])
            #expect(own.status == .ok)
        }
    }

    @Test func unknownNamesAreCheckedAgainstAHashOfTheSameCost() async throws {
        for cost: UInt8 in [4, 6] {
            let dummy = try await PasswordHasher(cost: cost).dummyHash()
            #expect(dummy.hasPrefix("$2b$0\(cost)$"))
        }
        let hasher = PasswordHasher(cost: 5)
        #expect(try await hasher.dummyHash() == (try await hasher.dummyHash()))
    }

    @Test func signUpsFromOneAddressAreThrottled() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            for index in 0..<10 { _ = try await client.register("user\(index)") }
            let eleventh = try await client.json(
                .post, "/api/v1/auth/register",
                body: RegisterRequest(username: "user10", email: "user10@example.com", password: "password-10"))
            eleventh.expectProblem(.tooManyRequests)
        }
    }

    @Test func resetTokensEndWithAnyPasswordChange() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let token = try await client.register("fay")
            for count in 1...2 {
                _ = try await client.json(
                    .post, "/api/v1/auth/password-reset", body: PasswordResetRequest(email: "fay@example.com"))
                _ = try await PasswordResetTests.mails(app, count: count, containing: "Reset token: ")
            }
            let files = try await PasswordResetTests.mails(app, count: 2, containing: "Reset token: ")
            let tokens = try files.map { try PasswordResetTests.token(inMailAt: $0) }
            let first = PasswordResetConfirmRequest(token: tokens[0], newPassword: "first-new-password")
            #expect(
                try await client.json(.post, "/api/v1/auth/password-reset/confirm", body: first).status == .noContent)
            let second = PasswordResetConfirmRequest(token: tokens[1], newPassword: "second-new-password")
            try await client.json(.post, "/api/v1/auth/password-reset/confirm", body: second)
                .expectProblem(.unprocessableContent, field: "token")

            // A reset asked for before a password change dies with the change.
            _ = try await client.json(
                .post, "/api/v1/auth/password-reset", body: PasswordResetRequest(email: "fay@example.com"))
            let third = try PasswordResetTests.token(
                inMailAt: try await PasswordResetTests.mails(app, count: 3, containing: "Reset token: ")[2])
            let login = try await client.json(
                .post, "/api/v1/auth/login", body: LoginRequest(username: "fay", password: "first-new-password"))
            let fresh = try login.decode(AuthResponse.self).token
            #expect(token != fresh)
            let change = try await client.json(
                .put, "/api/v1/me/password",
                body: ChangePasswordRequest(currentPassword: "first-new-password", newPassword: "changed-password"),
                token: fresh)
            #expect(change.status == .noContent)
            let late = PasswordResetConfirmRequest(token: third, newPassword: "attacker-password")
            try await client.json(.post, "/api/v1/auth/password-reset/confirm", body: late)
                .expectProblem(.unprocessableContent, field: "token")
        }
    }

    @Test func resetRequestsAreThrottledPerAddressAsked() async throws {
        let app = try await TestApp.make(configure: Self.behindProxy)
        try await app.run { client in
            _ = try await client.register("gus")
            var statuses: [HTTPResponse.Status] = []
            for index in 0..<5 {
                statuses.append(
                    try await client.json(
                        .post, "/api/v1/auth/password-reset", body: PasswordResetRequest(email: "gus@example.com"),
                        headers: Self.from("192.0.2.\(index)")
                    ).status)
            }
            #expect(statuses == [.accepted, .accepted, .accepted, .tooManyRequests, .tooManyRequests])
            try await Task.sleep(for: .milliseconds(300))
            #expect(try await PasswordResetTests.mails(app, count: 3, containing: "Reset token: ").count == 3)
        }
    }
}

extension PasswordResetTests {
    /// The token in a reset mail.
    static func token(inMailAt path: String) throws -> String {
        let message = try String(contentsOfFile: path, encoding: .utf8)
        let line = try #require(message.components(separatedBy: "\r\n").first { $0.hasPrefix("Reset token: ") })
        return String(line.dropFirst("Reset token: ".count))
    }
}
