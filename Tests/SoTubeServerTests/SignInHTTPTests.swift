import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import SoTubeCore
import Testing

@testable import SoTubeServer

/// The sign-in routes without a provider to talk to (the whole flow against a real OpenID provider is
/// e2e/signin): what a store offers, refusals that never reach the provider, password sign-in turned
/// off, and a trusted proxy's header.
@Suite struct SignInHTTPTests {
    /// A provider on a port nothing listens on: every call to it fails.
    static func withProvider(_ configuration: inout ServerConfiguration) {
        var oidc = OIDCSettings(issuer: "http://127.0.0.1:9", clientID: "sotube", clientSecret: "secret")
        oidc.name = "Keycloak"
        configuration.signIn.oidc = oidc
    }

    @Test func aStoreSaysHowItSignsPeopleIn() async throws {
        try await TestApp.make().run { client in
            let methods = try await client.json(.get, SoTubeRoutes.signInMethods).decode(SignInMethods.self)
            #expect(methods == SignInMethods(localLogin: true, oidc: nil, headerSignIn: false))
            // Without a provider its routes are not there.
            let start = try await client.json(.get, SoTubeRoutes.oidcStart)
            start.expectProblem(.notFound)
            let callback = try await client.json(.get, "/api/v1/auth/oidc/callback?code=c&state=s")
            callback.expectProblem(.notFound)
        }
        try await TestApp.make(configure: Self.withProvider).run { client in
            let methods = try await client.json(.get, SoTubeRoutes.signInMethods).decode(SignInMethods.self)
            #expect(methods.oidc == OIDCMethod(name: "Keycloak", startURL: "/api/v1/auth/oidc/start"))
        }
    }

    @Test func refusalsThatNeverReachTheProvider() async throws {
        try await TestApp.make(configure: Self.withProvider).run { client in
            // The provider is down: a clear 502, not a redirect into nowhere.
            let start = try await client.json(.get, SoTubeRoutes.oidcStart + "?returnTo=/%23/album/1")
            start.expectProblem(.badGateway)
            #expect(start.problem?.detail.contains("cannot be asked") == true)
            // A native app's redirect must be one the store allows, with its challenge.
            let app = try await client.json(.get, SoTubeRoutes.oidcStart + "?redirect=https://evil.example.com/")
            app.expectProblem(.badRequest, field: "redirect")
            let noChallenge = try await client.json(.get, SoTubeRoutes.oidcStart + "?redirect=sotube://auth")
            noChallenge.expectProblem(.badRequest, field: "appChallenge")
            // A state this store never gave: back to the log-in screen with the reason, no session.
            let callback = try await client.json(.get, "/api/v1/auth/oidc/callback?code=c&state=forged")
            #expect(callback.status == .found)
            let location = try #require(callback.headers[.location])
            #expect(location.hasPrefix("/#/login?signInError="))
            #expect(location.removingPercentEncoding?.contains("used already or has expired") == true)
            #expect(callback.headers[values: .setCookie].isEmpty)
            try await client.json(.get, SoTubeRoutes.oidcLink("nope")).expectProblem(.notFound)
            try await client.json(.post, SoTubeRoutes.oidcLink("nope"), body: OIDCLinkRequest(password: "x"))
                .expectProblem(.notFound)
            try await client.json(
                .post, SoTubeRoutes.oidcExchange, body: OIDCExchangeRequest(code: "made-up", verifier: "v")
            ).expectProblem(.badRequest, field: "code")
        }
    }

    @Test func passwordSignInCanBeTurnedOff() async throws {
        let app = try await TestApp.make {
            Self.withProvider(&$0)
            $0.signIn.localLogin = false
        }
        try await app.run { client in
            let methods = try await client.json(.get, SoTubeRoutes.signInMethods).decode(SignInMethods.self)
            #expect(!methods.localLogin)
            let login = try await client.json(
                .post, SoTubeRoutes.login, body: LoginRequest(username: "ann", password: "password-ann"))
            login.expectProblem(.forbidden)
            #expect(login.problem?.detail.contains("sign in with Keycloak") == true)
            try await client.json(
                .post, SoTubeRoutes.register,
                body: RegisterRequest(username: "ann", email: "ann@example.com", password: "password-ann")
            ).expectProblem(.forbidden)
            try await client.json(
                .post, SoTubeRoutes.passwordReset, body: PasswordResetRequest(email: "ann@example.com")
            ).expectProblem(.forbidden)
            #expect(try await app.services.database.accounts.listUsers().isEmpty)
        }
    }

