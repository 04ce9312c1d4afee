import Foundation
import Hummingbird
import SoTubeCore

#if canImport(Glibc)
    import Glibc
#endif

/// Answers GET/HEAD for one file on disk: RFC 9110 ranges (parsed by `ByteRange` in SoTubeCore),
/// ETag, Last-Modified, If-None-Match, If-Modified-Since and If-Range.
///
/// The per-request work is kept small (players ask for a new range at every seek): one `open` and
/// `fstat` (none while `openFiles` keeps the file), dates formatted by hand, and a part of up to
/// `directReadLimit` bytes read with one `pread` into the answer's buffer, with no thread-pool hop.
/// Larger parts are streamed from the same open file in `streamChunk` pieces, each read as it is sent.
struct FileResponder {
    /// Parts up to this size are read in one `pread` (from the page cache this takes microseconds).
    static let directReadLimit = 1 << 20
    static let streamChunk = 256 * 1024
    /// Files kept open between requests (audio); nil opens the file for each request.
    var openFiles: OpenFiles? = nil

    func respond(
        to request: Request, context: AppRequestContext, file: URL, contentType: String,
        extraHeaders: HTTPFields
    ) async throws -> Response {
        try await respond(
            to: request, context: context, path: file.path, contentType: contentType, extraHeaders: extraHeaders)
    }

    /// The same for a file given by its path (audio: `URL.path` was 1 % of a range request).
    func respond(
        to request: Request, context: AppRequestContext, path: String, contentType: String,
        extraHeaders: HTTPFields
    ) async throws -> Response {
        guard let opened = openFiles?.open(path) ?? OpenedFile(path: path) else {
            throw Problem(.notFound, "The file is missing on the server.")
        }
        let info = opened.info
        let size = info.size
        let modified = info.modified
        let etag = opened.etag
        var headers = extraHeaders
        // Room for the file's fields and the security headers added on the way out, in one allocation:
        // grown one by one, a range's fields took six (issue 35).
        headers.reserveCapacity(extraHeaders.count + 16)
        headers[.eTag] = etag
        headers[.lastModified] = opened.lastModified
        headers[.acceptRanges] = "bytes"
        let ifRange = request.headers[.ifRange]
        let outcome = ConditionalRequest.evaluate(
            ifNoneMatch: request.headers[.ifNoneMatch],
            ifModifiedSince: request.headers[.ifModifiedSince].flatMap(HTTPDate.parse),
            ifRange: ifRange, ifRangeDate: ifRange.flatMap(HTTPDate.parse), etag: etag, lastModified: modified)
        guard case .serve(let honourRange) = outcome else {
            return Response(status: .notModified, headers: headers)
        }
        let rangeHeader = honourRange ? request.headers[.range] : nil
        let answer = ByteRange.answer(header: rangeHeader, size: size)
        let head = request.method == .head
        headers[.contentType] = contentType
        let status: HTTPResponse.Status
        let range: ClosedRange<Int>
        switch answer {
        case .unsatisfiable:
            var problem = Problem(
                .rangeNotSatisfiable, "The requested range is outside the \(size) bytes of this file.")
            problem.headers = headers
            problem.headers[.contentRange] = ByteRange.contentRange(answer, size: size)
            problem.headers[.contentType] = nil
            throw problem
        case .whole:
            headers[.contentLength] = String(size)
            if head || size == 0 { return Response(status: .ok, headers: headers, body: .init()) }
            (status, range) = (.ok, 0...(size - 1))
        case .partial(let lower, let upper):
            headers[.contentRange] = ByteRange.contentRange(answer, size: size)
            headers[.contentLength] = String(upper - lower + 1)
            if head { return Response(status: .partialContent, headers: headers, body: .init()) }
            (status, range) = (.partialContent, lower...upper)
        }
        let file = opened.file
        if range.count <= Self.directReadLimit {
            guard let buffer = Self.read(fd: file.fd, offset: range.lowerBound, count: range.count) else {
                throw Problem(.notFound, "The file is missing on the server.")
            }
            return Response(status: status, headers: headers, body: .init(byteBuffer: buffer))
        }
        let body = ResponseBody(contentLength: range.count) { writer in
            var offset = range.lowerBound
            while offset <= range.upperBound {
                let count = min(Self.streamChunk, range.upperBound - offset + 1)
                guard let chunk = Self.read(fd: file.fd, offset: offset, count: count) else {
                    throw Problem(.internalServerError, "The file changed while it was sent.")
                }
                try await writer.write(chunk)
                offset += count
            }
            try await writer.finish(nil)
        }
        return Response(status: status, headers: headers, body: body)
    }

    /// `count` bytes at `offset` of an open file; nil when it is shorter or unreadable.
    static func read(fd: Int32, offset: Int, count: Int) -> ByteBuffer? {
        var buffer = ByteBufferAllocator().buffer(capacity: count)
        var done = 0
        while done < count {
            let wanted = count - done
            let got = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: wanted) { target in
                max(0, pread(fd, target.baseAddress, wanted, off_t(offset + done)))
            }
            if got == 0 { return nil }
            done += got
        }
        return buffer
    }
}

/// A file descriptor closed when the last reference to it goes (the streamed body holds it).
final class OpenFile: Sendable {
    let fd: Int32
    init(fd: Int32) { self.fd = fd }
    deinit { close(fd) }
}

/// Size and modification time (whole seconds) of a regular file.
struct FileInfo: Sendable {
    var size: Int
    var modified: Int
}

/// IMF-fixdate (RFC 9110 §5.6.7), e.g. "Sun, 06 Nov 1994 08:49:37 GMT", written and read by hand
/// (a `DateFormatter` costs more to make than the rest of a range request).
enum HTTPDate {
    static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func format(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return
            "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }

    /// Seconds since 1970 of an IMF-fixdate; nil for anything else.
    static func parse(_ text: String) -> Int? {
        let fields = text.trimmingCharacters(in: .whitespaces).split(separator: " ")
        guard fields.count == 6, fields[0].count == 4, fields[0].hasSuffix(","),
            days.contains(String(fields[0].dropLast())), fields[5] == "GMT",
            fields[1].count == 2, let day = Int(fields[1]), (1...31).contains(day),
            let month = months.firstIndex(of: String(fields[2])),
            fields[3].count == 4, let year = Int(fields[3]), year >= 1970
        else { return nil }
        let clock = fields[4].split(separator: ":")
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }), let hour = Int(clock[0]), hour < 24,
            let minute = Int(clock[1]), minute < 60, let second = Int(clock[2]), second < 61
        else { return nil }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        return Int(timegm(&parts))
    }
}
