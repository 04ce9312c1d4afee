import Testing

@testable import SoTubeCore

@Suite struct ByteRangeTests {
    @Test func closedRangeIsClampedToTheEnd() {
        #expect(ByteRange.answer(header: "bytes=0-99", size: 1000) == .partial(lower: 0, upper: 99))
        #expect(
            ByteRange.answer(header: "bytes=900-5000", size: 1000) == .partial(lower: 900, upper: 999))
        #expect(
            ByteRange.answer(header: "bytes=999-999", size: 1000) == .partial(lower: 999, upper: 999))
    }

    @Test func openRangeRunsToTheEnd() {
        #expect(ByteRange.answer(header: "bytes=500-", size: 1000) == .partial(lower: 500, upper: 999))
        #expect(ByteRange.answer(header: "bytes=0-", size: 1000) == .partial(lower: 0, upper: 999))
    }

    @Test func suffixRangeIsTheLastBytes() {
        #expect(ByteRange.answer(header: "bytes=-100", size: 1000) == .partial(lower: 900, upper: 999))
        #expect(ByteRange.answer(header: "bytes=-5000", size: 1000) == .partial(lower: 0, upper: 999))
        #expect(ByteRange.answer(header: "bytes=-1", size: 1) == .partial(lower: 0, upper: 0))
    }

    @Test func unsatisfiableRanges() {
        #expect(ByteRange.answer(header: "bytes=1000-", size: 1000) == .unsatisfiable)
        #expect(ByteRange.answer(header: "bytes=1000-2000", size: 1000) == .unsatisfiable)
        #expect(ByteRange.answer(header: "bytes=-0", size: 1000) == .unsatisfiable)
        #expect(ByteRange.answer(header: "bytes=0-", size: 0) == .unsatisfiable)
        #expect(ByteRange.contentRange(.unsatisfiable, size: 1000) == "bytes */1000")
        #expect(ByteRange.contentRange(.partial(lower: 5, upper: 9), size: 1000) == "bytes 5-9/1000")
    }

    @Test func invalidHeadersAreIgnored() {
        for header in [
            "bytes=abc", "bytes=5-1", "items=0-5", "bytes", "bytes=", "bytes=--5", "bytes=1-2-3",
            "bytes=+1-2", "bytes=0x10-",
        ] {
            #expect(ByteRange.answer(header: header, size: 1000) == .whole, "\(header)")
        }
        #expect(ByteRange.answer(header: nil, size: 1000) == .whole)
    }

    @Test func severalRangesAreCoalescedIntoOne() {
        #expect(
            ByteRange.answer(header: "bytes=0-9, 20-29", size: 1000) == .partial(lower: 0, upper: 29))
        #expect(
            ByteRange.answer(header: "bytes=2000-3000, -10", size: 1000)
                == .partial(lower: 990, upper: 999))
        #expect(
            ByteRange.answer(header: " Bytes = 10-19 ,", size: 1000) == .partial(lower: 10, upper: 19))
    }

    @Test func hugeNumbersDoNotOverflow() {
        #expect(
            ByteRange.answer(header: "bytes=0-99999999999999999999999", size: 1000)
                == .partial(lower: 0, upper: 999))
        #expect(
            ByteRange.answer(header: "bytes=99999999999999999999999-", size: 1000) == .unsatisfiable)
        #expect(
            ByteRange.answer(header: "bytes=-99999999999999999999999", size: 1000)
                == .partial(lower: 0, upper: 999))
    }
}

@Suite struct ConditionalRequestTests {
    let etag = "\"abc\""

    @Test func ifNoneMatchGivesNotModified() {
        let hit = ConditionalRequest.evaluate(
            ifNoneMatch: "\"x\", W/\"abc\"", ifModifiedSince: nil, ifRange: nil, ifRangeDate: nil,
            etag: etag,
            lastModified: 100)
        #expect(hit == .notModified)
        let miss = ConditionalRequest.evaluate(
            ifNoneMatch: "\"x\"", ifModifiedSince: 200, ifRange: nil, ifRangeDate: nil, etag: etag,
            lastModified: 100)
        #expect(
            miss == .serve(honourRange: true),
            "If-Modified-Since is ignored when If-None-Match is present")
    }

    @Test func ifModifiedSince() {
        #expect(
            ConditionalRequest.evaluate(
                ifNoneMatch: nil, ifModifiedSince: 100, ifRange: nil, ifRangeDate: nil, etag: etag,
                lastModified: 100)
                == .notModified)
        #expect(
            ConditionalRequest.evaluate(
                ifNoneMatch: nil, ifModifiedSince: 99, ifRange: nil, ifRangeDate: nil, etag: etag,
                lastModified: 100)
                == .serve(honourRange: true))
    }

    @Test func ifRangeHonoursTheRangeOnlyWhenTheValidatorMatches() {
        func outcome(_ ifRange: String, date: Int? = nil) -> ConditionalRequest.Outcome {
            ConditionalRequest.evaluate(
                ifNoneMatch: nil, ifModifiedSince: nil, ifRange: ifRange, ifRangeDate: date, etag: etag,
                lastModified: 100)
        }
        #expect(outcome("\"abc\"") == .serve(honourRange: true))
        #expect(outcome("\"old\"") == .serve(honourRange: false))
        #expect(outcome("W/\"abc\"") == .serve(honourRange: false))
        #expect(outcome("Thu, 01 Jan 1970 00:01:40 GMT", date: 100) == .serve(honourRange: true))
        #expect(outcome("Thu, 01 Jan 1970 00:01:39 GMT", date: 99) == .serve(honourRange: false))
    }
}
