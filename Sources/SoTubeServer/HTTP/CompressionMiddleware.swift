import CompressNIO
import HTTPTypes
import Hummingbird
import NIOConcurrencyHelpers

/// gzip for text answers — the web app's HTML, CSS and JavaScript, JSON and problem documents, SVG —
/// when the client sends `Accept-Encoding: gzip`. Works on any route's answer (so routes added later
/// get it too) and never touches audio, pictures, archives, partial (206) answers or answers that
/// already carry a `Content-Encoding`. Every answer of a compressible type says
/// `Vary: Accept-Encoding`, compressed or not, so a shared cache keeps both forms apart. Answers with
/// an ETag (the web app's files) are compressed once and kept (up to `cacheBytes`).
struct CompressionMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Smaller answers are sent as they are (the gzip header and the work are not worth it).
    static var minimumSize: Int { 1024 }
    /// Larger answers (or answers of unknown length) are streamed as they are.
    static var maximumSize: Int { 8 << 20 }
    let kept = CompressedAnswers(cacheBytes: 32 << 20)

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var response = try await next(request, context)
        guard let type = response.headers[.contentType], Self.isCompressible(contentType: type) else {
            return response
        }
        Self.addVary(&response.headers)
        // The cheap checks first: most JSON answers are under `minimumSize`.
        guard request.method == .get, response.status == .ok, let length = response.body.contentLength,
            length >= Self.minimumSize, length <= Self.maximumSize, !response.headers.contains(.contentEncoding),
            !response.headers.contains(.contentRange), Self.acceptsGzip(request.headers[values: .acceptEncoding])
        else { return response }
        let key = response.headers[.eTag].map { "\(request.uri.path)|\($0)" }
        let compressed: ByteBuffer
        if let key, let hit = kept.get(key) {
            compressed = hit
        } else {
            var plain = try await Self.collect(response.body, capacity: length)
            compressed = try plain.compress(with: .gzip())
            if let key { kept.put(key, compressed) }
        }
        response.headers[.contentEncoding] = "gzip"
        response.headers[.contentLength] = String(compressed.readableBytes)
        response.body = ResponseBody(byteBuffer: compressed)
        return response
    }

    /// Text formats only: audio, pictures (but SVG), archives and anything else are left alone.
    static func isCompressible(contentType: String) -> Bool {
        // The types this server sends most, as it writes them: no parsing.
        switch contentType {
        case "application/json", "application/json; charset=utf-8", "application/xml; charset=utf-8",
            "text/xml; charset=utf-8", "application/problem+json":
            return true
        case "audio/mpeg", "image/jpeg", "image/webp": return false
        default: break
        }
        let type = HeaderText.token(contentType.prefix { $0 != ";" })
        if type.hasPrefix("text/") { return true }
        switch type {
        case "application/json", "application/problem+json", "application/javascript", "application/xml",
            "application/manifest+json", "image/svg+xml":
            return true
        default:
            return type.hasPrefix("application/") && (type.hasSuffix("+json") || type.hasSuffix("+xml"))
        }
    }

    /// Whether `Accept-Encoding` lists gzip (or `*`) without `q=0`.
    static func acceptsGzip(_ values: [String]) -> Bool {
        guard !values.isEmpty else { return false }
        for item in values.joined(separator: ",").split(separator: ",") {
            let parts = item.split(separator: ";").map(HeaderText.token)
            guard let coding = parts.first, coding == "gzip" || coding == "x-gzip" || coding == "*" else { continue }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) }
            let refused = quality == 0
            if !refused { return true }
        }
        return false
    }

    static func addVary(_ headers: inout HTTPFields) {
        guard headers.contains(.vary) else {
            headers.append(HTTPField(name: .vary, value: "Accept-Encoding"))
            return
        }
        let vary = headers[values: .vary].flatMap { $0.split(separator: ",") }.map(HeaderText.token)
        guard !vary.contains("accept-encoding"), !vary.contains("*") else { return }
        headers.append(HTTPField(name: .vary, value: "Accept-Encoding"))
    }

    /// The whole body in one buffer.
    static func collect(_ body: ResponseBody, capacity: Int) async throws -> ByteBuffer {
        let sink = BodySink(capacity: capacity)
        try await body.write(sink)
        return sink.buffer.withLockedValue { $0 }
    }
}

/// A body writer that keeps what it is given.
private struct BodySink: ResponseBodyWriter {
    let buffer: NIOLockedValueBox<ByteBuffer>

    init(capacity: Int) { buffer = NIOLockedValueBox(ByteBufferAllocator().buffer(capacity: capacity)) }

    mutating func write(_ part: ByteBuffer) async throws {
        var part = part
        buffer.withLockedValue { _ = $0.writeBuffer(&part) }
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

/// Compressed answers by path and ETag, dropped together when they pass `cacheBytes`.
final class CompressedAnswers: Sendable {
    private struct State {
        var answers: [String: ByteBuffer] = [:]
        var bytes = 0
    }
    let cacheBytes: Int
    private let state = NIOLockedValueBox(State())

    init(cacheBytes: Int) { self.cacheBytes = cacheBytes }

    func get(_ key: String) -> ByteBuffer? { state.withLockedValue { $0.answers[key] } }

    func put(_ key: String, _ answer: ByteBuffer) {
        state.withLockedValue { state in
            if state.bytes + answer.readableBytes > cacheBytes {
                state.answers.removeAll()
                state.bytes = 0
            }
            state.answers[key] = answer
            state.bytes += answer.readableBytes
        }
    }
}
