import Hummingbird
import SoTubeCore

/// Guards the request path before the static files see it: a path holding a control character
/// (NUL and the rest, sent raw or percent-encoded) is a 400 problem, so `/app.js%00.html` is never
/// served as anything; a run of leading slashes (or backslashes, raw or encoded) becomes one, so no
/// directory redirect can point at `//another-host/`.
struct SafePathMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard !Self.holdsControlCharacter(request.uri.path) else {
            throw Problem(.badRequest, "The address holds a control character.")
        }
        guard let target = request.head.path, let collapsed = Self.collapsingLeadingSlashes(target) else {
            return try await next(request, context)
        }
        var head = request.head
        head.path = collapsed
        return try await next(Request(head: head, body: request.body), context)
    }

    /// Whether `path`, percent-decoded, holds a control character (U+0000–U+001F, U+007F–U+009F).
    static func holdsControlCharacter(_ path: String) -> Bool {
        // Most paths are printable ASCII without escapes: nothing to decode.
        if path.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "%") }) { return false }
        let text = String(decoding: percentDecoded(path), as: UTF8.self)
        return text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// `target` with its leading run of `/`, `\`, `%2F` and `%5C` made one `/`; nil when it has none
    /// to collapse.
    static func collapsingLeadingSlashes(_ target: String) -> String? {
        // The usual case, one `/` then a name: nothing to collapse.
        var bytes = target.utf8.makeIterator()
        if bytes.next() == UInt8(ascii: "/"), let second = bytes.next(),
            second != UInt8(ascii: "/"), second != UInt8(ascii: "\\"), second != UInt8(ascii: "%")
        {
            return nil
        }
        var rest = Substring(target)
        var count = 0
        while true {
            if rest.hasPrefix("/") || rest.hasPrefix("\\") {
                rest = rest.dropFirst()
            } else if ["%2F", "%5C"].contains(rest.prefix(3).uppercased()) {
                rest = rest.dropFirst(3)
            } else {
                break
            }
            count += 1
        }
        guard count > 1 else { return nil }
        return "/" + rest
    }

    /// The bytes `text` stands for with `%XX` escapes decoded (a malformed escape stays as it is).
    static func percentDecoded(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = Hex.nibble(bytes[index + 1]), let low = Hex.nibble(bytes[index + 2])
            {
                result.append(high << 4 | low)
                index += 3
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }
}
