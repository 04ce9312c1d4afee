import Foundation
import Testing

@testable import SoTubeServer

/// The hand-written log line must stay valid JSON with a UTC timestamp.
@Suite struct JSONLogLineTests {
    @Test func timestampsAreUTCSeconds() {
        #expect(JSONLogHandler.timestamp(Date(timeIntervalSince1970: 1_800_000_000.9)) == "2027-01-15T08:00:00Z")
        #expect(JSONLogHandler.timestamp(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
    }

    @Test func stringsAreEscapedAsJSON() throws {
        let tricky = "a\"b\\c\nd\te\u{1}/é"
        let literal = JSONLogHandler.quoted(tricky)
        #expect(literal == "\"a\\\"b\\\\c\\nd\\te\\u0001/é\"")
        let decoded =
            try JSONSerialization.jsonObject(
                with: Data("[\(literal)]".utf8)) as? [String]
        #expect(decoded == [tricky])
    }

    @Test func requestDurationsAreMillisecondsWithOneDecimal() {
        typealias Log = EdgeMiddleware
        #expect(Log.milliseconds(.microseconds(12_340)) == "12.3")
        #expect(Log.milliseconds(.microseconds(12_360)) == "12.4")
        #expect(Log.milliseconds(.microseconds(40)) == "0.0")
        #expect(Log.milliseconds(.seconds(2)) == "2000.0")
    }

    /// The access log's direct line is byte for byte the general line of the same record (but its
    /// second), with or without a request id, and is not used when other metadata would interleave.
    @Test func requestLinesAreTheGeneralLines() throws {
        func line(_ bytes: [UInt8]) -> String {
            String(decoding: bytes, as: UTF8.self).replacingOccurrences(
                of: "\"ts\":\"[^\"]*\"", with: "\"ts\":\"\"", options: .regularExpression)
        }
        var handler = JSONLogHandler(label: "sotube")
        for requestID in [nil, "c374b6276ae1cb713aba1b987a8311ad"] {
            handler[metadataKey: "hb.request.id"] = requestID.map { .stringConvertible($0) }
            for path in ["/api/v1/tracks/01J/audio", "/odd \"path\"\\\n/é"] {
                let direct = try #require(
                    handler.requestLine(method: "GET", path: path, status: 206, milliseconds: "0.4"))
                let general = handler.line(
                    level: .info, message: "request",
                    metadata: ["method": "GET", "path": .string(path), "status": "206", "ms": "0.4"])
                #expect(line(direct) == line(general))
                #expect(line(direct).hasSuffix("\"ts\":\"\"}\n"))
            }
        }
        handler[metadataKey: "zone"] = "eu"
        #expect(handler.requestLine(method: "GET", path: "/", status: 200, milliseconds: "0.1") == nil)
    }
}
