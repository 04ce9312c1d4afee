import Foundation
import Hummingbird
import SoTubeCore

/// A request's parameters: the query string and, for POST, a form-encoded body. A name may repeat
/// (`id=1&id=2`). Kept as the list of pairs in order: a call has a handful, so a scan is cheaper
/// than building a dictionary of arrays for every request.
struct SubsonicParameters: Sendable {
    /// (name, value)
    private let pairs: [(String, String)]

    init(_ pairs: [(String, String)]) { self.pairs = pairs }

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

    /// `a=1&b=x+y` → [("a", "1"), ("b", "x y")]; malformed escapes are kept as written. One pass
    /// over the bytes (no arrays of pieces): a player's every call is parsed.
    static func parse(_ query: String) -> [(String, String)] {
        var pairs: [(String, String)] = []
        pairs.reserveCapacity(8)
        let utf8 = query.utf8
        var start = utf8.startIndex
        while start < utf8.endIndex {
            let end = utf8[start...].firstIndex(of: UInt8(ascii: "&")) ?? utf8.endIndex
            if start < end {
                let piece = query[start..<end]
                if let equals = piece.utf8.firstIndex(of: UInt8(ascii: "=")) {
                    pairs.append(
                        (decode(piece[piece.startIndex..<equals]), decode(piece[piece.index(after: equals)...])))
                } else {
                    pairs.append((decode(piece), ""))
                }
            }
            start = end < utf8.endIndex ? utf8.index(after: end) : end
        }
        return pairs
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
            guard index + 2 < spaced.count, let high = Hex.nibble(spaced[index + 1]),
                let low = Hex.nibble(spaced[index + 2])
            else { return String(decoding: spaced, as: UTF8.self) }
            bytes.append(high << 4 | low)
            index += 3
        }
        return String(validating: bytes, as: UTF8.self) ?? String(decoding: spaced, as: UTF8.self)
    }

    func string(_ name: String) -> String? { pairs.first { $0.0 == name }?.1 }
    func all(_ name: String) -> [String] { pairs.filter { $0.0 == name }.map(\.1) }
    func has(_ name: String) -> Bool { pairs.contains { $0.0 == name } }

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
