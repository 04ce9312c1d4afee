import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import SoTubeCore
import Testing

@Suite struct PurchaseHTTPTests {
    @Test func buyingASongChargesOnceAndARetryAnswersTheSame() async throws {
        let app = try await TestApp.make()
        let tracks = try await CommerceFixture.album(app, "a1", prices: [30, 10])
        try await app.run { client in
            let token = try await client.register("alice")
            try await CommerceFixture.grant(app, "alice", 100)

            let first = try await client.buy(
                PurchaseRequest(trackId: tracks[0]), key: "key-1", token: token)
            #expect(first.status == .created)
            let result = try first.decode(PurchaseResultDTO.self)
            #expect(
                result.coins == 70 && result.purchase.coins == 30 && result.purchase.balanceAfter == 70)
            #expect(result.purchase.kind == .track && result.purchase.trackIds == [tracks[0]])
            #expect(result.purchase.title == "Song 1")

            let retry = try await client.buy(
                PurchaseRequest(trackId: tracks[0]), key: "key-1", token: token)
            #expect(retry.status == .created)
            #expect(try retry.decode(PurchaseResultDTO.self) == result)
            #expect(retry.headers[HTTPField.Name("Idempotent-Replayed")!] == "true")
            #expect(try await client.wallet(token).coins == 70)

            let reused = try await client.buy(
                PurchaseRequest(trackId: tracks[1]), key: "key-1", token: token)
            #expect(reused.status == .unprocessableContent)
            #expect(reused.problem?.field == "Idempotency-Key")

            let owned = try await client.buy(
                PurchaseRequest(trackId: tracks[0]), key: "key-2", token: token)
            #expect(owned.status == .conflict)
            #expect(owned.headers[.contentType] == "application/problem+json")
            #expect(try await client.wallet(token).coins == 70)

            let list = try await client.json(.get, "/api/v1/purchases", token: token).decode(
                PurchaseListDTO.self)
            #expect(list.purchases == [result.purchase])
            let me = try await client.json(.get, "/api/v1/me", token: token)
            #expect(me.text.contains("\"ownedCount\":1"))
        }
    }

    @Test func notEnoughCoinsIs402WithMissingCoins() async throws {
        let app = try await TestApp.make()
        let tracks = try await CommerceFixture.album(app, "a1", prices: [25])
        try await app.run { client in
            let token = try await client.register("bob")
            try await CommerceFixture.grant(app, "bob", 10)
            let response = try await client.buy(
                PurchaseRequest(trackId: tracks[0]), key: "k", token: token)
            #expect(response.status.code == 402)
            #expect(response.problem?.missingCoins == 15)
            #expect(response.headers[.contentType] == "application/problem+json")
            #expect(try await client.wallet(token).coins == 10)
            #expect(
                try await client.json(.get, "/api/v1/purchases", token: token).decode(PurchaseListDTO.self)
                    .purchases.isEmpty)
        }
    }

    @Test func badPurchaseRequestsAreProblems() async throws {
        let app = try await TestApp.make()
        let tracks = try await CommerceFixture.album(app, "a1", prices: [5])
        try await app.run { client in
            let token = try await client.register("carol")
            try await CommerceFixture.grant(app, "carol", 100)

            let anonymous = try await client.buy(
                PurchaseRequest(trackId: tracks[0]), key: "k", token: "not-a-token")
            #expect(anonymous.status == .unauthorized)

            let noKey = try await client.buy(PurchaseRequest(trackId: tracks[0]), key: nil, token: token)
            #expect(noKey.status == .unprocessableContent)
            #expect(noKey.problem?.field == "Idempotency-Key")

            let both = try await client.buy(
                PurchaseRequest(trackId: tracks[0], albumId: "a1"), key: "k1", token: token)
            #expect(both.status == .unprocessableContent && both.problem?.field == "trackId")
            let neither = try await client.buy(PurchaseRequest(), key: "k2", token: token)
            #expect(neither.status == .unprocessableContent)

            let unknownTrack = try await client.buy(
                PurchaseRequest(trackId: "nope"), key: "k3", token: token)
            #expect(unknownTrack.status == .notFound)
            let unknownAlbum = try await client.buy(
                PurchaseRequest(albumId: "nope"), key: "k4", token: token)
            #expect(unknownAlbum.status == .notFound)

            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            headers[.authorization] = "Bearer \(token)"
            headers[HTTPField.Name("Idempotency-Key")!] = "k5"
            let malformed = try await client.execute(
                uri: "/api/v1/purchases", method: .post, headers: headers,
                body: ByteBuffer(string: "{trackId"))
            #expect(malformed.status == .badRequest)
            let wrongType = try await client.execute(
                uri: "/api/v1/purchases", method: .post, headers: headers,
                body: ByteBuffer(string: "{\"trackId\":5}"))
            #expect(wrongType.status == .unprocessableContent)

            #expect(try await client.wallet(token).coins == 100)
            let unauthorizedList = try await client.json(.get, "/api/v1/purchases")
            #expect(unauthorizedList.status == .unauthorized)
        }
    }

    @Test func anAlbumChargesTheBundleForUnownedSongsOnly() async throws {
        let app = try await TestApp.make()
        let tracks = try await CommerceFixture.album(app, "a1", prices: [10, 10, 20, 40])
        try await app.run { client in
            let token = try await client.register("dave")
            try await CommerceFixture.grant(app, "dave", 200)
            _ = try await client.buy(PurchaseRequest(trackId: tracks[3]), key: "song", token: token)
            let album = try await client.buy(PurchaseRequest(albumId: "a1"), key: "album", token: token)
            #expect(album.status == .created)
            let result = try album.decode(PurchaseResultDTO.self)
            // Bundle 64 (80 % of 80) scaled to the unowned 40 of 80 coins of songs.
            #expect(result.purchase.coins == 32)
            #expect(result.purchase.kind == .album && result.purchase.albumId == "a1")
            #expect(result.purchase.trackIds == Array(tracks[0..<3]))
            #expect(result.coins == 200 - 40 - 32)
            let again = try await client.buy(PurchaseRequest(albumId: "a1"), key: "album-2", token: token)
            #expect(again.status == .conflict)
        }
    }

    @Test func aCookieSessionNeedsItsOwnCSRFTokenToBuy() async throws {
        let app = try await TestApp.make()
        let tracks = try await CommerceFixture.album(app, "a1", prices: [5])
        try await app.run { client in
            let registered = try await client.json(
                .post, "/api/v1/auth/register",
                body: RegisterRequest(username: "erin", email: "erin@example.com", password: "password-erin"))
            let token = try registered.decode(AuthResponse.self).token
            let cookies = registered.headers[values: .setCookie]
            let csrf = try #require(
                cookies.first { $0.hasPrefix("sotube_csrf=") }?.dropFirst("sotube_csrf=".count)
                    .prefix { $0 != ";" })
            try await CommerceFixture.grant(app, "erin", 10)
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            headers[HTTPField.Name("Idempotency-Key")!] = "k"
            let body = ByteBuffer(string: "{\"trackId\":\"\(tracks[0])\"}")
            func buy(csrfCookie: String, header: String?) async throws -> TestResponse {
                var headers = headers
                headers[.cookie] = "sotube_session=\(token); sotube_csrf=\(csrfCookie)"
                if let header { headers[HTTPField.Name("X-CSRF-Token")!] = header }
                return try await client.execute(uri: "/api/v1/purchases", method: .post, headers: headers, body: body)
            }
            try await buy(csrfCookie: String(csrf), header: nil).expectProblem(.forbidden)
            // A cookie pair planted by another site matches itself but not the session.
            try await buy(csrfCookie: "abc", header: "abc").expectProblem(.forbidden)
            #expect(try await client.wallet(token).coins == 10)
            #expect(try await buy(csrfCookie: String(csrf), header: String(csrf)).status == .created)
        }
    }
}
