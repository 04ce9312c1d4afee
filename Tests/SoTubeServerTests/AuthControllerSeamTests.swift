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
            publicBaseURL: "http://localhost")
        let router = Router(context: AppRequestContext.self)
        router.add(middleware: ProblemMiddleware())
        let app = router.group().add(middleware: AuthMiddleware(auth: auth))
        AuthController(auth: auth, ids: ids).register(on: app)
        MeController(auth: auth, ownership: ownership).register(on: app)
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
}
