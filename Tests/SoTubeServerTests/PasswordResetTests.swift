import Foundation
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import Testing

@Suite struct PasswordResetTests {
    /// The reset token written in the newest outbox message.
    func tokenFromOutbox(_ app: TestApp) throws -> (token: String, message: String) {
        let outbox = app.directory.appendingPathComponent("outbox")
        let files = try FileManager.default.contentsOfDirectory(atPath: outbox.path).filter { $0.hasSuffix(".eml") }
            .sorted()
        let message = try String(contentsOf: outbox.appendingPathComponent(try #require(files.last)), encoding: .utf8)
        let line = try #require(message.components(separatedBy: "\r\n").first { $0.hasPrefix("Reset token: ") })
        return (String(line.dropFirst("Reset token: ".count)), message)
    }

    @Test func resetThroughTheOutboxIsSingleUse() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            _ = try await client.register("ivy")
            let asked = try await client.json(
                .post, "/api/v1/auth/password-reset", body: PasswordResetRequest(email: "IVY@example.com"))
            #expect(asked.status == .accepted)
            let (token, message) = try tokenFromOutbox(app)
            #expect(message.contains("To: ivy@example.com\r\n"))
            #expect(message.contains("Subject: Reset your SoTube password\r\n"))
            #expect(message.contains("\r\nMessage-ID: <"))
            #expect(message.contains("/#/reset-password?token=\(token)"))

            let confirm = PasswordResetConfirmRequest(token: token, newPassword: "brand-new-password")
            #expect(
                try await client.json(.post, "/api/v1/auth/password-reset/confirm", body: confirm).status == .noContent)
            let again = try await client.json(.post, "/api/v1/auth/password-reset/confirm", body: confirm)
            #expect(again.status == .unprocessableContent)
            #expect(again.problem?.field == "token")
            let login = try await client.json(
                .post, "/api/v1/auth/login", body: LoginRequest(username: "ivy", password: "brand-new-password"))
            #expect(login.status == .ok)
        }
    }

    @Test func resetLinksExpire() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            _ = try await client.register("jack")
            _ = try await client.json(
                .post, "/api/v1/auth/password-reset", body: PasswordResetRequest(email: "jack@example.com"))
            let (token, _) = try tokenFromOutbox(app)
            app.clock.advance(by: 3601)
            let late = try await client.json(
                .post, "/api/v1/auth/password-reset/confirm",
                body: PasswordResetConfirmRequest(token: token, newPassword: "too-late-password"))
            #expect(late.status == .unprocessableContent)
            let login = try await client.json(
                .post, "/api/v1/auth/login", body: LoginRequest(username: "jack", password: "password-jack"))
            #expect(login.status == .ok)
        }
    }

    @Test func unknownEmailGetsTheSameAnswerAndNoMail() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            _ = try await client.register("kate")
            let known = try await client.json(
                .post, "/api/v1/auth/password-reset", body: PasswordResetRequest(email: "kate@example.com"))
            let unknown = try await client.json(
                .post, "/api/v1/auth/password-reset", body: PasswordResetRequest(email: "nobody@example.com"))
            #expect(known.status == unknown.status)
            #expect(known.text == unknown.text)
            let outbox = app.directory.appendingPathComponent("outbox")
            #expect(try FileManager.default.contentsOfDirectory(atPath: outbox.path).count == 1)
        }
    }
}
