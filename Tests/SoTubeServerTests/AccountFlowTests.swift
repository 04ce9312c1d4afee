import Foundation
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import Testing

@testable import SoTubeServer

@Suite struct AccountFlowTests {
    @Test func registerLoginMeChangePasswordLogout() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let registered = try await client.json(
                .post, "/api/v1/auth/register",
                body: RegisterRequest(username: "alice", email: "alice@example.com", password: "first-password"))
            #expect(registered.status == .created)
            let first = try registered.decode(AuthResponse.self)
            #expect(first.user.username == "alice")
            #expect(first.user.coins == 0)

            let login = try await client.json(
                .post, "/api/v1/auth/login", body: LoginRequest(username: "ALICE", password: "first-password"))
            #expect(login.status == .ok)
            let second = try login.decode(AuthResponse.self).token
            #expect(second != first.token)

            let me = try await client.json(.get, "/api/v1/me", token: second)
            #expect(me.status == .ok)
            let body = try me.decode(MeResponse.self)
            #expect(body.username == "alice")
            #expect(body.email == "alice@example.com")
            #expect(body.ownedCount == 0)
            #expect(body.landing == .store)

            let changed = try await client.json(
                .put, "/api/v1/me/password",
                body: ChangePasswordRequest(currentPassword: "first-password", newPassword: "second-password"),
                token: second)
            #expect(changed.status == .noContent)
            // The other session (from register) ends; the one that changed the password stays.
            #expect(try await client.json(.get, "/api/v1/me", token: first.token).status == .unauthorized)
            #expect(try await client.json(.get, "/api/v1/me", token: second).status == .ok)
            // The old password no longer works, the new one does.
            let old = try await client.json(
                .post, "/api/v1/auth/login", body: LoginRequest(username: "alice", password: "first-password"))
            #expect(old.status == .unauthorized)
            #expect(old.problem?.status == 401)
            let fresh = try await client.json(
                .post, "/api/v1/auth/login", body: LoginRequest(username: "alice", password: "second-password"))
            #expect(fresh.status == .ok)

