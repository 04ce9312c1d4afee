import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import Testing

@testable import SoTubeServer

/// The web app's folder behind `SafePathMiddleware`: no control characters in a path, no redirect to
/// `//another-host`.
@Suite struct StaticPathTests {
    /// A TestApp serving a small web app folder: `app.js`, `index.html` and `js/x.js`.
    static func appWithPublicFolder() async throws -> (TestApp, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sotube-public-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("js"), withIntermediateDirectories: true)
        try Data("console.log(1)".utf8).write(to: folder.appendingPathComponent("app.js"))
        try Data("<!doctype html>".utf8).write(to: folder.appendingPathComponent("index.html"))
        try Data("export {}".utf8).write(to: folder.appendingPathComponent("js/x.js"))
        let app = try await TestApp.make { $0.publicDirectory = folder }
        return (app, folder)
    }

    @Test func pathsWithControlCharactersAreRefused() async throws {
        let (app, folder) = try await Self.appWithPublicFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await app.run { client in
            #expect(try await client.execute(uri: "/app.js", method: .get).status == .ok)
            for path in [
                "/app.js%00.html", "/app.js%00", "/js/x.js%0a", "/app.js%1B.html", "/app.js%7f", "/%C2%85js",
                "/api/v1/tracks/a%00b",
            ] {
                let response = try await client.execute(uri: path, method: .get)
                #expect(response.status == .badRequest, "\(path)")
                #expect(response.headers[.contentType] == "application/problem+json", "\(path)")
                #expect(response.problem?.detail.contains("control character") == true, "\(path)")
            }
        }
    }

    @Test func leadingSlashesAreCollapsedSoNoRedirectLeavesTheHost() async throws {
        let (app, folder) = try await Self.appWithPublicFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await app.run { client in
            for path in ["//js", "///js", "/%2Fjs", "/%2f/js", "/\\js", "/%5Cjs"] {
                let response = try await client.execute(uri: path, method: .get)
                let location = response.headers[.location]
                #expect(
                    location.map { !$0.hasPrefix("//") && !$0.hasPrefix("/\\") } ?? true, "\(path) → \(location ?? "")")
                if let location { #expect(location == "/js/", "\(path)") }
            }
            #expect(try await client.execute(uri: "//app.js", method: .get).text == "console.log(1)")
            #expect(try await client.execute(uri: "//js/x.js", method: .get).text == "export {}")
            #expect(try await client.execute(uri: "//healthz", method: .get).status == .ok)
        }
    }

    @Test func collapsingKeepsTheRestOfTheTarget() {
        #expect(SafePathMiddleware.collapsingLeadingSlashes("/js") == nil)
        #expect(SafePathMiddleware.collapsingLeadingSlashes("//js?a=//b") == "/js?a=//b")
        #expect(SafePathMiddleware.collapsingLeadingSlashes("/%2F%5c/x//y") == "/x//y")
        #expect(
            SafePathMiddleware.holdsControlCharacter("/a%00") && !SafePathMiddleware.holdsControlCharacter("/a%20b"))
        #expect(!SafePathMiddleware.holdsControlCharacter("/%zz%"))
    }

    @Test func aMethodTheAddressDoesNotTakeIs405WithAllow() async throws {
        let (app, folder) = try await Self.appWithPublicFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await app.run { client in
            let wrong = try await client.execute(uri: "/api/v1/tracks/abc", method: .delete)
            #expect(wrong.status == .methodNotAllowed)
            #expect(wrong.headers[.allow] == "GET, HEAD")
            #expect(wrong.headers[.contentType] == "application/problem+json")
            let favourite = try await client.execute(uri: "/api/v1/me/favourites/tracks/abc", method: .post)
            #expect(favourite.headers[.allow] == "DELETE, PUT")
            // An address no route has, and a route's own method, keep their answers.
            #expect(try await client.execute(uri: "/api/v1/nothing-here", method: .delete).status == .notFound)
            #expect(try await client.execute(uri: "/api/v1/tracks/abc", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/app.js", method: .get).status == .ok)
        }
    }
}
