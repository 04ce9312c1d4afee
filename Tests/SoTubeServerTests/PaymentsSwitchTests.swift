import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import SoTubeCore
import Testing

/// `payments`: the sandbox provider's test cards are public, so with payments off no coins are sold
/// and the provider's pages are gone.
@Suite struct PaymentsSwitchTests {
    @Test func withPaymentsOffNoCoinsAreSoldAndTheSandboxIsGone() async throws {
        let app = try await TestApp.make { $0.payments = .off }
        try await app.run { client in
            let registered = try await client.json(
                .post, "/api/v1/auth/register",
                body: RegisterRequest(username: "olga", email: "olga@example.com", password: "password-olga")
            ).decode(AuthResponse.self)
            let token = registered.token
            let wallet = try await client.wallet(token)
            var expected = WalletDTO(coins: 0, packs: [], topUps: false)
            expected.provider = "off"
            #expect(wallet == expected)

            let refused = try await client.json(
                .post, "/api/v1/wallet/top-ups", body: TopUpRequest(packId: "small"), token: token)
            #expect(refused.status == .forbidden)
            #expect(refused.headers[.contentType] == "application/problem+json")
            #expect(refused.problem?.status == 403)
            #expect(refused.problem?.detail.contains("gift code") == true)
            let anonymous = try await client.json(
                .post, "/api/v1/wallet/top-ups", body: TopUpRequest(packId: "small"))
            #expect(anonymous.status == .unauthorized)
            let history = try await client.json(.get, "/api/v1/wallet/history", token: token)
                .decode(HistoryDTO.self)
            #expect(history.entries.isEmpty)

            // A top-up made some other way (say, before payments were turned off) cannot be paid.
            let (topUp, _) = try await app.services.commerce.startTopUp(
                userID: registered.user.id, packID: "small")
            let page = try await client.execute(uri: "/sandbox/checkout/\(topUp.id)", method: .get)
            #expect(page.status == .notFound)
            let paid = try await client.payOnSandbox(
                topUp.id, ["method": "card", "number": "4242 4242 4242 4242", "expiry": "12/30", "cvc": "123"])
            #expect(paid.status == .notFound)
            let capture = try await client.json(
                .post, "/api/v1/payments/sandbox/capture",
                body: CaptureNotification(topUpId: topUp.id, providerReference: topUp.providerReference))
            #expect(capture.status == .notFound)
            #expect(capture.headers[.contentType] == "application/problem+json")
            #expect(try await client.wallet(token).coins == 0)
        }
    }

    @Test func withSandboxPaymentsTheWalletSaysCoinsCanBeBought() async throws {
        let app = try await TestApp.make { $0.payments = .sandbox }
        try await app.run { client in
            let token = try await client.register("sasha")
            let wallet = try await client.wallet(token)
            #expect(wallet.topUps && wallet.packs.map(\.id) == ["small", "medium", "large"])
            let created = try await client.json(
                .post, "/api/v1/wallet/top-ups", body: TopUpRequest(packId: "small"), token: token)
            #expect(created.status == .created)
            let checkout = try created.decode(TopUpCreatedDTO.self)
            #expect(try await client.execute(uri: checkout.checkoutUrl, method: .get).status == .ok)
        }
    }

    @Test func theOpenAPIDocumentDescribesTheSwitch() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let document = try await client.execute(uri: "/openapi.json", method: .get).text
            #expect(document.contains("\"topUps\""))
            #expect(document.contains("coins come from gift codes"))
        }
    }
}
