import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SQLKit
import SoTubeAPI
import SoTubeCore
import SoTubeMedia
import SoTubeServer
import SoTubeTestFixtures
import Testing

/// A release made in the browser (issue 31): a song sent in chunks with a dropped connection resumed,
/// its tags read, the draft private to its seller, published as a pre-order, announced to a follower
/// with a one-click unsubscribe, its preview made by the media jobs.
@Suite struct SellerDraftHTTPTests {
    static let offset = HTTPField.Name("Upload-Offset")!

    /// A tagged 4-second MP3 made by ffmpeg.
    static func song(in folder: URL, title: String, track: Int) throws -> Data {
        let file = folder.appendingPathComponent("\(track).mp3")
        let made = try ChildProcess.run(
            "/usr/bin/ffmpeg",
            [
                "-v", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=4", "-metadata", "title=\(title)",
                "-metadata", "track=\(track)", "-b:a", "128k", "-y", file.path,
            ], timeout: 60)
        #expect(made.status == 0, "\(made.errorText)")
        return try Data(contentsOf: file)
    }

    static func chunk(
        _ client: any TestClientProtocol, _ id: String, _ bytes: Data, at offset: Int, token: String
    ) async throws -> TestResponse {
        var headers = HTTPFields()
        headers[.contentType] = "application/offset+octet-stream"
        headers[.authorization] = "Bearer \(token)"
        headers[Self.offset] = String(offset)
        return try await client.execute(
            uri: "/api/v1/artist/uploads/\(id)", method: .patch, headers: headers, body: ByteBuffer(data: bytes))
    }

    @Test func aSongUploadedInChunksIsPublishedAsAPreOrderAndAnnounced() async throws {
        let app = try await TestApp.make()
        let audio = try Self.song(in: app.directory, title: "Sine Α", track: 2)
        try await app.run { client in
            let boss = try await ConsoleHTTPTests.operatorToken(client, app)
            let ada = try await SellerHTTPTests.invitedSeller(client, boss: boss, username: "ada", artists: ["Ada Up"])
            let bob = try await SellerHTTPTests.invitedSeller(client, boss: boss, username: "bob", artists: ["Bob Up"])
            let artist = try await client.json(.get, "/api/v1/artist/overview", token: ada)
                .decode(SellerOverviewDTO.self).artists[0]
            let created = try await client.json(
                .post, "/api/v1/artist/drafts", body: DraftCreateRequest(artistId: artist.id, title: "First Light"),
                token: ada)
            #expect(created.status == .created, "\(created.text)")
            let draft = try created.decode(DraftDTO.self)
            #expect(
                try await client.json(
                    .post, "/api/v1/artist/drafts", body: DraftCreateRequest(artistId: artist.id, title: "Not mine"),
                    token: bob
                ).status == .unprocessableContent, "a seller makes drafts for their own artists only")

            let started = try await client.json(
                .post, "/api/v1/artist/drafts/\(draft.id)/uploads",
                body: UploadStartRequest(fileName: "sine.mp3", size: audio.count, kind: "audio"), token: ada)
            #expect(started.status == .created, "\(started.text)")
            let upload = try started.decode(UploadDTO.self)
            let half = audio.count / 2
            let first = try await Self.chunk(client, upload.id, audio.prefix(half), at: 0, token: ada)
            #expect(try first.decode(UploadDTO.self).offset == half)
            // The connection dropped after the first chunk; the client resent it: refused, nothing written twice.
            let again = try await Self.chunk(client, upload.id, audio.prefix(half), at: 0, token: ada)
            #expect(again.status == .conflict)
            let resume = try await client.json(.get, "/api/v1/artist/uploads/\(upload.id)", token: ada)
                .decode(UploadDTO.self)
            #expect(resume.offset == half && !resume.complete)
            #expect(
                try await Self.chunk(client, upload.id, audio.suffix(from: half), at: half, token: bob).status
                    == .notFound)
            let last = try await Self.chunk(client, upload.id, Data(audio.suffix(from: half)), at: half, token: ada)
            let whole = try last.decode(UploadDTO.self)
            #expect(whole.complete && whole.tags?.title == "Sine Α" && whole.tags?.trackNumber == 2, "\(last.text)")
            #expect(try await client.json(.get, "/api/v1/artist/drafts/\(draft.id)", token: bob).status == .notFound)

            var form = try await client.json(.get, "/api/v1/artist/drafts/\(draft.id)", token: ada).decode(
                DraftDTO.self)
            #expect(form.tracks.map(\.title) == ["Sine Α"])
            #expect(
                try await client.json(.get, "/api/v1/search?q=First%20Light").text.contains("\"title\":\"First Light\"")
                    == false, "a draft is not in the catalog")

            // A fan follows the artist before the release opens for pre-order.
            let fan = try await client.register("fan")
            let followed = try await client.json(.put, "/api/v1/artists/\(artist.id)/follow", token: fan)
            #expect(try followed.decode(FollowDTO.self) == FollowDTO(following: true, followers: 1))

            let nextWeek = CivilDay(epochMillis: app.clock.now().epochMillis).adding(days: 7).description
            form.tracks[0].title = "Sine A (edit)"
            let saved = try await client.json(
                .put, "/api/v1/artist/drafts/\(draft.id)",
                body: DraftSaveRequest(
                    title: form.title, year: 2026, genre: "Ambient", albumPrice: 3, nameYourPrice: true,
                    availableOn: nextWeek, coverUploadId: nil, tracks: form.tracks), token: ada)
            #expect(saved.status == .ok, "\(saved.text)")
            let published = try await client.json(.post, "/api/v1/artist/drafts/\(draft.id)/publish", token: ada)
            #expect(published.status == .created, "\(published.text)")
            let release = try published.decode(SellerReleaseDTO.self)
            #expect(release.preOrder && release.nameYourPrice && release.tracks.map(\.title) == ["Sine A (edit)"])
            #expect(
                try await client.json(.get, "/api/v1/artist/drafts", token: ada).decode(DraftListDTO.self).drafts
                    .isEmpty)

            // The follower's mail: a pre-order, with a one-click unsubscribe link that works.
            let mail = try await app.services.database.backend.read { db in
                try await db.raw(
                    "SELECT subject, list_unsubscribe FROM mail_queue WHERE to_address = 'fan@example.com'"
                ).all().map {
                    (
                        try $0.decode(column: "subject", as: String.self),
                        try $0.decode(column: "list_unsubscribe", as: String?.self)
                    )
                }
            }
            #expect(mail.count == 1 && mail.first?.0.contains("Pre-order open: First Light") == true, "\(mail)")
            let link = try #require(mail.first?.1)
            let path = try #require(link.range(of: "/api/v1/unsubscribe/")).lowerBound
            let unsubscribed = try await client.execute(
                uri: String(link[path...]), method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "List-Unsubscribe=One-Click"))
            #expect(unsubscribed.status == .ok)
            #expect(
                try await client.json(.get, "/api/v1/artists/\(artist.id)/follow", token: fan).decode(FollowDTO.self)
                    == FollowDTO(following: false, followers: 0))
            let forged = try await client.execute(uri: String(link[path...]) + "x", method: .post)
            #expect(forged.status == .notFound)

            // The media jobs make the song's preview and renditions; then it is on sale.
            await app.services.runMediaWorkers(1, untilIdle: true)
            let album = try await client.json(.get, "/api/v1/albums/\(release.albumId)").decode(AlbumDetailDTO.self)
            #expect(album.tracks.first?.ready == true && album.album.availableOn == nextWeek)
        }
    }
}
