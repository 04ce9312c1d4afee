import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SQLKit
import SoTubeAPI
import SoTubeCore
import SoTubeMedia
import SoTubeServer
import Testing

/// Streaming: owners get the full song, everyone else the preview, whatever they send.
/// Ownership is granted by inserting an `owned_tracks` row directly (purchases are another feature).
@Suite struct AudioTests {
    struct Catalog {
        var mp3: String  // 65 s MP3, served as it is to owners
        var flac: String  // 62 s FLAC, an MP3 rendition for owners
        var albumID: String
        var artistID: String
    }

    static func seed(_ app: TestApp) async throws -> Catalog {
        let music = app.directory.appendingPathComponent("fixtures")
        let tools = MediaTools()
        try FileManager.default.createDirectory(
            at: music.appendingPathComponent("Artist/Album"), withIntermediateDirectories: true)
        try await tools.ffmpeg([
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=65", "-metadata",
            "title=Long Song",
            "-c:a", "libmp3lame", "-b:a", "128k",
            music.appendingPathComponent("Artist/Album/01 Long Song.mp3").path,
        ])
        try await tools.ffmpeg([
            "-f", "lavfi", "-i", "sine=frequency=330:sample_rate=44100:duration=62", "-c:a", "flac",
            music.appendingPathComponent("Artist/Album/02 Lossless.flac").path,
        ])
        let report = try await app.services.mediaImporter().importFolder(music)
        #expect(report.imported.count == 2, "\(report.skipped)")
        return try await app.services.database.backend.read { db in
            let rows = try await db.raw("SELECT id, title, album_id, artist_id FROM tracks").all()
            var byTitle: [String: String] = [:]
            for row in rows {
                byTitle[try row.decode(column: "title", as: String.self)] = try row.decode(
                    column: "id", as: String.self)
            }
            return Catalog(
                mp3: byTitle["Long Song"]!, flac: byTitle["Lossless"]!,
                albumID: try rows[0].decode(column: "album_id", as: String.self),
                artistID: try rows[0].decode(column: "artist_id", as: String.self))
        }
    }

    /// Test-only: make `userID` own `trackID` through a free purchase written directly (an owned song
    /// names a purchase of its owner's), not through the purchase route.
    static func grant(_ app: TestApp, userID: String, trackID: String) async throws {
        let purchase = "test-grant-\(trackID)"
        try await app.services.database.backend.transaction { db in
            try await db.raw(
                """
                INSERT INTO purchases (id, user_id, kind, album_id, title, coins, balance_after, idempotency_key,
                    request_fingerprint, created_at)
                VALUES (\(bind: purchase), \(bind: userID), 'track', NULL, 'test grant', 0, 0, \(bind: purchase), '', 0)
                """
            ).run()
            try await db.raw(
                "INSERT INTO owned_tracks (user_id, track_id, purchase_id, created_at) VALUES (\(bind: userID), \(bind: trackID), \(bind: purchase), 0)"
            ).run()
        }
    }

    static func seconds(of bytes: ByteBuffer, in app: TestApp) async throws -> Double {
        let data = Data(buffer: bytes)
        if let known = await measured.seconds(of: data) { return known }
        let file = app.directory.appendingPathComponent("received-\(UUID().uuidString)")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try await MediaTools().run(
            MediaTools().ffprobe,
            ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file.path])
        let seconds =
            Double(
                String(decoding: output.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            ) ?? 0
        await measured.remember(seconds, of: data)
        return seconds
    }

    /// Bodies already measured: the same bytes last as long, so the many requests answered with the
    /// whole preview run ffprobe once, not once each.
    static let measured = MeasuredBodies()

    actor MeasuredBodies {
        private var seconds: [Data: Double] = [:]

        func seconds(of data: Data) -> Double? { seconds[data] }

        func remember(_ value: Double, of data: Data) { seconds[data] = value }
    }

    func headers(_ pairs: [(HTTPField.Name, String)], token: String? = nil) -> HTTPFields {
        var fields = HTTPFields()
        for (name, value) in pairs { fields[name] = value }
        if let token { fields[.authorization] = "Bearer \(token)" }
        return fields
    }

