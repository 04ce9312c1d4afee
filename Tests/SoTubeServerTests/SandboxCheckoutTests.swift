import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import SoTubeCore
import Testing

@testable import SoTubeServer

@Suite struct SandboxCheckoutTests {
    static let card4242 = [
        "method": "card", "number": "4242 4242 4242 4242", "expiry": "12/30", "cvc": "123",
    ]

    func startTopUp(_ client: some TestClientProtocol, _ token: String, pack: String = "medium")
        async throws -> String
    {
        try await client.json(
            .post, "/api/v1/wallet/top-ups", body: TopUpRequest(packId: pack), token: token
        )
        .decode(TopUpCreatedDTO.self).topUpId
    }

    func status(_ client: some TestClientProtocol, _ id: String, _ token: String) async throws
        -> TopUpDTO.Status
    {
        try await client.json(.get, "/api/v1/wallet/top-ups/\(id)", token: token).decode(TopUpDTO.self)
            .status
    }

    @Test func theCheckoutPageShowsThePackAndBothWaysToPay() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let token = try await client.register("alice")
            let id = try await startTopUp(client, token)
            let page = try await client.execute(uri: "/sandbox/checkout/\(id)", method: .get)
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.text.contains("4.99 USD") && page.text.contains("550 SoTube coins"))
            #expect(page.text.contains("Log in and pay") && page.text.contains("Pay with card"))
            // No inline script; the one script submits the forms in place (the page works without it).
            #expect(page.text.components(separatedBy: "<script").count == 2)
            #expect(page.text.contains(#"<script src="/js/sandbox-checkout.js" defer></script>"#))
            let missing = try await client.execute(uri: "/sandbox/checkout/tu_nope", method: .get)
            #expect(missing.status == .notFound && missing.text.contains("Checkout not found"))
        }
    }

    /// Issue 32 #18: the checkout speaks the app's language (its cookie), refusals included.
    @Test func theCheckoutFollowsTheAppsLanguage() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let token = try await client.register("alice")
            let id = try await startTopUp(client, token)
            let russian: HTTPFields = [.cookie: "sotube_lang=ru", .acceptLanguage: "en-US"]
            let page = try await client.execute(uri: "/sandbox/checkout/\(id)", method: .get, headers: russian)
            #expect(page.text.contains(#"<html lang="ru">"#))
            #expect(page.text.contains("Оплата картой") && page.text.contains("Войти и оплатить 4.99 USD"))
            #expect(page.text.contains("550 монет SoTube") && !page.text.contains("Pay with card"))
            let refused = try await client.payOnSandbox(
                id, ["method": "card", "number": "4000 0000 0000 0002", "expiry": "12/30", "cvc": "123"],
                headers: russian)
            #expect(refused.status.code == 402)
            #expect(refused.text.contains("Карта отклонена. Попробуйте другой способ оплаты."))
            let invalid = try await client.payOnSandbox(
                id, ["method": "card", "number": "4242424242424242", "expiry": "1230", "cvc": "123"],
                headers: [.acceptLanguage: "ru,en;q=0.5"])
            #expect(invalid.text.contains("Срок действия пишется как ММ/ГГ."))
            let english = try await client.execute(
                uri: "/sandbox/checkout/\(id)?lang=en", method: .get, headers: russian)
            #expect(english.text.contains(#"<html lang="en">"#) && english.text.contains("Pay with card"))
            let missing = try await client.execute(uri: "/sandbox/checkout/tu_nope", method: .get, headers: russian)
            #expect(missing.status == .notFound && missing.text.contains("Оплата не найдена"))
        }
    }

    @Test func payingByCardCreditsTheCoinsAndReturnsToTheApp() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let token = try await client.register("alice")
            let id = try await startTopUp(client, token)
            let paid = try await client.payOnSandbox(id, Self.card4242)
            #expect(paid.status == .seeOther)
            #expect(paid.headers[.location] == "/#/account?topUp=\(id)")
            #expect(try await client.wallet(token).coins == 550)
            #expect(try await status(client, id, token) == .captured)
            // A second submit (double click, back button) credits nothing more.
            let again = try await client.payOnSandbox(id, Self.card4242)
            #expect(again.status == .seeOther)
            #expect(try await client.wallet(token).coins == 550)
            let page = try await client.execute(uri: "/sandbox/checkout/\(id)", method: .get)
            #expect(page.text.contains("This payment is complete."))
        }
    }

    @Test func theScriptedPageIsToldWhereToGoInsteadOfRedirected() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let token = try await client.register("ana")
            let id = try await startTopUp(client, token)
            let json: HTTPFields = [.accept: "application/json, text/html;q=0.9"]
            // A refusal is the page again (the script swaps it in); a payment answers where to go.
            let declined = try await client.payOnSandbox(
                id, ["method": "card", "number": "4000 0000 0000 0002", "expiry": "12/34", "cvc": "123"], headers: json)
            #expect(declined.status.code == 402 && declined.text.contains("role=\"alert\""))
            let paid = try await client.payOnSandbox(id, Self.card4242, headers: json)
            #expect(paid.status == .ok && paid.headers[.location] == nil)
            #expect(try paid.decode([String: String].self) == ["redirect": "/#/account?topUp=\(id)"])
            #expect(try await client.wallet(token).coins == 550)
        }
    }

    @Test func loggingInWithTheSandboxBuyerPays() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let token = try await client.register("alice")
            let id = try await startTopUp(client, token, pack: "small")
            let wrong = try await client.payOnSandbox(
                id, ["method": "account", "email": "buyer@sandbox.test", "password": "guess"])
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.text.contains("The sandbox email or password is wrong."))
            #expect(try await client.wallet(token).coins == 0)
            let broke = try await client.payOnSandbox(
                id, ["method": "account", "email": "broke@sandbox.test", "password": "sandbox123"])
            #expect(broke.status.code == 402 && broke.text.contains("insufficient funds"))
            #expect(try await status(client, id, token) == .declined)
            let paid = try await client.payOnSandbox(
                id, ["method": "account", "email": "Buyer@Sandbox.test", "password": "sandbox123"])
            #expect(paid.status == .seeOther)
            #expect(try await client.wallet(token).coins == 100)
        }
    }

    @Test func declinedAndInvalidCardsShowThePageAgain() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let token = try await client.register("alice")
            let id = try await startTopUp(client, token)
            let cases: [([String: String], Int, String)] = [
                (
                    ["method": "card", "number": "4242 4242 4242 4241", "expiry": "12/30", "cvc": "123"], 422,
                    "The card number is not valid."
                ),
                (
                    ["method": "card", "number": "4242424242424242", "expiry": "01/20", "cvc": "123"], 422,
                    "The card has expired."
                ),
                (
                    ["method": "card", "number": "4242424242424242", "expiry": "1230", "cvc": "123"], 422,
                    "MM/YY"
                ),
                (
                    ["method": "card", "number": "4242424242424242", "expiry": "12/30", "cvc": "1"], 422,
                    "CVC"
                ),
                (
                    ["method": "card", "number": "4000 0000 0000 0002", "expiry": "12/30", "cvc": "123"], 402,
                    "Your card was declined."
                ),
                (
                    ["method": "card", "number": "4000000000009995", "expiry": "12/30", "cvc": "123"], 402,
                    "insufficient funds"
                ),
                (
                    ["method": "card", "number": "79927398713", "expiry": "12/30", "cvc": "123"], 422,
                    "not valid"
                ),
                (
                    ["method": "card", "number": "4111 1111 1111 1111", "expiry": "12/30", "cvc": "123"], 402,
                    "not a sandbox test card"
                ),
                (["method": "bitcoin"], 422, "Choose how to pay."),
            ]
            for (form, code, message) in cases {
                let response = try await client.payOnSandbox(id, form)
                #expect(Int(response.status.code) == code, "\(form)")
                #expect(response.text.contains(message), "\(form)")
                #expect(response.text.contains("Pay with card"), "the form is shown again")
            }
            #expect(try await client.wallet(token).coins == 0)
            #expect(try await status(client, id, token) == .declined)
            // Declined is not final: a good card still pays.
            #expect(try await client.payOnSandbox(id, Self.card4242).status == .seeOther)
            #expect(try await client.wallet(token).coins == 550)
        }
    }

    @Test func cancellingEndsTheCheckout() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let token = try await client.register("alice")
            let id = try await startTopUp(client, token)
            let cancelled = try await client.payOnSandbox(id, ["method": "cancel"])
            #expect(cancelled.status == .seeOther)
            #expect(try await status(client, id, token) == .cancelled)
            let late = try await client.payOnSandbox(id, Self.card4242)
            #expect(late.status == .conflict && late.text.contains("cancelled"))
            #expect(try await client.wallet(token).coins == 0)
            #expect(try await client.payOnSandbox("tu_unknown", Self.card4242).status == .notFound)
        }
    }

    @Test func theFormPostWorksFromALoggedInBrowserWithoutTheCSRFHeader() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let token = try await client.register("alice")
            let id = try await startTopUp(client, token)
            var headers = HTTPFields()
            headers[.cookie] = "sotube_session=\(token); sotube_csrf=abc"
            let paid = try await client.payOnSandbox(id, Self.card4242, headers: headers)
            #expect(paid.status == .seeOther)
            #expect(try await client.wallet(token).coins == 550)
        }
    }

    @Test func captureNotificationsMustBeSignedAndCreditOnce() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let token = try await client.register("alice")
            let id = try await startTopUp(client, token)
            let topUp = try #require(try await app.services.commerce.store.topUp(id: id))
            let body = CaptureNotification(topUpId: id, providerReference: topUp.providerReference)
            let signature = app.services.commerce.sandbox.signature(
                topUpID: id, reference: topUp.providerReference)
            func capture(_ body: some Encodable, signature: String?) async throws -> TestResponse {
                var headers = HTTPFields()
                if let signature { headers[HTTPField.Name("X-Sandbox-Signature")!] = signature }
                return try await client.json(
                    .post, "/api/v1/payments/sandbox/capture", body: body, headers: headers)
            }
            #expect(try await capture(body, signature: nil).status == .unauthorized)
            #expect(
                try await capture(body, signature: String(repeating: "0", count: 64)).status
                    == .unauthorized)
            let forged = CaptureNotification(topUpId: id, providerReference: "SBX-FORGED")
            let forgedSigned = app.services.commerce.sandbox.signature(
                topUpID: id, reference: "SBX-FORGED")
            #expect(try await capture(forged, signature: forgedSigned).status == .notFound)
            #expect(
                try await capture(["topUpId": id], signature: signature).status == .unprocessableContent)
            #expect(try await client.wallet(token).coins == 0)

            let first = try await capture(body, signature: signature)
            #expect(first.status == .ok)
            let result = try first.decode(CaptureResultDTO.self)
            #expect(result.credited && result.coins == 550 && result.topUp.status == .captured)
            let replay = try await capture(body, signature: signature)
            #expect(replay.status == .ok)
            #expect(try replay.decode(CaptureResultDTO.self).credited == false)
            #expect(try await client.wallet(token).coins == 550)

            let cancelledID = try await startTopUp(client, token)
            _ = try await client.payOnSandbox(cancelledID, ["method": "cancel"])
            let cancelled = try #require(try await app.services.commerce.store.topUp(id: cancelledID))
            let late = try await capture(
                CaptureNotification(topUpId: cancelledID, providerReference: cancelled.providerReference),
                signature: app.services.commerce.sandbox.signature(
                    topUpID: cancelledID, reference: cancelled.providerReference))
            #expect(late.status == .conflict)
        }
    }
}

