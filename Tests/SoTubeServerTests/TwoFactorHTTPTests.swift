import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import SoTubeCore
import Testing

@testable import SoTubeServer

/// Two-step sign-in through the HTTP API on a real SQLite store: the test computes each TOTP code
/// from the secret the enrolment shows, as an authenticator app would.
@Suite struct TwoFactorHTTPTests {
    func login(
        _ client: some TestClientProtocol, password: String = "password-ann", totp: String? = nil
    ) async throws -> TestResponse {
        try await client.json(
            .post, SoTubeRoutes.login, body: LoginRequest(username: "ann", password: password, totp: totp))
    }

    func code(_ secret: String, at date: Date) throws -> String {
        TOTP.code(secret: try #require(Base32.decode(secret)), step: TOTP.step(at: date))
    }

    /// Asserts the "code required" answer: 401 of its own type, and no session cookie.
    func expectCodeRequired(_ response: TestResponse, sourceLocation: SourceLocation = #_sourceLocation) {
        response.expectProblem(.unauthorized, field: "totp", sourceLocation: sourceLocation)
        #expect(response.problem?.type == ProblemType.twoFactorRequired, sourceLocation: sourceLocation)
        #expect(response.headers[values: .setCookie].isEmpty, sourceLocation: sourceLocation)
    }

    /// Starts ann's enrolment with her password.
    func enrol(_ client: some TestClientProtocol, token: String, password: String = "password-ann") async throws
        -> TestResponse
    {
        try await client.json(
            .post, SoTubeRoutes.twoFactorEnrol, body: TwoFactorEnrolRequest(password: password), token: token)
    }

    /// Enrols ann and turns two-step sign-in on; answers the secret and the recovery codes.
    func turnOn(_ client: some TestClientProtocol, token: String, clock: ManualClock) async throws -> (
        secret: String, recovery: [String]
    ) {
        let enrolment = try await enrol(client, token: token).decode(TwoFactorEnrolmentDTO.self)
        let codes = try await client.json(
            .post, SoTubeRoutes.twoFactorConfirm,
            body: TwoFactorConfirmRequest(code: try code(enrolment.secret, at: clock.now())),
            token: token)
        #expect(codes.status == .ok)
        return (enrolment.secret, try codes.decode(TwoFactorRecoveryCodesDTO.self).recoveryCodes)
    }

    struct Enrolled: Sendable {
        let app: TestApp
        let clock: ManualClock
        let token: String
        let secret: String
        let recovery: [String]
    }

    /// Runs `body` on a fresh server where ann has two-step sign-in on.
    func withAnnEnrolled(_ body: @Sendable @escaping (any TestClientProtocol, Enrolled) async throws -> Void)
        async throws
    {
        let app = try await TestApp.make()
        try await app.run { client in
            let token = try await client.register("ann")
            let (secret, recovery) = try await turnOn(client, token: token, clock: app.clock)
            try await body(
                client, Enrolled(app: app, clock: app.clock, token: token, secret: secret, recovery: recovery))
        }
    }

    @Test func enrolConfirmAndLogInWithACode() async throws {
        let app = try await TestApp.make()
        let clock = app.clock
        try await app.run { client in
            let token = try await client.register("ann")
            let enrolment = try await enrol(client, token: token).decode(TwoFactorEnrolmentDTO.self)
            #expect(enrolment.otpauthUri == "otpauth://totp/SoTube:ann?secret=\(enrolment.secret)&issuer=SoTube")
            #expect(Base32.decode(enrolment.secret)?.count == 20)
            // Pending: not yet in force.
            #expect(try await login(client).status == .ok)
            #expect(
                try await client.json(.get, SoTubeRoutes.me, token: token).decode(MeResponse.self).twoFactorEnabled
                    == false)

            let previous = try code(enrolment.secret, at: clock.now() - 90)
            try await client.json(
                .post, SoTubeRoutes.twoFactorConfirm, body: TwoFactorConfirmRequest(code: previous), token: token
            ).expectProblem(.unprocessableContent, field: "code")
            let first = try code(enrolment.secret, at: clock.now())
            let confirmed = try await client.json(
                .post, SoTubeRoutes.twoFactorConfirm, body: TwoFactorConfirmRequest(code: first), token: token)
            let recovery = try confirmed.decode(TwoFactorRecoveryCodesDTO.self).recoveryCodes
            #expect(recovery.count == 10 && Set(recovery).count == 10)
            #expect(try await client.json(.get, SoTubeRoutes.me, token: token).decode(MeResponse.self).twoFactorEnabled)
            try await enrol(client, token: token).expectProblem(.conflict)

            // The right password alone makes no session; a wrong password is told apart.
            expectCodeRequired(try await login(client))
            let wrong = try await login(client, password: "not-the-password", totp: first)
            wrong.expectProblem(.unauthorized)
            #expect(wrong.problem?.type == "about:blank")
            // The code that confirmed is used up; so is a made-up one.
            expectCodeRequired(try await login(client, totp: first))
            expectCodeRequired(try await login(client, totp: "000000"))

            clock.advance(by: 30)
            let next = try code(enrolment.secret, at: clock.now())
            let loggedIn = try await login(client, totp: next)
            #expect(loggedIn.status == .ok)
            #expect(loggedIn.headers[values: .setCookie].count == 3)
            let session = try loggedIn.decode(AuthResponse.self).token
            #expect(try await client.json(.get, SoTubeRoutes.me, token: session).status == .ok)
            // Replayed within its window: refused.
            expectCodeRequired(try await login(client, totp: next))
        }
    }

