import Foundation
import Hummingbird
import SoTubeCore

/// Answers GET/HEAD for one file on disk: RFC 9110 ranges (parsed by `ByteRange` in SoTubeCore),
/// ETag, Last-Modified, If-None-Match, If-Modified-Since and If-Range.
struct FileResponder {
    var fileIO = FileIO()

    func respond(
        to request: Request, context: AppRequestContext, file: URL, contentType: String,
        extraHeaders: HTTPFields
    ) async throws -> Response {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
            let size = (attributes[.size] as? NSNumber)?.intValue
        else { throw Problem(.notFound, "The file is missing on the server.") }
        let modified = Int((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)
        let etag = "\"\(StableHash.hex("\(file.path)|\(size)|\(modified)"))\""
        var headers = extraHeaders
        headers[.eTag] = etag
        headers[.lastModified] = HTTPDate.format(modified)
        headers[.acceptRanges] = "bytes"
        let outcome = ConditionalRequest.evaluate(
            ifNoneMatch: request.headers[.ifNoneMatch],
            ifModifiedSince: request.headers[.ifModifiedSince].flatMap(HTTPDate.parse),
            ifRange: request.headers[.ifRange],
            ifRangeDate: request.headers[.ifRange].flatMap(HTTPDate.parse), etag: etag,
            lastModified: modified)
        guard case .serve(let honourRange) = outcome else {
            return Response(status: .notModified, headers: headers)
        }
        let rangeHeader = honourRange ? request.headers[.range] : nil
        let answer = ByteRange.answer(header: rangeHeader, size: size)
        let head = request.method == .head
        headers[.contentType] = contentType
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
            return Response(
                status: .ok, headers: headers,
                body: try await fileIO.loadFile(path: file.path, context: context))
        case .partial(let lower, let upper):
            headers[.contentRange] = ByteRange.contentRange(answer, size: size)
            headers[.contentLength] = String(upper - lower + 1)
            if head { return Response(status: .partialContent, headers: headers, body: .init()) }
            let body = try await fileIO.loadFile(path: file.path, range: lower...upper, context: context)
            return Response(status: .partialContent, headers: headers, body: body)
        }
    }
}

/// IMF-fixdate (RFC 9110 §5.6.7), e.g. "Sun, 06 Nov 1994 08:49:37 GMT".
enum HTTPDate {
    static func formatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }

    static func format(_ seconds: Int) -> String {
        formatter().string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    static func parse(_ text: String) -> Int? {
        formatter().date(from: text.trimmingCharacters(in: .whitespaces)).map {
            Int($0.timeIntervalSince1970)
        }
    }
}