/// The sandbox's signing key comes from the server secret: a capture notification signed for the
/// server that opened the checkout is accepted by another server sharing the secret (behind one
/// load balancer), and by no server with another secret.
@Suite struct SandboxKeyAcrossServersTests {
    @Test func serversSharingTheSecretAcceptEachOthersCaptures() async throws {
        let opener = try await TestApp.make { $0.secretKey = Array(repeating: 9, count: 32) }
        let other = try await TestApp.make { $0.secretKey = Array(repeating: 9, count: 32) }
        let stranger = try await TestApp.make { $0.secretKey = Array(repeating: 3, count: 32) }
        let signature = opener.services.commerce.sandbox.signature(topUpID: "tu_1", reference: "SBX-1")
        #expect(other.services.commerce.sandbox.isAuthentic(topUpID: "tu_1", reference: "SBX-1", signature: signature))
        #expect(
            !stranger.services.commerce.sandbox.isAuthentic(topUpID: "tu_1", reference: "SBX-1", signature: signature))
        #expect(
            !other.services.commerce.sandbox.isAuthentic(topUpID: "tu_2", reference: "SBX-1", signature: signature))
        // The derived key is not the CSRF key itself.
        #expect(ServerSecret.derive(opener.services.secretKey, purpose: "a") != opener.services.secretKey)
        for app in [opener, other, stranger] { await app.close() }
    }
}
