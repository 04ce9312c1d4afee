import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import SoTubeCore
import Testing

/// What a caller's answers and cookies must not leak: JSON that depends on who asks is never
/// stored by a cache, and cookies set over TLS are sent over TLS only.
@Suite struct PrivateResponseTests {
    @Test func apiAnswersWithoutTheirOwnCacheControlAreNotStored() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let token = try await client.register("nina")
            for path in [
                SoTubeRoutes.me, SoTubeRoutes.wallet, SoTubeRoutes.walletHistory, SoTubeRoutes.purchases,
                SoTubeRoutes.favourites, SoTubeRoutes.recentlyPlayed, SoTubeRoutes.librarySongs,
                SoTubeRoutes.libraryAlbums, SoTubeRoutes.searchHistory,
            ] {
                let response = try await client.json(.get, path, token: token)
                #expect(response.status == .ok, "\(path)")
                #expect(response.headers[.cacheControl] == "no-store", "\(path)")
            }
            let anonymous = try await client.json(.get, SoTubeRoutes.me)
            #expect(anonymous.status == .unauthorized && anonymous.headers[.cacheControl] == "no-store")
            let login = try await client.json(
                .post, SoTubeRoutes.login, body: LoginRequest(username: "nina", password: "password-nina"))
            #expect(login.status == .ok && login.headers[.cacheControl] == "no-store")
        }
    }

    @Test func sessionCookiesAreSecureWhenATrustedProxySaysTLS() async throws {
        // The in-process test client has no channel: its peer address is "unknown".
        let app = try await TestApp.make { $0.trustedProxies = ["unknown"] }
        try await app.run { client in
            let https: HTTPFields = [HTTPField.Name("X-Forwarded-Proto")!: "https"]
            let registered = try await client.json(
                .post, SoTubeRoutes.register,
                body: RegisterRequest(username: "tess", email: "tess@example.com", password: "password-tess"),
                headers: https)
            #expect(registered.status == .created)
            let secure = registered.headers[values: .setCookie]
            #expect(secure.count == 3)  // the session, its CSRF token, the remembered device
            #expect(secure.allSatisfy { $0.contains("Secure") }, "\(secure)")

            let plain = try await client.json(
                .post, SoTubeRoutes.login, body: LoginRequest(username: "tess", password: "password-tess"))
            let cookies = plain.headers[values: .setCookie]
            #expect(cookies.count == 3 && !cookies.contains { $0.contains("Secure") }, "\(cookies)")

            let token = try registered.decode(AuthResponse.self).token
            let logout = try await client.json(.post, SoTubeRoutes.logout, token: token, headers: https)
            #expect(logout.status == .noContent)
            let cleared = logout.headers[values: .setCookie]
            #expect(cleared.count == 2 && cleared.allSatisfy { $0.contains("Secure") }, "\(cleared)")
        }
    }

    @Test func anUntrustedClientCannotClaimTLS() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let response = try await client.json(
                .post, SoTubeRoutes.register,
                body: RegisterRequest(username: "ugo", email: "ugo@example.com", password: "password-ugo"),
                headers: [HTTPField.Name("X-Forwarded-Proto")!: "https"])
            let cookies = response.headers[values: .setCookie]
            #expect(cookies.count == 3 && !cookies.contains { $0.contains("Secure") }, "\(cookies)")
        }
    }
}