    @Test func nonOwnersNeverGetMoreThanThePreview() async throws {
        let app = try await TestApp.make()
        let catalog = try await Self.seed(app)
        try await app.run { client in
            let stranger = try await client.register("stranger")
            let ranges = [
                nil, "bytes=0-", "bytes=0-99999999999", "bytes=-99999999", "bytes=1000-", "bytes=0-0,1-",
                "bytes=abc", "bytes=0-1000, 2000-",
            ]
            let uris = ["", "?full=1", "?rendition=full&owner=true", "?token=x", "/", "?size=999999"]
            for track in [catalog.mp3, catalog.flac] {
                for (token, name) in [(nil, "guest"), (stranger, "stranger")] {
                    // The whole preview, measured.
                    let whole = try await client.execute(
                        uri: "/api/v1/tracks/\(track)/audio", method: .get, headers: headers([], token: token))
                    #expect(whole.status == .ok)
                    #expect(whole.headers[.contentType] == "audio/mpeg")
                    #expect(whole.headers[HTTPField.Name("X-SoTube-Rendition")!] == "preview")
                    let previewSize = whole.body.readableBytes
                    let seconds = try await Self.seconds(of: whole.body, in: app)
                    #expect(seconds > 25 && seconds <= 30.5, "\(name) got \(seconds) s")
                    for uri in uris {
                        for range in ranges {
                            let response = try await client.execute(
                                uri: "/api/v1/tracks/\(track)/audio\(uri)", method: .get,
                                headers: headers(range.map { [(.range, $0)] } ?? [], token: token))
                            // A trailing slash may or may not reach the route; either way no more than the preview.
                            let allowed: Set<Int> = uri == "/" ? [200, 206, 404] : [200, 206]
                            #expect(allowed.contains(response.status.code), "\(uri) \(range ?? "-")")
                            #expect(response.body.readableBytes <= previewSize, "\(name) \(uri) \(range ?? "-")")
                            if let contentRange = response.headers[.contentRange] {
                                #expect(contentRange.hasSuffix("/\(previewSize)"))
                            }
                            if response.body.readableBytes == previewSize || range == "bytes=0-" {
                                let got = try await Self.seconds(of: response.body, in: app)
                                #expect(got <= 30.5, "\(name) \(uri) \(range ?? "-") → \(got) s")
                            }
                        }
                    }
                }
            }
        }
    }

