import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import SoTubeCore
import SoTubeMedia
import SoTubeServer
import SoTubeTestFixtures
import Testing

/// The console's catalog, store-home and gift-code actions over HTTP: each one's effect on what buyers
/// see and pay, with its audit entry.
@Suite struct ConsoleCatalogHTTPTests {
    @Test func aNewPriceIsWhatTheStoreShowsAndCharges() async throws {
        let app = try await TestApp.make()
        let songs = try await CommerceFixture.album(app, "a1", prices: [30, 20])
        try await app.run { client in
            let boss = try await ConsoleHTTPTests.operatorToken(client, app)
            let eve = try await client.register("eve")
            try await CommerceFixture.grant(app, "eve", 100)
            let edited = try await client.json(
                .patch, "/api/v1/admin/tracks/\(songs[0])", body: TrackEditRequest(price: 12), token: boss)
            #expect(edited.status == .ok)
            #expect(try edited.decode(AdminTrackDTO.self).price == 12)
            let shown = try await client.json(.get, "/api/v1/tracks/\(songs[0])", token: eve).decode(
                TrackDetailDTO.self)
            #expect(shown.track.price == 12)
            let bought = try await client.buy(PurchaseRequest(trackId: songs[0]), key: "p1", token: eve)
            #expect(try bought.decode(PurchaseResultDTO.self).coins == 88)
            // Withdrawn: no longer sold; restored: sold again.
            let withdrawn = try await client.json(
                .patch, "/api/v1/admin/tracks/\(songs[1])", body: TrackEditRequest(withdrawn: true), token: boss)
            #expect(try withdrawn.decode(AdminTrackDTO.self).withdrawn)
            #expect(try await client.buy(PurchaseRequest(trackId: songs[1]), key: "p2", token: eve).status == .conflict)
            _ = try await client.json(
                .patch, "/api/v1/admin/tracks/\(songs[1])", body: TrackEditRequest(withdrawn: false), token: boss)
            #expect(try await client.buy(PurchaseRequest(trackId: songs[1]), key: "p3", token: eve).status == .created)
            // Bad edits change nothing.
            for body in [TrackEditRequest(price: -1), TrackEditRequest(), TrackEditRequest(title: "  ")] {
                let answer = try await client.json(.patch, "/api/v1/admin/tracks/\(songs[0])", body: body, token: boss)
                #expect(answer.status == .unprocessableContent)
            }
            let audit = try await client.json(.get, "/api/v1/admin/audit", token: boss).decode(AuditListDTO.self)
            #expect(audit.entries.filter { $0.action == "track.edit" }.count == 3)
            #expect(audit.entries.last(where: { $0.action == "track.edit" })?.after == #"{"price":12}"#)
        }
    }

