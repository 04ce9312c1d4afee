import Testing

@testable import SoTubeServer

/// Last-Modified and If-Modified-Since/If-Range dates (IMF-fixdate), written and read by hand.
@Suite struct HTTPDateTests {
    @Test func formatsAndParsesIMFFixdate() {
        #expect(HTTPDate.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.format(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.parse("  Sun, 06 Nov 1994 08:49:37 GMT ") == 784_111_777)
        for seconds in [0, 951_782_400, 1_800_000_000, 4_102_444_799] {
            #expect(HTTPDate.parse(HTTPDate.format(seconds)) == seconds)
        }
    }

    @Test func refusesOtherText() {
        for text in [
            "", "yesterday", "Sun, 6 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 UTC",
            "Sunday, 06-Nov-94 08:49:37 GMT", "Sun, 06 Foo 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:49:37 GMT",
            "Sun, 06 Nov 1994 08:49 GMT", "\"etag-like\"",
        ] {
            #expect(HTTPDate.parse(text) == nil, "\(text)")
        }
    }
}