    @Test func ownersGetTheFullSongWithRanges() async throws {
        let app = try await TestApp.make()
        let catalog = try await Self.seed(app)
        try await app.run { client in
            let owner = try await client.register("owner")
            let me = try await client.json(.get, "/api/v1/me", token: owner).decode(MeResponse.self)
            try await Self.grant(app, userID: me.id, trackID: catalog.mp3)
            try await Self.grant(app, userID: me.id, trackID: catalog.flac)

            let mp3 = try await client.execute(
                uri: "/api/v1/tracks/\(catalog.mp3)/audio", method: .get, headers: headers([], token: owner)
            )
            #expect(mp3.status == .ok)
            #expect(mp3.headers[.contentType] == "audio/mpeg")
            #expect(mp3.headers[.acceptRanges] == "bytes")
            #expect(mp3.headers[HTTPField.Name("X-SoTube-Rendition")!] == "full")
            let mp3Seconds = try await Self.seconds(of: mp3.body, in: app)
            #expect(mp3Seconds > 64 && mp3Seconds < 66.5)
            let size = mp3.body.readableBytes
            let all = Data(buffer: mp3.body)

            let flac = try await client.execute(
                uri: "/api/v1/tracks/\(catalog.flac)/audio", method: .get,
                headers: headers([], token: owner))
            #expect(flac.headers[.contentType] == "audio/mpeg")
            #expect(flac.body.readableBytes > mp3.body.readableBytes / 2)
            #expect(try await Self.seconds(of: flac.body, in: app) > 61)

            // bytes=a-b, a-, -n (suffix), clamping.
            let cases: [(String, Int, Int)] = [
                ("bytes=0-99", 0, 99), ("bytes=100-", 100, size - 1), ("bytes=-100", size - 100, size - 1),
                ("bytes=\(size - 10)-\(size + 5000)", size - 10, size - 1),
                ("bytes=-\(size * 2)", 0, size - 1),
            ]
            for (range, lower, upper) in cases {
                let response = try await client.execute(
                    uri: "/api/v1/tracks/\(catalog.mp3)/audio", method: .get,
                    headers: headers([(.range, range)], token: owner))
                #expect(response.status == .partialContent, "\(range)")
                #expect(response.headers[.contentRange] == "bytes \(lower)-\(upper)/\(size)", "\(range)")
                #expect(response.headers[.contentLength] == String(upper - lower + 1))
                #expect(Data(buffer: response.body) == all[lower...upper], "\(range)")
            }
            // Unsatisfiable: 416 with bytes */size and a problem body.
            for range in ["bytes=\(size)-", "bytes=\(size + 10)-\(size + 20)", "bytes=-0"] {
                let response = try await client.execute(
                    uri: "/api/v1/tracks/\(catalog.mp3)/audio", method: .get,
                    headers: headers([(.range, range)], token: owner))
                #expect(response.status == .rangeNotSatisfiable, "\(range)")
                #expect(response.headers[.contentRange] == "bytes */\(size)")
                #expect(response.headers[.contentType] == "application/problem+json")
            }
            // HEAD: the headers without the body.
            let head = try await client.execute(
                uri: "/api/v1/tracks/\(catalog.mp3)/audio", method: .head,
                headers: headers([], token: owner))
            #expect(head.status == .ok)
            #expect(head.headers[.contentLength] == String(size))
            #expect(head.body.readableBytes == 0)
            // ETag and Last-Modified: conditional requests.
            let etag = try #require(mp3.headers[.eTag])
            let modified = try #require(mp3.headers[.lastModified])
            let notModified = try await client.execute(
                uri: "/api/v1/tracks/\(catalog.mp3)/audio", method: .get,
                headers: headers([(.ifNoneMatch, etag)], token: owner))
            #expect(notModified.status == .notModified)
            #expect(notModified.body.readableBytes == 0)
            let since = try await client.execute(
                uri: "/api/v1/tracks/\(catalog.mp3)/audio", method: .get,
                headers: headers([(.ifModifiedSince, modified)], token: owner))
            #expect(since.status == .notModified)
            let ifRangeOK = try await client.execute(
                uri: "/api/v1/tracks/\(catalog.mp3)/audio", method: .get,
                headers: headers([(.range, "bytes=0-9"), (.ifRange, etag)], token: owner))
            #expect(ifRangeOK.status == .partialContent)
            let ifRangeStale = try await client.execute(
                uri: "/api/v1/tracks/\(catalog.mp3)/audio", method: .get,
                headers: headers([(.range, "bytes=0-9"), (.ifRange, "\"stale\"")], token: owner))
            #expect(ifRangeStale.status == .ok)
            #expect(ifRangeStale.body.readableBytes == size)
            // The preview a guest gets has another ETag: caches cannot mix them up.
            let guest = try await client.execute(
                uri: "/api/v1/tracks/\(catalog.mp3)/audio", method: .head)
            #expect(guest.headers[.eTag] != etag)
            #expect(mp3.headers[.cacheControl]?.contains("private") == true)
        }
    }

    @Test func cookieSessionsWorkForAudioElements() async throws {
        let app = try await TestApp.make()
        let catalog = try await Self.seed(app)
        try await app.run { client in
            _ = try await client.register("cookie")
            let login = try await client.json(
                .post, "/api/v1/auth/login",
                body: LoginRequest(username: "cookie", password: "password-cookie", remember: false))
            let token = try login.decode(AuthResponse.self).token
            let me = try await client.json(.get, "/api/v1/me", token: token).decode(MeResponse.self)
            try await Self.grant(app, userID: me.id, trackID: catalog.mp3)
            let cookie = login.headers[values: .setCookie].compactMap { $0.split(separator: ";").first }
                .filter { $0.hasPrefix("sotube_session=") }.joined(separator: "; ")
            #expect(!cookie.isEmpty)
            let response = try await client.execute(
                uri: "/api/v1/tracks/\(catalog.mp3)/audio", method: .get,
                headers: [.cookie: cookie, .range: "bytes=0-"])
            #expect(response.status == .partialContent)
            #expect(response.headers[HTTPField.Name("X-SoTube-Rendition")!] == "full")
        }
    }