    @Test func aCodeBatchIsExportedWithItsRedeemersAndExpires() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let boss = try await ConsoleHTTPTests.operatorToken(client, app)
            let fay = try await client.register("fay")
            let expiry = app.clock.now().addingTimeInterval(3600)
            let made = try await client.json(
                .post, "/api/v1/admin/gift-code-batches",
                body: CodeBatchRequest(coins: 25, count: 3, expiresAt: expiry, label: "Winter"), token: boss)
            #expect(made.status == .created)
            let batch = try made.decode(CodeBatchDTO.self)
            #expect(batch.codes?.count == 3)
            let codes = batch.codes ?? []
            let redeemed = try await client.json(
                .post, "/api/v1/wallet/redeem", body: RedeemRequest(code: codes.first ?? ""), token: fay)
            #expect(redeemed.status == .ok)
            let csv = try await client.json(.get, "/api/v1/admin/gift-code-batches/\(batch.id)/codes.csv", token: boss)
            #expect(csv.status == .ok)
            #expect(csv.headers[.contentType] == "text/csv; charset=utf-8")
            let lines = csv.text.split(separator: "\r\n")
            #expect(lines.count == 4)
            #expect(lines.first == #""code","coins","expires_at","redeemed_by","redeemed_at""#)
            #expect(lines.contains { $0.contains(codes.first ?? "-") && $0.contains("\"fay\"") })
            let list = try await client.json(.get, "/api/v1/admin/gift-code-batches", token: boss)
                .decode(CodeBatchListDTO.self)
            #expect(list.batches.map(\.redeemed) == [1])
            #expect(list.batches.first?.codes == nil)
            app.clock.advance(by: 3601)
            let late = try await client.json(
                .post, "/api/v1/wallet/redeem", body: RedeemRequest(code: codes[1]), token: fay)
            #expect(late.status == .conflict)
            #expect(late.problem?.detail.contains("expired") == true)
            #expect(try await client.wallet(fay).coins == 25)
            // An expiry in the past is refused (the operator confirms the password first: an hour passed).
            _ = try await client.json(
                .post, "/api/v1/admin/reauth", body: ReauthRequest(password: "password-boss"), token: boss)
            let past = try await client.json(
                .post, "/api/v1/admin/gift-code-batches",
                body: CodeBatchRequest(coins: 25, count: 1, expiresAt: app.clock.now().addingTimeInterval(-1)),
                token: boss)
            #expect(past.status == .unprocessableContent)
        }
    }

    @Test func theStoreHomeShowsTheFeaturedPlaylistsAndMoodsInTheCuratedOrder() async throws {
        let app = try await TestApp.make { $0.seedsDemoCatalog = false }
        let songs = try await CommerceFixture.album(app, "a1", prices: [10, 10])
        try await app.services.database.backend.transaction { db in
            for (index, name) in ["Volume One", "Volume Two", "Volume Three"].enumerated() {
                try await db.raw(
                    """
                    INSERT INTO playlists (id, name, kind, featured, position, created_at)
                    VALUES (\(bind: "pl\(index)"), \(bind: name), 'volume', 1, \(bind: index), 0)
                    """
                ).run()
                try await db.raw(
                    "INSERT INTO playlist_tracks (playlist_id, position, track_id) VALUES (\(bind: "pl\(index)"), 0, \(bind: songs[0]))"
                ).run()
            }
            for (index, name) in ["Calm", "Party"].enumerated() {
                try await db.raw(
                    "INSERT INTO moods (id, name, playlist_id, position) VALUES (\(bind: "m\(index)"), \(bind: name), 'pl0', \(bind: index))"
                ).run()
            }
        }
        try await app.run { client in
            let boss = try await ConsoleHTTPTests.operatorToken(client, app)
            let before = try await client.json(.get, "/api/v1/store/home").decode(StoreHomeDTO.self)
            #expect(before.featuredPlaylists.map(\.name) == ["Volume One", "Volume Two", "Volume Three"])
            let saved = try await client.json(
                .put, "/api/v1/admin/curation", body: CurationRequest(featured: ["pl2", "pl0"], moods: ["m1", "m0"]),
                token: boss)
            #expect(saved.status == .ok)
            let curation = try saved.decode(CurationDTO.self)
            #expect(curation.playlists.filter(\.featured).map(\.id) == ["pl2", "pl0"])
            let home = try await client.json(.get, "/api/v1/store/home").decode(StoreHomeDTO.self)
            #expect(home.featuredPlaylists.map(\.name) == ["Volume Three", "Volume One"])
            #expect(home.moods.map(\.name) == ["Party", "Calm"])
            for bad in [
                CurationRequest(featured: ["pl0", "pl0"], moods: ["m0", "m1"]),
                CurationRequest(featured: ["nope"], moods: ["m0", "m1"]), CurationRequest(featured: [], moods: ["m0"]),
            ] {
                let answer = try await client.json(.put, "/api/v1/admin/curation", body: bad, token: boss)
                #expect(answer.status == .unprocessableContent)
            }
            let after = try await client.json(.get, "/api/v1/store/home").decode(StoreHomeDTO.self)
            #expect(
                after.featuredPlaylists.map(\.name) == ["Volume Three", "Volume One"],
                "a refused change changes nothing")
        }
    }

    @Test func anArtistRenamedAndAnAlbumsNewPictureAreWhatTheStoreShows() async throws {
        let app = try await TestApp.make()
        try await CommerceFixture.album(app, "a1", prices: [10])
        try await CommerceFixture.album(app, "a2", prices: [10])
        // A red square, made by ffmpeg as any operator's file would be.
        let png = app.directory.appendingPathComponent("red.png")
        let made = try ChildProcess.run(
            "/usr/bin/ffmpeg",
            [
                "-v", "error", "-f", "lavfi", "-i", "color=c=red:s=400x400", "-frames:v", "1", "-y", png.path,
            ], timeout: 60)
        #expect(made.status == 0, "\(made.errorText)")
        let picture = try Data(contentsOf: png)
        try await app.run { client in
            let boss = try await ConsoleHTTPTests.operatorToken(client, app)
            let renamed = try await client.json(
                .patch, "/api/v1/admin/artists/ar-a1", body: ArtistRenameRequest(name: "Northern Lights"), token: boss)
            #expect(renamed.status == .ok)
            #expect(try renamed.decode(AdminArtistDTO.self).name == "Northern Lights")
            let album = try await client.json(.get, "/api/v1/albums/a1").decode(AlbumDetailDTO.self)
            #expect(album.album.artistName == "Northern Lights")
            let taken = try await client.json(
                .patch, "/api/v1/admin/artists/ar-a2", body: ArtistRenameRequest(name: "northern  LIGHTS"), token: boss)
            #expect(taken.status == .conflict)
            #expect(
                try await client.json(
                    .patch, "/api/v1/admin/artists/ar-a2", body: ArtistRenameRequest(name: ""), token: boss
                ).status == .unprocessableContent)

            let before = try await client.execute(uri: "/api/v1/albums/a1/artwork?size=300", method: .get)
            let upload = try await client.execute(
                uri: "/api/v1/admin/albums/a1/artwork", method: .put,
                headers: [.contentType: "image/png", .authorization: "Bearer \(boss)"], body: ByteBuffer(data: picture))
            #expect(upload.status == .ok, "\(upload.text)")
            let after = try await client.execute(uri: "/api/v1/albums/a1/artwork?size=300", method: .get)
            #expect(after.status == .ok)
            #expect(after.headers[.contentType] == "image/jpeg")
            #expect(Array(after.body.readableBytesView.prefix(3)) == [0xFF, 0xD8, 0xFF])
            #expect(after.body != before.body)
            let text = try await client.execute(
                uri: "/api/v1/admin/albums/a1/artwork", method: .put,
                headers: [.contentType: "image/png", .authorization: "Bearer \(boss)"],
                body: ByteBuffer(string: "not a picture at all"))
            #expect(text.status == .unsupportedMediaType)
            let unknown = try await client.execute(
                uri: "/api/v1/admin/albums/nope/artwork", method: .put,
                headers: [.contentType: "image/png", .authorization: "Bearer \(boss)"], body: ByteBuffer(data: picture))
            #expect(unknown.status == .notFound)
            let audit = try await client.json(.get, "/api/v1/admin/audit", token: boss).decode(AuditListDTO.self)
            #expect(audit.entries.map(\.action).prefix(2) == ["album.artwork", "artist.edit"])
            #expect(audit.entries.last(where: { $0.action == "artist.edit" })?.after == #"{"name":"Northern Lights"}"#)
        }
    }
}
