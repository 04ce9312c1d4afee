import Foundation
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import SoTubeCore
import Testing

@testable import SoTubeServer

/// Requests that once trapped the whole process (issue 28): each gets an answer, and the app
/// answers the next request too. A trap here ends the test run itself.
@Suite struct TrapInputTests {
    /// An empty or parameter-only `Content-Type` (`Content-Type: ;`) on a JSON route: the media type
    /// was the first piece of an empty split.
    @Test func aJSONRouteWithAnEmptyMediaTypeAnswers415() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            for value in [";", " ; ", "", ";;", ";charset=utf-8", "application/json;;charset"] {
                let response = try await client.execute(
                    uri: "/api/v1/auth/login", method: .post, headers: [.contentType: value],
                    body: ByteBuffer(string: #"{"username":"lena","password":"password-1"}"#))
                let expected: HTTPResponse.Status =
                    value.hasPrefix("application/json") ? .unauthorized : .unsupportedMediaType
                #expect(response.status == expected, "Content-Type: '\(value)'")
                #expect(response.headers[.contentType] == "application/problem+json")
            }
            #expect(try await client.execute(uri: "/healthz", method: .get).status == .ok)
        }
    }

    @Test func emptyMediaTypesAreNotJSON() {
        for value in [";", " ; ", "", ";;", " "] { #expect(!Request.isJSON(value), "'\(value)'") }
        #expect(Request.isJSON("application/json;;charset"))
    }

    /// `?t=` with a moment past the largest integer: the page plays from the start.
    @Test func aSharePageWithAHugeMomentStartsAtZero() async throws {
        let root = try MediaControllerSeamTests.mediaFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = InMemoryCatalog(prices: [10])
        let media = await MediaControllerSeamTests.media(catalog, root: root)
        try await withSeam({
            SharePageController(
                catalog: catalog, media: media,
                base: PageBase(publicBaseURL: nil, fallbackBaseURL: "http://localhost:8080")
            ).register(on: RouteRegistrar($0))
        }) { client in
            for moment in ["1e19", "1e308", "-1e19", "9223372036854775808", "NaN", "inf", "-0"] {
                let response = try await client.execute(uri: "/song/t1?t=\(moment)", method: .get)
                #expect(response.status == .ok, "t=\(moment)")
                #expect(!String(buffer: response.body).contains("#t="), "t=\(moment)")
            }
            let fine = try await client.execute(uri: "/song/t1?t=5", method: .get)
            #expect(String(buffer: fine.body).contains("#t=5"))
        }
    }
}