    /// An import writes its rows first and its albums' pictures are jobs: until the picture is made,
    /// asking for it answers a small grey JPEG that no cache keeps (not an error in the browser), then
    /// the picture itself.
    @Test func aPictureNotMadeYetIsAGreyPlaceholderThenThePicture() async throws {
        let app = try await TestApp.make()
        let music = app.directory.appendingPathComponent("fixtures/Artist/Album")
        try FileManager.default.createDirectory(at: music, withIntermediateDirectories: true)
        try await MediaTools().ffmpeg([
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=4", "-c:a", "libvorbis",
            music.appendingPathComponent("01 Song.ogg").path,
        ])
        var scan = app.services.mediaImporter()
        scan.waitsForJobs = false
        let importer = scan
        let report = try await importer.importFolder(music)
        let albumID = try #require(
            try await app.services.database.backend.read { db in
                try await db.raw("SELECT album_id FROM tracks").first()?.decode(column: "album_id", as: String.self)
            })
        @Sendable func width(_ body: ByteBuffer) async throws -> String {
            let file = app.directory.appendingPathComponent("picture-\(body.readableBytes).jpg")
            try Data(buffer: body).write(to: file)
            let output = try await MediaTools().run(
                MediaTools().ffprobe, ["-v", "error", "-show_entries", "stream=width", "-of", "csv=p=0", file.path])
            return String(decoding: output.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        try await app.run { client in
            let early = try await client.execute(uri: "/api/v1/albums/\(albumID)/artwork?size=300", method: .get)
            #expect(early.status == .ok)
            #expect(early.headers[.contentType] == "image/jpeg")
            #expect(early.headers[.cacheControl] == "no-store")
            #expect(try await width(early.body) == "8", "the grey placeholder")

            try await importer.runJobs(trackIDs: Array(report.imported.values))
            let made = try await client.execute(uri: "/api/v1/albums/\(albumID)/artwork?size=300", method: .get)
            #expect(made.status == .ok)
            #expect(made.headers[.cacheControl]?.contains("max-age=31536000") == true)
            #expect(try await width(made.body) == "300", "the album's picture")
        }
    }

    @Test func unknownTracksAndArtwork() async throws {
        let app = try await TestApp.make()
        let catalog = try await Self.seed(app)
        try await app.run { client in
            let missing = try await client.execute(uri: "/api/v1/tracks/nope/audio", method: .get)
            #expect(missing.status == .notFound)
            #expect(missing.headers[.contentType] == "application/problem+json")
            // Audio's one response layer: the problem document, then the browser defences and `no-store`.
            #expect(missing.headers[.cacheControl] == "no-store")
            #expect(missing.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'self'") == true)
            #expect(missing.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff")

            for (size, pixels) in [("100", 100), ("300", 300), ("600", 600), ("250", 300)] {
                let art = try await client.execute(
                    uri: "/api/v1/albums/\(catalog.albumID)/artwork?size=\(size)", method: .get)
                #expect(art.status == .ok)
                #expect(art.headers[.contentType] == "image/jpeg")
                #expect(art.headers[.cacheControl]?.contains("max-age=31536000") == true)
                let file = app.directory.appendingPathComponent("art-\(size).jpg")
                try Data(buffer: art.body).write(to: file)
                let output = try await MediaTools().run(
                    MediaTools().ffprobe,
                    ["-v", "error", "-show_entries", "stream=width", "-of", "csv=p=0", file.path])
                #expect(
                    String(decoding: output.stdout, as: UTF8.self).trimmingCharacters(
                        in: .whitespacesAndNewlines) == String(pixels))
            }
            let artist = try await client.execute(
                uri: "/api/v1/artists/\(catalog.artistID)/image?size=100", method: .get)
            #expect(artist.status == .ok)
            let bad = try await client.execute(
                uri: "/api/v1/albums/\(catalog.albumID)/artwork?size=huge", method: .get)
            #expect(bad.status == .unprocessableContent)
            let none = try await client.execute(uri: "/api/v1/albums/none/artwork", method: .get)
            #expect(none.status == .notFound)
        }
    }
}
