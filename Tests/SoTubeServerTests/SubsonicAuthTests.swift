import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import SoTubeCore
import Testing

@testable import SoTubeServer

@Suite struct SubsonicAuthTests {
    @Test func credentialsAreReadWithTheirErrorCodes() throws {
        func read(_ query: String) throws -> SubsonicCredentials {
            try SubsonicCredentials.from(SubsonicParameters(SubsonicParameters.parse(query)))
        }
        #expect(try read("apiKey=k") == .apiKey("k"))
        #expect(try read("u=a&t=T&s=S") == .token(username: "a", token: "T", salt: "S"))
        #expect(try read("u=a&p=secret") == .password(username: "a", password: "secret"))
        #expect(try read("u=a&p=enc:736563726574") == .password(username: "a", password: "secret"))
        #expect(try read("u=a&p=enc:5365437265744A") == .password(username: "a", password: "SeCretJ"))
        for (query, code) in [
            ("", 10), ("u=a", 10), ("u=a&t=T", 10), ("p=x", 10), ("apiKey=k&u=a", 43), ("apiKey=k&p=x", 43),
            ("u=a&t=T&s=S&p=x", 43), ("u=a&p=enc:zz", 40), ("u=a&p=enc:7365g3", 40), ("u=a&p=enc:736", 40),
        ] {
            #expect(throws: SubsonicError.self) { try read(query) }
            do { _ = try read(query) } catch let error as SubsonicError { #expect(error.code == code, "\(query)") }
        }
    }

    @Test func secretsAreSealedUnderAKeyDerivedFromTheServerSecret() throws {
        let sealer = SecretSealer.appPasswords(serverSecret: Array(repeating: 7, count: 32))
        let sealed = try sealer.seal("abcdefghijklmnopqrstuvwxyz234567")
        #expect(sealer.open(sealed) == "abcdefghijklmnopqrstuvwxyz234567")
        #expect(!String(decoding: sealed, as: UTF8.self).contains("abcdefghijklmnop"))
        #expect(SecretSealer.appPasswords(serverSecret: Array(repeating: 8, count: 32)).open(sealed) == nil)
        var altered = sealed
        altered[altered.count - 1] ^= 1
        #expect(sealer.open(altered) == nil)
        let secret = AppPasswordRules.secret(from: Array(repeating: 0xFF, count: AppPasswordRules.secretBytes))
        #expect(secret.count == 32 && secret.allSatisfy { $0.isLowercase || $0.isNumber })
    }

    /// Opened secrets are remembered by their sealed bytes, never for a box that does not open, and
    /// forgotten all at once past the limit.
    @Test func openedSecretsAreRememberedOnlyWhenTheyOpen() throws {
        let sealer = SecretSealer.appPasswords(serverSecret: Array(repeating: 7, count: 32))
        let opened = OpenedSecrets(limit: 2)
        let first = try sealer.seal("first")
        let second = try sealer.seal("second")
        let third = try sealer.seal("third")
        #expect(opened.secret(first, sealer: sealer) == Array("first".utf8))
        #expect(opened.secret(first, sealer: sealer) == Array("first".utf8))
        var altered = first
        altered[altered.count - 1] ^= 1
        #expect(opened.secret(altered, sealer: sealer) == nil)
        let other = SecretSealer.appPasswords(serverSecret: Array(repeating: 8, count: 32))
        #expect(opened.secret(second, sealer: other) == nil && opened.count == 1)
        #expect(opened.secret(second, sealer: sealer) == Array("second".utf8) && opened.count == 2)
        #expect(opened.secret(third, sealer: sealer) == Array("third".utf8) && opened.count == 1)
    }

    /// alice owns t1 and t2 (album al1), bob owns t7; each makes an app password through the API.
    func withPlayers(_ body: @escaping @Sendable (any TestClientProtocol, String, String) async throws -> Void)
        async throws
    {
        let app = try await TestApp.withCatalog()
        try await app.run { client in
            let alice = try await client.register("alice")
            let bob = try await client.register("bob")
            try await app.own(["t1", "t2"], username: "alice")
            try await app.own(["t7"], username: "bob")
            let made = try await client.json(
                .post, SoTubeRoutes.appPasswords,
                body: CreateAppPasswordRequest(label: "Phone", password: "password-alice"),
                token: alice)
            #expect(made.status == .created)
            let created = try made.decode(CreatedAppPasswordDTO.self)
            #expect(created.username == "alice" && created.label == "Phone")
            let bobs = try await client.json(
                .post, SoTubeRoutes.appPasswords,
                body: CreateAppPasswordRequest(label: "Tablet", password: "password-bob"),
                token: bob
            ).decode(CreatedAppPasswordDTO.self)
            try await body(client, created.secret, bobs.secret)
        }
    }

    func envelope(_ response: TestResponse) throws -> [String: Any] {
        #expect(response.status == .ok)
        let object = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
        return try #require(object?["subsonic-response"] as? [String: Any])
    }

    func code(_ response: TestResponse) throws -> Int? {
        try (envelope(response)["error"] as? [String: Any])?["code"] as? Int
    }

    @Test func everyWayOfSendingAnAppPasswordWorksAndNothingElseDoes() async throws {
        try await withPlayers { client, secret, _ in
            let salt = "c19b2d"
            let token = Hex.encode(Insecure.MD5.hash(data: Data((secret + salt).utf8)))
            for auth in [
                "apiKey=\(secret)", "u=alice&t=\(token)&s=\(salt)", "u=alice&t=\(token.uppercased())&s=\(salt)",
                "u=Alice&p=\(secret)",
                "u=alice&p=enc:\(Hex.encode(Array(secret.utf8)))",
            ] {
                let response = try await client.execute(
                    uri: "/rest/getAlbumList2?f=json&type=newest&\(auth)", method: .get)
                let body = try envelope(response)
                #expect(body["status"] as? String == "ok", "\(auth)")
                let albums = (body["albumList2"] as? [String: Any])?["album"] as? [[String: Any]]
                #expect(albums?.map { $0["id"] as? String } == ["al1"])
            }
            for (auth, expected) in [
                ("u=alice&p=password-alice", 40), ("u=bob&p=\(secret)", 40), ("apiKey=nope", 44),
                ("apiKey=\(secret)&u=alice", 43), ("", 10), ("u=alice&t=\(token)&s=other", 40),
                ("u=alice&t=zz\(token.dropFirst(2))&s=\(salt)", 40), ("u=alice&t=\(token.dropLast(2))&s=\(salt)", 40),
                ("u=alice&t=\(token)00&s=\(salt)", 40), ("u=alice&t=&s=\(salt)", 10),
            ] {
                let response = try await client.execute(uri: "/rest/getArtists?f=json&\(auth)", method: .get)
                #expect(try code(response) == expected, "\(auth)")
            }
        }
    }

    @Test func aRevokedAppPasswordStopsAtOnceAndTheListNeverShowsSecrets() async throws {
        try await withPlayers { client, secret, _ in
            let login = try await client.json(
                .post, SoTubeRoutes.login, body: LoginRequest(username: "alice", password: "password-alice"))
            let token = try login.decode(AuthResponse.self).token
            let listed = try await client.json(.get, SoTubeRoutes.appPasswords, token: token)
            #expect(!listed.text.contains(secret))
            let passwords = try listed.decode([AppPasswordDTO].self)
            #expect(passwords.map(\.label) == ["Phone"] && passwords[0].lastUsedAt == nil)
            _ = try await client.execute(uri: "/rest/ping?f=json&apiKey=\(secret)", method: .get)
            let used = try await client.json(.get, SoTubeRoutes.appPasswords, token: token).decode(
                [AppPasswordDTO].self)
            #expect(used[0].lastUsedAt != nil)
            let revoked = try await client.json(.delete, SoTubeRoutes.appPassword(passwords[0].id), token: token)
            #expect(revoked.status == .noContent)
            let after = try await client.execute(uri: "/rest/ping?f=json&apiKey=\(secret)", method: .get)
            #expect(try code(after) == 44)
        }
    }

    /// Token authentication answers from memory (issue 35) without letting anything stale through:
    /// a password made or revoked here counts at once; one made on another server sharing the
    /// database (written straight to it) works at once; one revoked there stops within 5 seconds.
    @Test func rememberedTokenChecksFollowMadeAndRevokedPasswords() async throws {
        let app = try await TestApp.withCatalog()
        try await app.run { client in
            let alice = try await client.register("alice")
            func ping(_ secret: String, salt: String = UUID().uuidString) async throws -> Int? {
                let token = Hex.encode(Insecure.MD5.hash(data: Data((secret + salt).utf8)))
                return try code(
                    try await client.execute(uri: "/rest/ping?f=json&u=alice&t=\(token)&s=\(salt)", method: .get))
            }
            func make(_ label: String) async throws -> CreatedAppPasswordDTO {
                try await client.json(
                    .post, SoTubeRoutes.appPasswords,
                    body: CreateAppPasswordRequest(label: label, password: "password-alice"), token: alice
                ).decode(CreatedAppPasswordDTO.self)
            }
            let phone = try await make("Phone")
            #expect(try await ping(phone.secret) == nil)
            // Made here after alice's passwords were remembered: works at once.
            let tablet = try await make("Tablet")
            #expect(try await ping(tablet.secret) == nil)
            // Revoked here: stops at once.
            _ = try await client.json(.delete, SoTubeRoutes.appPassword(tablet.id), token: alice)
            #expect(try await ping(tablet.secret) == 40)
            // Made on another server (straight into the database): works at once.
            let user = try #require(try await app.services.database.accounts.credentials(username: "alice")).user
            let secret = "madeelsewhere0000000000000000000"
            try await app.services.database.appPasswords.create(
                AppPassword(
                    id: "elsewhere", userID: user.id, label: "Car", secretHash: TokenHash.of(secret),
                    sealedSecret: try app.services.appPasswords.sealer.seal(secret), createdAt: app.clock.now(),
                    lastUsedAt: nil))
            #expect(try await ping(secret) == nil)
            // Revoked on another server: remembered for at most 5 seconds.
            _ = try await app.services.database.appPasswords.delete(userID: user.id, id: phone.id)
            #expect(try await ping(phone.secret) == nil)
            app.clock.advance(by: 6)
            #expect(try await ping(phone.secret) == 40)
            #expect(try await ping(secret) == nil)
        }
    }

    @Test func anotherBuyersSongsAreNotFound() async throws {
        try await withPlayers { client, _, bob in
            for uri in [
                "/rest/getSong?id=t1", "/rest/getAlbum?id=al1", "/rest/stream?id=t1", "/rest/download?id=t1",
                "/rest/star?id=t1", "/rest/scrobble?id=t1", "/rest/getCoverArt?id=al1",
            ] {
                let response = try await client.execute(uri: "\(uri)&f=json&apiKey=\(bob)", method: .get)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8", "\(uri)")
                #expect(try code(response) == 70, "\(uri)")
            }
            let mine = try await client.execute(uri: "/rest/search3?f=json&query=&apiKey=\(bob)", method: .get)
            let result = try envelope(mine)["searchResult3"] as? [String: Any]
            #expect((result?["song"] as? [[String: Any]])?.map { $0["id"] as? String } == ["t7"])
        }
    }
}
