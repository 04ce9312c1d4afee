import Foundation
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import SoTubeCore
import Testing

@testable import SoTubeServer

/// App passwords are no back door (issue 28): making one needs the account password, and a
/// password change or a completed reset revokes them all, at once on this server.
@Suite struct AppPasswordHTTPTests {
    func make(
        _ client: some TestClientProtocol, token: String, password: String = "password-ann"
    ) async throws -> TestResponse {
        try await client.json(
            .post, SoTubeRoutes.appPasswords, body: CreateAppPasswordRequest(label: "Phone", password: password),
            token: token)
    }

    /// The Subsonic error code of a `ping` with `secret`, nil when it answered ok.
    func ping(_ client: some TestClientProtocol, _ secret: String) async throws -> Int? {
        let response = try await client.execute(uri: "/rest/ping?f=json&apiKey=\(secret)", method: .get)
        let object = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
        let envelope = try #require(object?["subsonic-response"] as? [String: Any])
        return (envelope["error"] as? [String: Any])?["code"] as? Int
    }

    @Test func makingOneNeedsTheAccountPassword() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let token = try await client.register("ann")
            try await client.json(
                .post, SoTubeRoutes.appPasswords, body: ["label": "Phone"], token: token
            ).expectProblem(.unprocessableContent, field: "password")
            let wrong = try await make(client, token: token, password: "stolen-session")
            wrong.expectProblem(.forbidden)
            #expect(wrong.problem?.detail == "The password is wrong.")
            #expect(
                try await client.json(.get, SoTubeRoutes.appPasswords, token: token).decode([AppPasswordDTO].self)
                    .isEmpty)
            let made = try await make(client, token: token)
            #expect(made.status == .created)
            #expect(try await ping(client, try made.decode(CreatedAppPasswordDTO.self).secret) == nil)
            // Wrong passwords are throttled per account.
            for _ in 0..<5 { try await make(client, token: token, password: "guess").expectProblem(.forbidden) }
            try await make(client, token: token, password: "guess").expectProblem(.tooManyRequests)
        }
    }

    @Test func aPasswordChangeRevokesEveryAppPasswordAtOnce() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let token = try await client.register("ann")
            let phone = try await make(client, token: token).decode(CreatedAppPasswordDTO.self).secret
            let tablet = try await make(client, token: token).decode(CreatedAppPasswordDTO.self).secret
            // Both work, and are remembered by this server.
            #expect(try await ping(client, phone) == nil)
            #expect(try await ping(client, tablet) == nil)
            let changed = try await client.json(
                .put, SoTubeRoutes.password,
                body: ChangePasswordRequest(currentPassword: "password-ann", newPassword: "a-new-password"),
                token: token)
            #expect(changed.status == .noContent)
            #expect(try await ping(client, phone) == 44)
            #expect(try await ping(client, tablet) == 44)
            #expect(
                try await client.json(.get, SoTubeRoutes.appPasswords, token: token).decode([AppPasswordDTO].self)
                    .isEmpty)
        }
    }

    @Test func aCompletedResetRevokesEveryAppPasswordAndTellsTheWayBackIn() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let token = try await client.register("ann")
            let phone = try await make(client, token: token).decode(CreatedAppPasswordDTO.self).secret
            #expect(try await ping(client, phone) == nil)
            _ = try await client.json(
                .post, SoTubeRoutes.passwordReset, body: PasswordResetRequest(email: "ann@example.com"))
            let mail = try #require(try await PasswordResetTests.mails(app, containing: "Reset token: ").last)
            let message = try String(contentsOfFile: mail, encoding: .utf8)
            #expect(message.contains("revokes your app passwords"))
            #expect(message.contains("recovery codes, or ask the store's operator"))
            let reset = try await client.json(
                .post, SoTubeRoutes.passwordResetConfirm,
                body: PasswordResetConfirmRequest(
                    token: try PasswordResetTests.token(inMailAt: mail), newPassword: "a-new-password"))
            #expect(reset.status == .noContent)
            #expect(try await ping(client, phone) == 44)
        }
    }
}
