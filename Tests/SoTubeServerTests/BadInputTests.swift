import Foundation
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import Testing

/// Bad input gets a problem document with the right 4xx status and changes nothing.
@Suite struct BadInputTests {
    func post(_ client: any TestClientProtocol, _ uri: String, raw: String) async throws -> TestResponse {
        try await client.execute(
            uri: uri, method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: raw))
    }

    func expectProblem(_ response: TestResponse, _ status: HTTPResponse.Status, field: String? = nil) throws {
        #expect(response.status == status)
        #expect(response.headers[.contentType] == "application/problem+json")
        let problem = try #require(response.problem)
        #expect(problem.status == Int(status.code))
        #expect(!problem.detail.isEmpty)
        if let field { #expect(problem.field == field) }
    }

    @Test func malformedMissingAndMistypedBodies() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let register = "/api/v1/auth/register"
            try expectProblem(try await post(client, register, raw: "{\"username\": \"x\""), .badRequest)
            try expectProblem(try await post(client, register, raw: ""), .badRequest)
            try expectProblem(
                try await post(client, register, raw: #"{"username":"lena","password":"password-1"}"#),
                .unprocessableContent, field: "email")
            try expectProblem(
                try await post(
                    client, register, raw: #"{"username":42,"email":"l@example.com","password":"password-1"}"#),
                .unprocessableContent, field: "username")
            try expectProblem(
                try await post(
                    client, register, raw: #"{"username":"lena","email":"not-an-email","password":"password-1"}"#),
                .unprocessableContent, field: "email")
            try expectProblem(
                try await post(
                    client, register, raw: #"{"username":"lena","email":"l@example.com","password":"short"}"#),
                .unprocessableContent, field: "password")
            try expectProblem(
                try await post(
                    client, register, raw: #"{"username":"a b","email":"l@example.com","password":"password-1"}"#),
                .unprocessableContent, field: "username")
            try expectProblem(
                try await post(client, "/api/v1/auth/login", raw: #"{"username":"lena","password":null}"#),
                .unprocessableContent, field: "password")
            #expect(try await app.services.database.accounts.listUsers().isEmpty)
        }
    }

    /// A NUL or another control character in an address would truncate it (`/me`, the reset mail).
    @Test func emailsWithControlCharactersAreRefused() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            for email in [
                #"nul\u0000x@example.com"#, #"x@example.com\u0000"#, #"x\u001b@example.com"#, #"x\u007f@example.com"#,
            ] {
                try expectProblem(
                    try await post(
                        client, "/api/v1/auth/register",
                        raw: #"{"username":"lena","email":""# + email + #"","password":"password-1"}"#),
                    .unprocessableContent, field: "email")
            }
            #expect(try await app.services.database.accounts.listUsers().isEmpty)
        }
    }

    @Test func tenMegabyteBodyIsRefused() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let big =
                #"{"username":"mike","email":"m@example.com","password":""#
                + String(repeating: "x", count: 10 * 1024 * 1024) + "\"}"
            try expectProblem(try await post(client, "/api/v1/auth/register", raw: big), .contentTooLarge)
            #expect(try await app.services.database.accounts.listUsers().isEmpty)
        }
    }

    @Test func unknownRoutesAndMissingAuth() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            try expectProblem(try await client.execute(uri: "/api/v1/nothing-here", method: .get), .notFound)
            try expectProblem(try await client.execute(uri: "/api/v1/me", method: .get), .unauthorized)
            try expectProblem(
                try await client.execute(uri: "/api/v1/me", method: .get, headers: [.authorization: "Bearer forged"]),
                .unauthorized)
            try expectProblem(try await client.json(.post, "/api/v1/auth/logout"), .unauthorized)
        }
    }
}
