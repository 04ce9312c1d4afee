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

    static func twoFactor(ids: any IDSource) -> TwoFactorService {
        TwoFactorService(
            store: InMemoryTwoFactorStore(), sealer: .twoFactor(serverSecret: Array(repeating: 3, count: 32)),
            clock: ManualClock(), ids: ids)
    }

    @Test func registerLogInAndSeeYourself() async throws {
        let accounts = InMemoryAccountStore()
        let ownership = InMemoryCatalog(prices: [10])
        await ownership.own(["t1"], userID: "t000001")
        let ids = SequentialIDSource(prefix: "t")
        let auth = AuthService(
            accounts: accounts, hasher: PasswordHasher(cost: 4), clock: ManualClock(), ids: ids, mailer: NoMail(),
            throttles: InMemoryThrottleStore(), twoFactor: Self.twoFactor(ids: ids), publicBaseURL: "http://localhost")
        let csrf = CSRFTokens(key: Array(repeating: 1, count: 32))
        let router = Router(context: AppRequestContext.self)
        router.add(middleware: ProblemMiddleware())
        let app = router.group().add(middleware: AuthMiddleware(auth: auth, csrf: csrf))
        AuthController(auth: auth, csrf: csrf, crossSiteGuard: CrossSiteGuard(publicBaseURL: nil)).register(
            on: RouteRegistrar(app))
        MeController(
            auth: auth, ownership: ownership,
            avatars: AvatarService(
                mediaRoot: FileManager.default.temporaryDirectory.appendingPathComponent("no-avatars")),
            twoFactor: auth.twoFactor
        ).register(on: RouteRegistrar(app))
        try await Application(router: router).test(.router) { client in
            let registered = try await client.json(
                .post, "/api/v1/auth/register",
                body: RegisterRequest(username: "ann", email: "ann@example.com", password: "correct-horse"))
            #expect(registered.status == .created)
            // The session, its CSRF token and the remembered device.
            #expect(registered.headers[values: .setCookie].count == 3)
            #expect(
                registered.headers[values: .setCookie].contains {
                    $0.hasPrefix("sotube_device=") && $0.contains("Path=/api/v1/auth")
                })
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

    /// A mail server that holds every message until the test opens it, and counts what it sent.
    actor HeldMailer: Mailer {
        var sent: [MailMessage] = []
        private var open = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func send(_ message: MailMessage) async throws {
            if !open { await withCheckedContinuation { waiting.append($0) } }
            sent.append(message)
        }

        func openUp() {
            open = true
            waiting.forEach { $0.resume() }
            waiting = []
        }
    }

    /// Known and unknown addresses get the same answer at once: the lookup and the mail come after it
    /// (the mail server holds the mail until both answers are in).
    @Test(.timeLimit(.minutes(1))) func aResetRequestAnswersBeforeTheMailIsSent() async throws {
        let accounts = InMemoryAccountStore()
        let mailer = HeldMailer()
        let ids = SequentialIDSource(prefix: "r")
        let auth = AuthService(
            accounts: accounts, hasher: PasswordHasher(cost: 4), clock: ManualClock(), ids: ids, mailer: mailer,
            throttles: InMemoryThrottleStore(), twoFactor: Self.twoFactor(ids: ids), publicBaseURL: "http://localhost")
        _ = try await auth.createUser(username: "ida", email: "ida@example.com", password: "password-ida")
        let router = Router(context: AppRequestContext.self)
        router.add(middleware: ProblemMiddleware())
        AuthController(
            auth: auth, csrf: CSRFTokens(key: Array(repeating: 2, count: 32)),
            crossSiteGuard: CrossSiteGuard(publicBaseURL: nil)
        ).register(on: RouteRegistrar(router.group()))
        try await Application(router: router).test(.router) { client in
            var answers: [String] = []
            for email in ["ida@example.com", "nobody@example.com"] {
                let response = try await client.json(
                    .post, "/api/v1/auth/password-reset", body: PasswordResetRequest(email: email))
                #expect(response.status == .accepted)
                answers.append(response.text)
            }
            #expect(answers[0] == answers[1])
            #expect(await mailer.sent.isEmpty)
        }
        await mailer.openUp()
        for _ in 0..<100 where await mailer.sent.isEmpty { try await Task.sleep(for: .milliseconds(50)) }
        #expect(await mailer.sent.map(\.to) == ["ida@example.com"])
    }
}