    @Test func aRecoveryCodeLogsInOnce() async throws {
        try await withAnnEnrolled { client, ann in
            let recovery = ann.recovery
            let typed = recovery[3].uppercased().replacingOccurrences(of: "-", with: " ")
            #expect(try await login(client, totp: typed).status == .ok)
            expectCodeRequired(try await login(client, totp: recovery[3]))
            #expect(try await login(client, totp: recovery[4]).status == .ok)
        }
    }

    /// Wrong codes are failed log-ins: past the limit even the right code waits (429).
    @Test func wrongCodesCountInTheLoginThrottle() async throws {
        try await withAnnEnrolled { client, ann in
            let (secret, clock) = (ann.secret, ann.clock)
            clock.advance(by: 30)
            for _ in 0..<5 { expectCodeRequired(try await login(client, totp: "123456")) }
            let blocked = try await login(client, totp: try code(secret, at: clock.now()))
            blocked.expectProblem(.tooManyRequests)
            #expect(blocked.headers[values: .setCookie].isEmpty)
        }
    }

    /// A password reset sets the password; logging in still needs the code.
    @Test func aPasswordResetDoesNotTurnTwoStepSignInOff() async throws {
        try await withAnnEnrolled { client, ann in
            let (secret, clock) = (ann.secret, ann.clock)
            let accounts = ann.app.services.database.accounts
            let user = try #require(try await accounts.credentials(username: "ann")).user
            try await accounts.createPasswordReset(
                PasswordReset(tokenHash: TokenHash.of("reset-token"), userID: user.id, expiresAt: clock.now() + 600))
            let reset = try await client.json(
                .post, SoTubeRoutes.passwordResetConfirm,
                body: PasswordResetConfirmRequest(token: "reset-token", newPassword: "a-new-password"))
            #expect(reset.status == .noContent)
            expectCodeRequired(try await login(client, password: "a-new-password"))
            clock.advance(by: 30)
            #expect(
                try await login(client, password: "a-new-password", totp: try code(secret, at: clock.now())).status
                    == .ok)
        }
    }

    @Test func turningOffNeedsThePasswordAndACode() async throws {
        try await withAnnEnrolled { client, ann in
            let (secret, recovery, token, clock) = (ann.secret, ann.recovery, ann.token, ann.clock)
            clock.advance(by: 30)
            let now = try code(secret, at: clock.now())
            try await client.json(
                .post, SoTubeRoutes.twoFactorDisable,
                body: TwoFactorDisableRequest(password: "wrong-password", code: now), token: token
            ).expectProblem(.unprocessableContent, field: "password")
            try await client.json(
                .post, SoTubeRoutes.twoFactorDisable,
                body: TwoFactorDisableRequest(password: "password-ann", code: "999999"), token: token
            ).expectProblem(.unprocessableContent, field: "code")
            // Still on.
            expectCodeRequired(try await login(client))
            let off = try await client.json(
                .post, SoTubeRoutes.twoFactorDisable,
                body: TwoFactorDisableRequest(password: "password-ann", code: recovery[0]), token: token)
            #expect(off.status == .noContent)
            #expect(try await login(client).status == .ok)
            #expect(
                try await client.json(.get, SoTubeRoutes.me, token: token).decode(MeResponse.self).twoFactorEnabled
                    == false)
            try await client.json(
                .post, SoTubeRoutes.twoFactorDisable,
                body: TwoFactorDisableRequest(password: "password-ann", code: now), token: token
            ).expectProblem(.conflict)
            // Guests cannot enrol.
            try await client.json(.post, SoTubeRoutes.twoFactorEnrol, body: TwoFactorEnrolRequest(password: "x"))
                .expectProblem(.unauthorized)
        }
    }

    /// A stolen session alone cannot turn two-step sign-in on and lock the owner out: enrolment
    /// needs the password, and wrong ones are throttled per account.
    @Test func enrolmentNeedsThePassword() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let token = try await client.register("ann")
            try await client.json(.post, SoTubeRoutes.twoFactorEnrol, token: token).expectProblem(.badRequest)
            for _ in 0..<5 {
                try await enrol(client, token: token, password: "stolen-session").expectProblem(.forbidden)
            }
            try await enrol(client, token: token, password: "password-ann").expectProblem(.tooManyRequests)
            app.clock.advance(by: 31)
            // Nothing was waiting from the refused tries: a code made up now confirms nothing.
            try await client.json(
                .post, SoTubeRoutes.twoFactorConfirm, body: TwoFactorConfirmRequest(code: "123456"), token: token
            ).expectProblem(.conflict)
            #expect(try await enrol(client, token: token).status == .ok)
        }
    }

    /// The operator's `sotube users 2fa-off`: two-step sign-in off and every session of the user
    /// ended; an unknown user is an error.
    @Test func theOperatorTurnsItOffAndEndsTheSessions() async throws {
        try await withAnnEnrolled { client, ann in
            let auth = ann.app.services.auth
            let (user, wasOn) = try await auth.turnOffTwoFactorForOperator(username: "ANN")
            #expect(user.username == "ann" && wasOn)
            try await client.json(.get, SoTubeRoutes.me, token: ann.token).expectProblem(.unauthorized)
            #expect(try await login(client).status == .ok)
            await #expect(throws: DomainError.notFound(what: "The user \"nobody\"")) {
                try await auth.turnOffTwoFactorForOperator(username: "nobody")
            }
        }
    }
}