    /// The CLI's way in when password sign-in is off: a link good once.
    @Test func aSignInLinkFromTheServerWorksOnce() async throws {
        let app = try await TestApp.make { $0.signIn.localLogin = false }
        try await app.run { client in
            _ = try await app.services.auth.createUser(
                username: "opal", email: "opal@example.com", password: "password-opal")
            let link = try await app.services.signIn.makeSignInLink(username: "opal")
            let path = try #require(URL(string: link)?.path)
            #expect(path.hasPrefix("/api/v1/auth/links/"))
            await #expect(throws: DomainError.self) { try await app.services.signIn.makeSignInLink(username: "nobody") }
            let first = try await client.json(.get, path)
            #expect(first.status == .found && first.headers[.location] == "/#/store")
            let cookie = try #require(
                first.headers[values: .setCookie].first { $0.hasPrefix(SessionCookies.session + "=") }?
                    .split(separator: ";").first.map(String.init))
            let me = try await client.json(.get, SoTubeRoutes.me, headers: [.cookie: cookie])
            #expect(try me.decode(MeResponse.self).username == "opal")
            let again = try await client.json(.get, path)
            #expect(again.headers[.location]?.hasPrefix("/#/login?signInError=") == true)
            #expect(again.headers[values: .setCookie].isEmpty)
        }
    }

    @Test func aTrustedProxyNamesTheUser() async throws {
        try await TestApp.make {
            $0.trustedProxies = ["unknown"]
            $0.signIn.authHeader = "Remote-User"
        }.run { client in
            let annToken = try await client.register("ann")
            let remote = HTTPField.Name("Remote-User")!
            let email = HTTPField.Name("Remote-Email")!
            let carol = try await client.json(
                .get, SoTubeRoutes.me, headers: [remote: "carol", email: "c@example.com"])
            #expect(carol.status == .ok)
            let me = try carol.decode(MeResponse.self)
            #expect(me.username == "carol" && me.email == "c@example.com" && !me.hasPassword)
            let cookies = carol.headers[values: .setCookie].joined(separator: "\n")
            #expect(cookies.contains(SessionCookies.session + "=") && cookies.contains(SessionCookies.csrf + "="))
            // Again: the same account, not a second one.
            let again = try await client.json(.get, SoTubeRoutes.me, headers: [remote: "carol"])
            #expect(try again.decode(MeResponse.self).id == me.id)
            // An existing account is the proxy's user by its username; its password stays.
            let ann = try await client.json(.get, SoTubeRoutes.me, headers: [remote: "ann"])
            #expect(try ann.decode(MeResponse.self).hasPassword)
            // A bearer token is believed over the header.
            let bearer = try await client.json(.get, SoTubeRoutes.me, token: annToken, headers: [remote: "carol"])
            #expect(try bearer.decode(MeResponse.self).username == "ann")
            // An unsafe request with the header alone could be another site's form: refused.
            let post = try await client.json(
                .post, SoTubeRoutes.appPasswords, body: CreateAppPasswordRequest(label: "x", password: "x"),
                headers: [remote: "carol"])
            post.expectProblem(.forbidden)
            // A name that is not a username here is a clear refusal.
            try await client.json(.get, SoTubeRoutes.me, headers: [remote: "no spaces allowed"])
                .expectProblem(.unprocessableContent)
        }
    }

    /// A player needs an app password; an account without a password proves itself by a recent sign-in.
    @Test func anAccountWithoutAPasswordMakesAppPasswordsAfterARecentSignIn() async throws {
        let app = try await TestApp.make { $0.signIn.authHeader = "Remote-User" }
        try await app.run { client in
            let login = try await app.services.signIn.headerSignIn(username: "dora", email: nil, client: "test")
            let made = try await client.json(
                .post, SoTubeRoutes.appPasswords, body: CreateAppPasswordRequest(label: "DSub", password: ""),
                token: login.token)
            #expect(made.status == .created)
            app.clock.advance(by: 16 * 60)
            let late = try await client.json(
                .post, SoTubeRoutes.appPasswords, body: CreateAppPasswordRequest(label: "Feishin", password: "guess"),
                token: login.token)
            late.expectProblem(.forbidden)
            #expect(late.problem?.type == ProblemType.reauthenticate)
            // An account with a password still needs it.
            let ann = try await client.register("ann")
            try await client.json(
                .post, SoTubeRoutes.appPasswords, body: CreateAppPasswordRequest(label: "DSub", password: ""),
                token: ann
            ).expectProblem(.forbidden)
        }
    }

    /// The web app's first load through the proxy is where the browser gets its session.
    @Test func theShellsFirstLoadSignsInThroughTheProxy() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sotube-shell-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("<!doctype html><title>SoTube</title>".utf8).write(to: folder.appendingPathComponent("index.html"))
        try Data("body{}".utf8).write(to: folder.appendingPathComponent("app.css"))
        try await TestApp.make {
            $0.publicDirectory = folder
            $0.trustedProxies = ["unknown"]
            $0.signIn.authHeader = "Remote-User"
        }.run { client in
            let remote = HTTPField.Name("Remote-User")!
            let shell = try await client.execute(uri: "/", method: .get, headers: [remote: "erin"])
            #expect(shell.status == .ok)
            #expect(shell.headers[values: .setCookie].contains { $0.hasPrefix(SessionCookies.session + "=") })
            // Other files are only files: no account work on each of them.
            let css = try await client.execute(uri: "/app.css", method: .get, headers: [remote: "erin"])
            #expect(css.status == .ok && css.headers[values: .setCookie].isEmpty)
            // Without the header the shell is the guest's.
            #expect(try await client.execute(uri: "/", method: .get).headers[values: .setCookie].isEmpty)
        }
    }

    @Test func theHeaderFromAnyoneElseIsIgnored() async throws {
        try await TestApp.make {
            $0.trustedProxies = ["10.0.0.1"]
            $0.signIn.authHeader = "Remote-User"
        }.run { client in
            let response = try await client.json(
                .get, SoTubeRoutes.me, headers: [HTTPField.Name("Remote-User")!: "carol"])
            response.expectProblem(.unauthorized)
            #expect(response.headers[values: .setCookie].isEmpty)
        }
    }

    @Test func settingsAreReadFromTheEnvironmentAndCheckedAtStart() throws {
        let environment = [
            "SOTUBE_OIDC_ISSUER": "https://id.example.com/realms/home", "SOTUBE_OIDC_CLIENT_ID": "sotube",
            "SOTUBE_OIDC_CLIENT_SECRET": "s3cret", "SOTUBE_OIDC_SCOPES": "profile,email groups",
            "SOTUBE_OIDC_NAME": "Home", "SOTUBE_LOCAL_LOGIN": "off", "SOTUBE_AUTH_HEADER": "Remote-User",
            "SOTUBE_OIDC_OPERATOR_GROUP": "admins",
        ]
        let settings = try SignInSettings.resolve(environment: environment)
        #expect(!settings.localLogin && settings.authHeader == "Remote-User")
        #expect(settings.oidc?.scopes == "openid profile email groups" && settings.oidc?.name == "Home")
        #expect(settings.oidc?.operatorGroup == "admins")
        #expect(throws: ConfigurationError.self) {
            try SignInSettings.resolve(environment: ["SOTUBE_OIDC_ISSUER": "https://id.example.com"])
        }
        #expect(throws: ConfigurationError.self) {
            try SignInSettings.resolve(environment: ["SOTUBE_LOCAL_LOGIN": "maybe"])
        }
        #expect(throws: ConfigurationError.self) {
            try SignInSettings.resolve(environment: ["SOTUBE_AUTH_HEADER": "Remote User"])
        }
        #expect(throws: ConfigurationError.self) {
            var bad = environment
            bad["SOTUBE_OIDC_ISSUER"] = "id.example.com"
            try SignInSettings.resolve(environment: bad)
        }
    }
}
