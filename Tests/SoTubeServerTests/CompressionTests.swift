import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import Testing

/// Text answers are gzip-compressed for clients that accept it and decode to the same bytes; audio
/// and pictures are not compressed again; the web app's files say how browsers may keep them.
@Suite struct CompressionTests {
    static func gzipHeaders(_ value: String = "gzip, deflate, br") -> HTTPFields {
        var headers = HTTPFields()
        headers[.acceptEncoding] = value
        return headers
    }

    static func gunzip(_ buffer: ByteBuffer) throws -> ByteBuffer {
        var buffer = buffer
        return try buffer.decompress(with: .gzip())
    }

    @Test func jsonAnswersAreCompressedAndDecodeToTheSameBytes() async throws {
        let app = try await TestApp.withCatalog()
        try await app.run { client in
            for uri in ["/openapi.json", "/api/v1/albums/al1", "/api/v1/search?q=hu"] {
                let plain = try await client.execute(uri: uri, method: .get)
                let zipped = try await client.execute(uri: uri, method: .get, headers: Self.gzipHeaders())
                #expect(plain.status == .ok && zipped.status == .ok, "\(uri)")
                #expect(plain.headers[.contentEncoding] == nil, "\(uri)")
                #expect(plain.headers[values: .vary].joined(separator: ",").contains("Accept-Encoding"), "\(uri)")
                #expect(zipped.headers[values: .vary].joined(separator: ",").contains("Accept-Encoding"), "\(uri)")
                if plain.body.readableBytes >= 1024 {
                    #expect(zipped.headers[.contentEncoding] == "gzip", "\(uri)")
                    #expect(zipped.body.readableBytes < plain.body.readableBytes, "\(uri)")
                    #expect(try Self.gunzip(zipped.body) == plain.body, "\(uri)")
                } else {
                    #expect(zipped.body == plain.body, "\(uri)")
                }
            }
            // The document is large: it must have been compressed.
            let document = try await client.execute(uri: "/openapi.json", method: .get, headers: Self.gzipHeaders())
            #expect(document.headers[.contentEncoding] == "gzip")
            // gzip refused with q=0: sent as it is.
            let refused = try await client.execute(
                uri: "/openapi.json", method: .get, headers: Self.gzipHeaders("gzip;q=0, identity"))
            #expect(refused.headers[.contentEncoding] == nil)
            // A problem document in JSON is compressible too (small ones are sent as they are).
            let missing = try await client.execute(
                uri: "/api/v1/tracks/nope", method: .get, headers: Self.gzipHeaders())
            #expect(missing.status == .notFound)
            #expect(missing.problem != nil)
        }
    }

    @Test func theWebAppIsCompressedAndCachedButPicturesAreNotCompressed() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sotube-public-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = String(repeating: "export const answer = 42; // the web app's code\n", count: 200)
        try Data(script.utf8).write(to: folder.appendingPathComponent("app.js"))
        let page = "<!doctype html><title>SoTube</title>" + String(repeating: "<p>SoTube</p>", count: 200)
        try Data(page.utf8).write(to: folder.appendingPathComponent("index.html"))
        let picture = Data((0..<4096).map { UInt8($0 % 7) })  // compressible bytes, but a picture
        try picture.write(to: folder.appendingPathComponent("icon.png"))
        let app = try await TestApp.make { $0.publicDirectory = folder }
        try await app.run { client in
            for (uri, text) in [("/app.js", script), ("/", page)] {
                let zipped = try await client.execute(uri: uri, method: .get, headers: Self.gzipHeaders())
                #expect(zipped.status == .ok, "\(uri)")
                #expect(zipped.headers[.contentEncoding] == "gzip", "\(uri)")
                #expect(String(buffer: try Self.gunzip(zipped.body)) == text, "\(uri)")
                #expect(zipped.headers[.cacheControl]?.contains("no-cache") == true, "\(uri)")
                // Twice: the second answer comes from the kept compressed copy and is the same.
                let again = try await client.execute(uri: uri, method: .get, headers: Self.gzipHeaders())
                #expect(again.body == zipped.body, "\(uri)")
            }
            let icon = try await client.execute(uri: "/icon.png", method: .get, headers: Self.gzipHeaders())
            #expect(icon.status == .ok)
            #expect(icon.headers[.contentEncoding] == nil)
            #expect(Data(buffer: icon.body) == picture)
            #expect(icon.headers[.cacheControl]?.contains("max-age=86400") == true)
        }
    }

    @Test func audioIsNeverCompressedAgain() async throws {
        let app = try await TestApp.make()
        let catalog = try await AudioTests.seed(app)
        try await app.run { client in
            let plain = try await client.execute(uri: "/api/v1/tracks/\(catalog.mp3)/audio", method: .get)
            let asked = try await client.execute(
                uri: "/api/v1/tracks/\(catalog.mp3)/audio", method: .get, headers: Self.gzipHeaders())
            #expect(asked.status == .ok)
            #expect(asked.headers[.contentEncoding] == nil)
            #expect(asked.headers[.contentType] == plain.headers[.contentType])
            #expect(asked.body == plain.body)
        }
    }
}
