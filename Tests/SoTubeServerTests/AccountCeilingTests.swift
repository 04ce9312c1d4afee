import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import SoTubeCore
import SoTubeTestFixtures
import Testing

@testable import SoTubeServer

/// A limit per account over all client addresses, for passwords and two-step codes alike, that
/// strangers reach without locking the owner out: her remembered device and the address of her
/// last sign-in keep their own allowance (issue 28, "Accounts").
@Suite struct AccountCeilingTests {
    static let home = "198.51.100.7"

    static func from(_ address: String, device: String? = nil) -> HTTPFields {
        var headers = LoginAbuseTests.from(address)
        if let device { headers[.cookie] = device }
        return headers
    }

    /// `sotube_device=…` from a response's cookies, ready for a `Cookie` header.
    static func deviceCookie(_ response: TestResponse) throws -> String {
        let header = try #require(response.headers[values: .setCookie].first { $0.hasPrefix("sotube_device=") })
        return String(header.prefix { $0 != ";" })
    }

    func login(
        _ client: some TestClientProtocol, _ password: String, from address: String, device: String? = nil,
        totp: String? = nil
    ) async throws -> TestResponse {
        try await client.json(
            .post, SoTubeRoutes.login, body: LoginRequest(username: "ann", password: password, totp: totp),
            headers: Self.from(address, device: device))
    }

    /// ann signs up at home; her phone logs in once from elsewhere and is remembered.
    func annWithPhone(_ client: some TestClientProtocol) async throws -> (token: String, phone: String) {
        let registered = try await client.json(
            .post, SoTubeRoutes.register,
            body: RegisterRequest(username: "ann", email: "ann@example.com", password: "password-ann"),
            headers: Self.from(Self.home))
        #expect(registered.status == .created)
        let phone = try await login(client, "password-ann", from: "192.0.2.50")
        #expect(phone.status == .ok)
        // Home again (no cookie, say curl): home is the last sign-in address.
        #expect(try await login(client, "password-ann", from: Self.home).status == .ok)
        return (try registered.decode(AuthResponse.self).token, try Self.deviceCookie(phone))
    }

    @Test(arguments: TestEngine.enabled)
    func wrongPasswordsFromManyAddressesReachTheAccountsCeiling(_ engine: TestEngine) async throws {
        let app = try await TestApp.make(
            databaseURL: try await engine.freshDatabaseURL(), configure: LoginAbuseTests.behindProxy)
        try await app.run { client in
            let (_, phone) = try await annWithPhone(client)
            // 5 addresses × 4 wrong passwords: under each address's own limit, 20 for the account.
            for address in 1...5 {
                for _ in 0..<4 {
                    try await login(client, "wrong-guess", from: "203.0.113.\(address)").expectProblem(.unauthorized)
                }
            }
            // Now even the right password from a new address waits.
            let stranger = try await login(client, "password-ann", from: "203.0.113.6")
            stranger.expectProblem(.tooManyRequests)
            #expect(stranger.problem?.retryAfter == 60)
            #expect(stranger.headers[.retryAfter] == "60")
            #expect(stranger.headers[values: .setCookie].isEmpty)
            // The owner is not locked out: home (her last sign-in address), and her phone from a new
            // network.
            #expect(try await login(client, "password-ann", from: Self.home).status == .ok)
            #expect(try await login(client, "password-ann", from: "192.0.2.99", device: phone).status == .ok)
            // Her sign-ins do not reset what strangers tried; a cookie made for another account is no
            // remembered device.
            try await login(client, "password-ann", from: "203.0.113.7").expectProblem(.tooManyRequests)
            _ = try await client.register("bob")
            let bobs = try Self.deviceCookie(
                try await client.json(
                    .post, SoTubeRoutes.login, body: LoginRequest(username: "bob", password: "password-bob")))
            try await login(client, "password-ann", from: "203.0.113.8", device: bobs)
                .expectProblem(.tooManyRequests)
            try await login(client, "password-ann", from: "203.0.113.8", device: "sotube_device=forged.abc")
                .expectProblem(.tooManyRequests)
            // A wait, not a lock: each further try past it waits twice as long.
            app.clock.advance(by: 61)
            try await login(client, "wrong-guess", from: "203.0.113.9").expectProblem(.unauthorized)
            #expect(try await login(client, "password-ann", from: "203.0.113.10").problem?.retryAfter == 120)
        }
    }

    @Test(arguments: TestEngine.enabled)
    func wrongTwoStepCodesFromManyAddressesReachTheAccountsCeiling(_ engine: TestEngine) async throws {
        let app = try await TestApp.make(
            databaseURL: try await engine.freshDatabaseURL(), configure: LoginAbuseTests.behindProxy)
        let clock = app.clock
        try await app.run { client in
            let (token, phone) = try await annWithPhone(client)
            let enrolment = try await client.json(
                .post, SoTubeRoutes.twoFactorEnrol, body: TwoFactorEnrolRequest(password: "password-ann"),
                token: token, headers: Self.from(Self.home)
            ).decode(TwoFactorEnrolmentDTO.self)
            let secret = try #require(Base32.decode(enrolment.secret))
            func code() -> String { TOTP.code(secret: secret, step: TOTP.step(at: clock.now())) }
            #expect(
                try await client.json(
                    .post, SoTubeRoutes.twoFactorConfirm, body: TwoFactorConfirmRequest(code: code()), token: token
                ).status == .ok)
            clock.advance(by: 30)
            // The attacker has the password and guesses codes: 10 addresses × 2.
            let wrong = code() == "000000" ? "111111" : "000000"
            for address in 1...10 {
                for _ in 0..<2 {
                    let guessed = try await login(client, "password-ann", from: "203.0.113.\(address)", totp: wrong)
                    #expect(guessed.problem?.type == ProblemType.twoFactorRequired)
                }
            }
            // The right code from a new address waits too.
            let stranger = try await login(client, "password-ann", from: "203.0.113.11", totp: code())
            stranger.expectProblem(.tooManyRequests)
            #expect(stranger.headers[values: .setCookie].isEmpty)
            // The owner's phone signs in with it.
            #expect(
                try await login(client, "password-ann", from: "192.0.2.99", device: phone, totp: code()).status == .ok)
        }
    }
}