            #expect(try await client.json(.post, "/api/v1/auth/logout", token: second).status == .noContent)
            let after = try await client.json(.get, "/api/v1/me", token: second)
            #expect(after.status == .unauthorized)
            #expect(after.headers[.contentType] == "application/problem+json")
        }
    }

    @Test func changePasswordNeedsTheCurrentOne() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let token = try await client.register("bob")
            let wrong = try await client.json(
                .put, "/api/v1/me/password",
                body: ChangePasswordRequest(currentPassword: "not-it-at-all", newPassword: "another-password"),
                token: token)
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.problem?.field == "currentPassword")
            let login = try await client.json(
                .post, "/api/v1/auth/login", body: LoginRequest(username: "bob", password: "password-bob"))
            #expect(login.status == .ok)
        }
    }

    @Test func changeUsernameChecksTheOldOneAndUniqueness() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let token = try await client.register("carol")
            _ = try await client.register("dave")
            let wrongOld = try await client.json(
                .put, "/api/v1/me/username", body: ChangeUsernameRequest(oldUsername: "dave", newUsername: "caroline"),
                token: token)
            #expect(wrongOld.status == .unprocessableContent)
            #expect(wrongOld.problem?.field == "oldUsername")
            let taken = try await client.json(
                .put, "/api/v1/me/username", body: ChangeUsernameRequest(oldUsername: "carol", newUsername: "DAVE"),
                token: token)
            #expect(taken.status == .conflict)
            let ok = try await client.json(
                .put, "/api/v1/me/username", body: ChangeUsernameRequest(oldUsername: "carol", newUsername: "caroline"),
                token: token)
            #expect(ok.status == .ok)
            #expect(try ok.decode(UserDTO.self).username == "caroline")
            let login = try await client.json(
                .post, "/api/v1/auth/login", body: LoginRequest(username: "caroline", password: "password-carol"))
            #expect(login.status == .ok)
        }
    }

    @Test func theDisplayNameIsTrimmedLimitedAndBlankMeansTheUsername() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let token = try await client.register("erin")
            let set = try await client.json(
                .put, "/api/v1/me/display-name", body: ChangeDisplayNameRequest(displayName: "  Erin Lee  "),
                token: token)
            #expect(set.status == .ok)
            #expect(try set.decode(UserDTO.self).displayName == "Erin Lee")
            #expect(
                try await client.json(.get, "/api/v1/me", token: token).decode(MeResponse.self).displayName
                    == "Erin Lee")
            for bad in [String(repeating: "é", count: 65), "Erin\u{7}Lee"] {
                let refused = try await client.json(
                    .put, "/api/v1/me/display-name", body: ChangeDisplayNameRequest(displayName: bad), token: token)
                #expect(refused.status == .unprocessableContent)
                #expect(refused.problem?.field == "displayName")
            }
            #expect(
                try await client.json(.get, "/api/v1/me", token: token).decode(MeResponse.self).displayName
                    == "Erin Lee")
            let blank = try await client.json(
                .put, "/api/v1/me/display-name", body: ChangeDisplayNameRequest(displayName: " "), token: token)
            #expect(try blank.decode(UserDTO.self).displayName == "erin")
            let guest = try await client.json(
                .put, "/api/v1/me/display-name", body: ChangeDisplayNameRequest(displayName: "Mallory"))
            #expect(guest.status == .unauthorized)
        }
    }

    @Test func aDuplicateUsernameIsAConflictAndADuplicateEmailMakesNothing() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            _ = try await client.register("erin")
            let sameName = try await client.json(
                .post, "/api/v1/auth/register",
                body: RegisterRequest(username: "Erin", email: "other@example.com", password: "password-x1"))
            #expect(sameName.status == .conflict)
            #expect(sameName.problem?.field == "username")
            let sameEmail = try await client.json(
                .post, "/api/v1/auth/register",
                body: RegisterRequest(username: "erin2", email: "ERIN@example.com", password: "password-x1"))
            // A known address is not told apart (SignUpPrivacyTests): answered alike, nothing made.
            #expect(sameEmail.status == .created)
            #expect(try await app.services.database.accounts.listUsers().count == 1)
        }
    }

    @Test func repeatedFailedLoginsAreRefusedWith429() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            _ = try await client.register("frank")
            for _ in 0..<5 {
                let response = try await client.json(
                    .post, "/api/v1/auth/login", body: LoginRequest(username: "frank", password: "guess-guess"))
                #expect(response.status == .unauthorized)
            }
            let refused = try await client.json(
                .post, "/api/v1/auth/login", body: LoginRequest(username: "frank", password: "password-frank"))
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers[.retryAfter] != nil)
            #expect((refused.problem?.retryAfter ?? 0) > 0)
            // After the window the right password works again.
            app.clock.advance(by: 301)
            let allowed = try await client.json(
                .post, "/api/v1/auth/login", body: LoginRequest(username: "frank", password: "password-frank"))
            #expect(allowed.status == .ok)
        }
    }

    @Test func sessionsExpireUnlessRemembered() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            _ = try await client.register("gina")
            let short = try await client.json(
                .post, "/api/v1/auth/login", body: LoginRequest(username: "gina", password: "password-gina"))
            let long = try await client.json(
                .post, "/api/v1/auth/login",
                body: LoginRequest(username: "gina", password: "password-gina", remember: true))
            // A remembered session's cookie persists (Max-Age); a plain one is a browser-session cookie.
            let longCookie = long.headers[values: .setCookie].first { $0.hasPrefix("sotube_session=") } ?? ""
            let shortCookie = short.headers[values: .setCookie].first { $0.hasPrefix("sotube_session=") } ?? ""
            #expect(longCookie.contains("Max-Age=2592000"))
            #expect(longCookie.contains("HttpOnly"))
            #expect(!shortCookie.contains("Max-Age"))
            app.clock.advance(by: 13 * 3600)
            let shortToken = try short.decode(AuthResponse.self).token
            let longToken = try long.decode(AuthResponse.self).token
            #expect(try await client.json(.get, "/api/v1/me", token: shortToken).status == .unauthorized)
            #expect(try await client.json(.get, "/api/v1/me", token: longToken).status == .ok)
        }
    }

    @Test func cookieSessionsNeedTheCSRFHeaderForChanges() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            _ = try await client.register("hank")
            let login = try await client.json(
                .post, "/api/v1/auth/login", body: LoginRequest(username: "hank", password: "password-hank"))
            let cookies = login.headers[values: .setCookie].map { $0.split(separator: ";")[0] }
            let csrf = cookies.first { $0.hasPrefix("sotube_csrf=") }.map { String($0.dropFirst("sotube_csrf=".count)) }
            let cookieHeader = cookies.joined(separator: "; ")
            let me = try await client.execute(uri: "/api/v1/me", method: .get, headers: [.cookie: cookieHeader])
            #expect(me.status == .ok)
            let body = ChangeUsernameRequest(oldUsername: "hank", newUsername: "henry")
            let forged = try await client.json(
                .put, "/api/v1/me/username", body: body, headers: [.cookie: cookieHeader])
            #expect(forged.status == .forbidden)
            #expect(try await app.services.database.accounts.credentials(username: "hank") != nil)
            var headers: HTTPFields = [.cookie: cookieHeader]
            headers[SessionCookies.csrfHeader] = csrf ?? ""
            let real = try await client.json(.put, "/api/v1/me/username", body: body, headers: headers)
            #expect(real.status == .ok)
        }
    }
}
