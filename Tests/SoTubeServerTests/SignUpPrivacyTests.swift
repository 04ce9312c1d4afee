import Foundation
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import SoTubeCore
import Testing

@testable import SoTubeServer

/// A sign-up does not tell whether an email address has an account (issue 28): a known address
/// gets the same answer as a new one, but nothing is made, and its owner is mailed instead.
@Suite struct SignUpPrivacyTests {
    func signUp(_ client: some TestClientProtocol, _ username: String, _ email: String) async throws -> TestResponse {
        try await client.json(
            .post, SoTubeRoutes.register,
            body: RegisterRequest(username: username, email: email, password: "password-\(username)"))
    }

    /// The answer's JSON keys, the user's among them, as a shape to compare.
    func shape(_ response: TestResponse) throws -> [String] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
        let user = try #require(object["user"] as? [String: Any])
        return (object.keys.map { $0 } + user.keys.map { "user." + $0 }).sorted()
    }

    /// The cookie names a response sets.
    func cookieNames(_ response: TestResponse) -> [String] {
        response.headers[values: .setCookie].map { String($0.prefix { $0 != "=" }) }.sorted()
    }

    @Test func aKnownAddressIsAnsweredLikeANewOneAndItsOwnerIsMailed() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let new = try await signUp(client, "ann", "ann@example.com")
            #expect(new.status == .created)
            let known = try await signUp(client, "mallory", " ANN@example.com")
            #expect(known.status == .created)
            #expect(try shape(known) == (try shape(new)))
            #expect(cookieNames(known) == cookieNames(new))
            let answered = try known.decode(AuthResponse.self)
            #expect(answered.user.username == "mallory" && answered.user.email == "ANN@example.com")
            // Nothing was made: the token opens no session, and the username is still free.
            try await client.json(.get, SoTubeRoutes.me, token: answered.token).expectProblem(.unauthorized)
            #expect(try await app.services.database.accounts.listUsers().map(\.username) == ["ann"])
            // The address's owner hears of it.
            let mail = try #require(try await PasswordResetTests.mails(app, containing: "Someone tried").last)
            let message = try String(contentsOfFile: mail, encoding: .utf8)
            #expect(message.contains("To: ann <ann@example.com>\r\n"))
            #expect(message.contains("Subject: Someone tried to sign up at SoTube with your address\r\n"))
            #expect(message.contains("username \"mallory\""))
            #expect(message.contains("/#/forgot"))
            #expect(try await signUp(client, "mallory", "mallory@example.com").status == .created)
        }
    }

    @Test func aTakenUsernameStillSaysSo() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            _ = try await client.register("ann")
            try await signUp(client, "ANN", "ann@example.com").expectProblem(.conflict, field: "username")
            try await signUp(client, "ann", "other@example.com").expectProblem(.conflict, field: "username")
        }
    }
}
