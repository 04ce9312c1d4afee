import Foundation
import Hummingbird

/// A request's parameters: the query string and, for POST, a form-encoded body. A name may repeat
/// (`id=1&id=2`).
struct SubsonicParameters: Sendable {
    private var values: [String: [String]] = [:]

    init(_ pairs: [(String, String)]) {
        for (name, value) in pairs { values[name, default: []].append(value) }
    }

    /// The query and, for a form-encoded POST (up to 64 KiB), the body's fields.
    static func read(_ request: Request, context: AppRequestContext) async throws -> SubsonicParameters {
        var pairs = parse(request.uri.query ?? "")
        if request.method == .post,
            request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true
        {
            let body = try await request.collectBody(upTo: 64 << 10)
            pairs += parse(String(buffer: body))
        }
        return SubsonicParameters(pairs)
    }

    /// `a=1&b=x+y` → [("a", "1"), ("b", "x y")]; malformed escapes are kept as written.
    static func parse(_ query: String) -> [(String, String)] {
        query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            let value = parts.count > 1 ? decode(parts[1]) : ""
            return (name, value)
        }
    }

    /// `+` is a space and `%XX` a byte; when an escape is malformed or the bytes are not UTF-8, only
    /// the `+` are replaced. By hand on the UTF-8 bytes: Foundation's string calls cost more than
    /// the rest of a `ping`.
    static func decode(_ text: Substring) -> String {
        let plus = UInt8(ascii: "+")
        let percent = UInt8(ascii: "%")
        guard text.utf8.contains(where: { $0 == plus || $0 == percent }) else { return String(text) }
        let spaced = text.utf8.map { $0 == plus ? UInt8(ascii: " ") : $0 }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(spaced.count)
        var index = 0
        while index < spaced.count {
            guard spaced[index] == percent else {
                bytes.append(spaced[index])
                index += 1
                continue
            }
            guard index + 2 < spaced.count, let high = SafePathMiddleware.hexValue(spaced[index + 1]),
                let low = SafePathMiddleware.hexValue(spaced[index + 2])
            else { return String(decoding: spaced, as: UTF8.self) }
            bytes.append(high << 4 | low)
            index += 3
        }
        return String(validating: bytes, as: UTF8.self) ?? String(decoding: spaced, as: UTF8.self)
    }

    func string(_ name: String) -> String? { values[name]?.first }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ name: String) -> Bool { values[name] != nil }

    func required(_ name: String) throws -> String {
        guard let value = string(name), !value.isEmpty else { throw SubsonicError.missing(name) }
        return value
    }

    /// A whole number in `range`; `fallback` when absent.
    func int(_ name: String, default fallback: Int, in range: ClosedRange<Int>) throws -> Int {
        guard let text = string(name), !text.isEmpty else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw SubsonicError.invalid(name, "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    func optionalInt(_ name: String) throws -> Int? {
        guard let text = string(name), !text.isEmpty else { return nil }
        guard let value = Int(text) else { throw SubsonicError.invalid(name, "a whole number") }
        return value
    }

    func bool(_ name: String, default fallback: Bool) -> Bool {
        guard let text = string(name)?.lowercased() else { return fallback }
        return text == "true" || text == "1"
    }
}
