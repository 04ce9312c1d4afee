import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import SoTubeCore
import Testing

@testable import SoTubeServer

/// Registration, login and `/me` through the real `AuthService` and session middleware on an
/// in-memory account store: no SQL.
@Suite struct AuthControllerSeamTests {
    struct NoMail: Mailer { func send(_ message: MailMessage) async throws {} }

    @Test func registerLogInAndSeeYourself() async throws {
        let accounts = InMemoryAccountStore()
        let ownership = InMemoryCatalog(prices: [10])
        await ownership.own(["t1"], userID: "t000001")
        let ids = SequentialIDSource(prefix: "t")
        let auth = AuthService(
            accounts: accounts, hasher: PasswordHasher(cost: 4), clock: ManualClock(), ids: ids, mailer: NoMail(),
            throttles: InMemoryThrottleStore(), publicBaseURL: "http://localhost")
        let csrf = CSRFTokens(key: Array(repeating: 1, count: 32))
        let router = Router(context: AppRequestContext.self)
        router.add(middleware: ProblemMiddleware())
        let app = router.group().add(middleware: AuthMiddleware(auth: auth, csrf: csrf))
        AuthController(auth: auth, csrf: csrf, crossSiteGuard: CrossSiteGuard(publicBaseURL: nil)).register(on: app)
        MeController(
            auth: auth, ownership: ownership,
            avatars: AvatarService(
                mediaRoot: FileManager.default.temporaryDirectory.appendingPathComponent("no-avatars"))
        ).register(on: app)
        try await Application(router: router).test(.router) { client in
            let registered = try await client.json(
                .post, "/api/v1/auth/register",
                body: RegisterRequest(username: "ann", email: "ann@example.com", password: "correct-horse"))
            #expect(registered.status == .created)
            #expect(registered.headers[values: .setCookie].count == 2)
            let token = try registered.decode(AuthResponse.self).token

            let me = try await client.json(.get, "/api/v1/me", token: token).decode(MeResponse.self)
            #expect(me.username == "ann" && me.ownedCount == 1)

            let wrong = try await client.json(
                .post, "/api/v1/auth/login", body: LoginRequest(username: "ann", password: "wrong-password"))
            wrong.expectProblem(.unauthorized)
            let again = try await client.json(
                .post, "/api/v1/auth/login", body: LoginRequest(username: "ann", password: "correct-horse"))
            #expect(again.status == .ok)
            #expect(try await accounts.listUsers().map(\.username) == ["ann"])

            try await client.json(.post, "/api/v1/auth/logout", token: token)
            try await client.json(.get, "/api/v1/me", token: token).expectProblem(.unauthorized)
        }
    }

    /// A mail server that takes its time, and counts what it was given.
    actor SlowMailer: Mailer {
        var sent: [MailMessage] = []
        func send(_ message: MailMessage) async throws {
            try await Task.sleep(for: .seconds(2))
            sent.append(message)
        }
    }

    /// Known and unknown addresses get the same answer at once: the lookup and the mail come after it.
    @Test func aResetRequestAnswersBeforeTheMailIsSent() async throws {
        let accounts = InMemoryAccountStore()
        let mailer = SlowMailer()
        let ids = SequentialIDSource(prefix: "r")
        let auth = AuthService(
            accounts: accounts, hasher: PasswordHasher(cost: 4), clock: ManualClock(), ids: ids, mailer: mailer,
            throttles: InMemoryThrottleStore(), publicBaseURL: "http://localhost")
        _ = try await auth.createUser(username: "ida", email: "ida@example.com", password: "password-ida")
        let router = Router(context: AppRequestContext.self)
        router.add(middleware: ProblemMiddleware())
        AuthController(
            auth: auth, csrf: CSRFTokens(key: Array(repeating: 2, count: 32)),
            crossSiteGuard: CrossSiteGuard(publicBaseURL: nil)
        ).register(on: router.group())
        try await Application(router: router).test(.router) { client in
            var answers: [String] = []
            for email in ["ida@example.com", "nobody@example.com"] {
                let started = ContinuousClock.now
                let response = try await client.json(
                    .post, "/api/v1/auth/password-reset", body: PasswordResetRequest(email: email))
                #expect(response.status == .accepted)
                #expect(ContinuousClock.now - started < .seconds(1))
                answers.append(response.text)
            }
            #expect(answers[0] == answers[1])
        }
        for _ in 0..<100 where await mailer.sent.isEmpty { try await Task.sleep(for: .milliseconds(50)) }
        #expect(await mailer.sent.map(\.to) == ["ida@example.com"])
    }
}
