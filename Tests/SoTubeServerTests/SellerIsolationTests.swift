import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import SoTubeCore
import SoTubeServer
import SoTubeTestFixtures
import Testing

/// No seller reaches another's releases, songs, drafts, uploads or codes: every artist-area route that
/// names one (walked from the route table) answers 404 to another seller and changes nothing.
@Suite struct SellerIsolationTests {
    @Test func everyArtistRouteWithAnIdAnswersAnotherSeller404() async throws {
        let app = try await TestApp.make()
        let songs = try await CommerceFixture.album(app, "a1", prices: [5])
        try await CommerceFixture.album(app, "a2", prices: [5])
        try await app.run { client in
            let boss = try await ConsoleHTTPTests.operatorToken(client, app)
            let ada = try await SellerHTTPTests.invitedSeller(
                client, boss: boss, username: "ada", artists: ["Artist a1"])
            let bob = try await SellerHTTPTests.invitedSeller(
                client, boss: boss, username: "bob", artists: ["Artist a2"])
            let artist = try await client.json(.get, "/api/v1/artist/overview", token: ada)
                .decode(SellerOverviewDTO.self).artists[0]
            let draft = try await client.json(
                .post, "/api/v1/artist/drafts", body: DraftCreateRequest(artistId: artist.id, title: "Ada's"),
                token: ada
            ).decode(DraftDTO.self)
            let upload = try await client.json(
                .post, "/api/v1/artist/drafts/\(draft.id)/uploads",
                body: UploadStartRequest(fileName: "a.mp3", size: 10, kind: "audio"), token: ada
            ).decode(UploadDTO.self)
            let code = try await client.json(
                .post, "/api/v1/artist/discounts",
                body: DiscountCreateRequest(code: "ADA-10", percent: 10, albumId: nil, expiresOn: nil, maxUses: nil),
                token: ada)
            #expect(code.status == .created)
            let idOf: [String: String] = [
                "/api/v1/artist/albums/{id}": "a1", "/api/v1/artist/tracks/{id}": songs[0],
                "/api/v1/artist/drafts/{id}": draft.id, "/api/v1/artist/drafts/{id}/uploads": draft.id,
                "/api/v1/artist/drafts/{id}/publish": draft.id, "/api/v1/artist/uploads/{id}": upload.id,
                "/api/v1/artist/discounts/{code}": "ADA-10",
            ]
            let named = Route.all.filter {
                $0.access == .seller && !$0.parameters.isEmpty && !$0.path.contains("{month}")
            }
            #expect(Set(named.map(\.path)) == Set(idOf.keys), "a new artist route with an id needs a case here")
            for route in named {
                let method = HTTPRequest.Method(rawValue: route.method.rawValue) ?? .get
                let path = route.path(values: [try #require(idOf[route.path])])
                var headers = HTTPFields()
                headers[.authorization] = "Bearer \(bob)"
                headers[.contentType] =
                    route.requestContentType ?? "application/json"
                headers[HTTPField.Name("Upload-Offset")!] = "0"
                let body: ByteBuffer =
                    switch route.requestSchema {
                    case "ReleaseChangeRequest":
                        ByteBuffer(string: #"{"albumPrice":1,"nameYourPrice":false,"published":false}"#)
                    case "SongPriceRequest": ByteBuffer(string: #"{"price":1,"nameYourPrice":false}"#)
                    case "DraftSaveRequest": ByteBuffer(string: #"{"title":"Mine","nameYourPrice":false,"tracks":[]}"#)
                    case "UploadStartRequest": ByteBuffer(string: #"{"fileName":"b.mp3","size":5,"kind":"audio"}"#)
                    default: route.requestContentType == nil ? ByteBuffer(string: "{}") : ByteBuffer(string: "12345")
                    }
                let answer = try await client.execute(uri: path, method: method, headers: headers, body: body)
                #expect(answer.status == .notFound, "\(route) answered \(answer.status) to another seller")
            }
            // Nothing of Ada's changed.
            let mine = try await client.json(.get, "/api/v1/artist/drafts/\(draft.id)", token: ada).decode(
                DraftDTO.self)
            #expect(mine.title == "Ada's" && mine.uploads.map(\.offset) == [0])
            let release = try await client.json(.get, "/api/v1/artist/releases", token: ada)
                .decode(SellerReleaseListDTO.self).releases
            #expect(release.first?.published == true && release.first?.tracks.first?.price == 5)
            let codes = try await client.json(.get, "/api/v1/artist/discounts", token: ada).decode(DiscountListDTO.self)
            #expect(codes.discounts.map(\.code) == ["ADA-10"])
        }
    }
}
