import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import SoTubeCore
import Testing

/// One download rule for both APIs: Subsonic `download` gives what the web download gives, the
/// imported file itself, also for a song that plays from an MP3 made of it.
@Suite(.serialized) struct SubsonicDownloadTests {
    @Test func aFLACSongDownloadsAsTheSameOriginalThroughBothAPIs() async throws {
        let app = try await TestApp.make()
        let catalog = try await AudioTests.seed(app)
        try await app.run { client in
            let token = try await client.register("alice")
            let user = try #require(try await app.services.database.accounts.credentials(username: "alice")).user
            try await AudioTests.grant(app, userID: user.id, trackID: catalog.flac)
            let key = try await client.json(
                .post, SoTubeRoutes.appPasswords,
                body: CreateAppPasswordRequest(label: "Phone", password: "password-alice"), token: token
            ).decode(CreatedAppPasswordDTO.self).secret
            var bearer = HTTPFields()
            bearer[.authorization] = "Bearer \(token)"
            let web = try await client.execute(
                uri: "/api/v1/tracks/\(catalog.flac)/download", method: .get, headers: bearer)
            let rest = try await client.execute(uri: "/rest/download?id=\(catalog.flac)&apiKey=\(key)", method: .get)
            #expect(web.status == .ok && rest.status == .ok)
            #expect(web.headers[.contentType] == "audio/flac")
            #expect(rest.headers[.contentType] == web.headers[.contentType])
            #expect(Data(buffer: rest.body).prefix(4) == Data("fLaC".utf8))
            #expect(rest.body == web.body)
            #expect(rest.headers[.contentDisposition] == web.headers[.contentDisposition])
            // `stream` still plays the MP3 made of it.
            let stream = try await client.execute(uri: "/rest/stream?id=\(catalog.flac)&apiKey=\(key)", method: .get)
            #expect(stream.headers[.contentType] == "audio/mpeg")
            // Not the caller's: error 70, no bytes.
            let other = try await client.execute(
                uri: "/rest/download?id=\(catalog.mp3)&apiKey=\(key)&f=json", method: .get)
            let envelope = try JSONSerialization.jsonObject(with: Data(buffer: other.body)) as? [String: Any]
            let error = (envelope?["subsonic-response"] as? [String: Any])?["error"] as? [String: Any]
            #expect(error?["code"] as? Int == 70)
        }
    }
}
