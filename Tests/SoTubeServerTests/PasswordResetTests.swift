import Foundation
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import Testing

@Suite struct PasswordResetTests {
    /// The outbox's messages once there are `count` of them (mail is sent after the answer), only
    /// those holding `containing` when it is given (notices may be written beside resets).
    static func mails(_ app: TestApp, count: Int = 1, containing: String? = nil) async throws -> [String] {
        let outbox = app.directory.appendingPathComponent("outbox")
        for _ in 0..<100 {
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: outbox.path)) ?? [])
                .filter { $0.hasSuffix(".eml") }.sorted().map { outbox.appendingPathComponent($0).path }
                .filter { path in
                    containing.map { (try? String(contentsOfFile: path, encoding: .utf8))?.contains($0) == true }
                        ?? true
                }
            if files.count >= count { return files }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("no mail in the outbox after 5 s")
        return []
    }

    /// The reset token written in the newest outbox message.
    func tokenFromOutbox(_ app: TestApp, count: Int = 1) async throws -> (token: String, message: String) {
        let files = try await Self.mails(app, count: count, containing: "Reset token: ")
        let message = try String(contentsOfFile: try #require(files.last), encoding: .utf8)
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
            let (token, message) = try await tokenFromOutbox(app)
            #expect(message.contains("To: ivy <ivy@example.com>\r\n"))
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
            let (token, _) = try await tokenFromOutbox(app)
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
            #expect(try await Self.mails(app).count == 1)
            try await Task.sleep(for: .milliseconds(300))
            #expect(try await Self.mails(app).count == 1)
        }
    }
}
