import Foundation
import HummingbirdTesting
import SoTubeAPI
import SoTubeCore
import Testing

@testable import SoTubeServer

/// The periodic sweep deletes what has run out and keeps what still counts.
@Suite struct SweeperTests {
    @Test func expiredSessionsResetsThrottlesAndAbandonedTopUpsGo() async throws {
        let app = try await TestApp.make()
        let services = app.services
        let sweeper = Sweeper(
            accounts: services.database.accounts, commerce: services.database.commerce,
            throttles: services.database.throttles, clock: app.clock)
        try await app.run { client in
            let token = try await client.register("hal")
            let login = try await client.json(
                .post, "/api/v1/auth/login", body: LoginRequest(username: "hal", password: "wrong-guess"))
            login.expectProblem(.unauthorized)
            _ = try await client.json(
                .post, "/api/v1/auth/password-reset", body: PasswordResetRequest(email: "hal@example.com"))
            _ = try await PasswordResetTests.mails(app)
            let abandoned = try await client.json(
                .post, "/api/v1/wallet/top-ups", body: TopUpRequest(packId: "small"), token: token
            ).decode(TopUpCreatedDTO.self).topUpId
            // A card payment left pending stays: its bank may still answer (3-D Secure done late).
            let user = try #require(try await services.database.accounts.credentials(username: "hal")?.user)
            try await services.database.commerce.createTopUp(
                TopUp(
                    id: "tu_card", userID: user.id, packID: "small", coins: 100,
                    price: Money(amount: 99, currency: "USD"),
                    status: .pending, provider: "stripe", providerReference: "pi_card", createdAt: app.clock.now()))

            #expect(try await sweeper.sweepOnce() == .init(sessionsAndResets: 0, throttles: 0, topUps: 0))
            // After a day: the 12-hour session, the one-hour reset link, the sign-up, login and reset
            // counts and the unpaid top-up have all run out.
            app.clock.advance(by: 24 * 3600 + 1)
            let report = try await sweeper.sweepOnce()
            #expect(report.sessionsAndResets == 2)
            #expect(report.throttles >= 3)
            #expect(report.topUps == 1)
            #expect(try await services.database.commerce.topUp(id: abandoned) == nil)
            #expect(try await services.database.commerce.topUp(id: "tu_card")?.status == .pending)
            try await client.json(.get, "/api/v1/me", token: token).expectProblem(.unauthorized)
        }
    }
}
