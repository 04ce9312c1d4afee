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
}
