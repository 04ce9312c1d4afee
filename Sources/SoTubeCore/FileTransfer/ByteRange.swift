/// RFC 9110 §14 byte ranges for one representation of `size` bytes.
///
/// `bytes=a-b`, `bytes=a-` and `bytes=-n` (suffix) are understood; `b` past the end is clamped.
/// A header that is not a syntactically valid byte-range set is ignored (the whole body is sent),
/// as the RFC allows. A set of several ranges is answered with the smallest single range that
/// covers them all (RFC 9110 lets a server coalesce), so there is never a multipart body.
public enum ByteRangeAnswer: Equatable, Sendable {
    /// Send the whole representation with 200.
    case whole
    /// Send bytes `lower...upper` (inclusive) with 206.
    case partial(lower: Int, upper: Int)
    /// 416 with `Content-Range: bytes */size`.
    case unsatisfiable
}

public enum ByteRange {
    /// One parsed range spec before it is resolved against a size.
    enum Spec: Equatable {
        case from(Int, to: Int?)
        case suffix(Int)
    }

    /// What to answer to `header` (the Range field value) for a body of `size` bytes.
    public static func answer(header: String?, size: Int) -> ByteRangeAnswer {
        guard let header, let specs = parse(header) else { return .whole }
        var lower = Int.max
        var upper = -1
        for spec in specs {
            guard let (a, b) = resolve(spec, size: size) else { continue }
            lower = min(lower, a)
            upper = max(upper, b)
        }
        guard upper >= 0, lower <= upper else { return .unsatisfiable }
        return .partial(lower: lower, upper: upper)
    }

    /// The `Content-Range` value for a satisfied range or for a 416.
    public static func contentRange(_ answer: ByteRangeAnswer, size: Int) -> String? {
        switch answer {
        case .whole: return nil
        case .partial(let lower, let upper): return "bytes \(lower)-\(upper)/\(size)"
        case .unsatisfiable: return "bytes */\(size)"
        }
    }

    /// Parses `bytes=spec, spec`; nil when the header is not a valid byte-range set. Read as UTF-8
    /// bytes: every seek of a player is a range request, and Character-by-Character parsing cost 2 %
    /// of one.
    static func parse(_ header: String) -> [Spec]? {
        var header = header
        return header.withUTF8 { parse(bytes: $0) }
    }

    static func parse(bytes: UnsafeBufferPointer<UInt8>) -> [Spec]? {
        func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        /// `lower..<upper` without the spaces and tabs around it.
        func trimmed(_ lower: Int, _ upper: Int) -> Range<Int> {
            var (lower, upper) = (lower, upper)
            while lower < upper, isSpace(bytes[lower]) { lower += 1 }
            while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
            return lower..<upper
        }
        let whole = trimmed(0, bytes.count)
        guard let equals = whole.first(where: { bytes[$0] == UInt8(ascii: "=") }) else { return nil }
        let unit = trimmed(whole.lowerBound, equals)
        guard unit.count == 5,
            zip(unit, "bytes".utf8).allSatisfy({ bytes[$0.0] | 0x20 == $0.1 })
        else { return nil }
        var specs: [Spec] = []
        var start = equals + 1
        while start <= whole.upperBound {
            var end = start
            while end < whole.upperBound, bytes[end] != UInt8(ascii: ",") { end += 1 }
            defer { start = end + 1 }
            let part = trimmed(start, end)
            if part.isEmpty { continue }  // RFC 9110 allows empty list elements
            guard let dash = part.first(where: { bytes[$0] == UInt8(ascii: "-") }) else { return nil }
            let first = part.lowerBound..<dash
            let last = (dash + 1)..<part.upperBound
            if first.isEmpty {
                guard let n = digits(bytes, last) else { return nil }
                specs.append(.suffix(n))
            } else {
                guard let a = digits(bytes, first) else { return nil }
                if last.isEmpty {
                    specs.append(.from(a, to: nil))
                } else {
                    guard let b = digits(bytes, last), b >= a else { return nil }
                    specs.append(.from(a, to: b))
                }
            }
        }
        return specs.isEmpty ? nil : specs
    }

    /// The inclusive byte positions a spec selects in `size` bytes, or nil when it selects none.
    static func resolve(_ spec: Spec, size: Int) -> (Int, Int)? {
        guard size > 0 else { return nil }
        switch spec {
        case .from(let a, let b):
            guard a < size else { return nil }
            return (a, min(b ?? size - 1, size - 1))
        case .suffix(let n):
            guard n > 0 else { return nil }
            return (max(0, size - n), size - 1)
        }
    }

    /// A non-empty run of ASCII digits as an Int (values past Int.max clamp to Int.max).
    static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty else { return nil }
        var value = 0
        var overflowed = false
        for index in range {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(Int(digit))
            overflowed = overflowed || o1 || o2
            value = sum
        }
        return overflowed ? Int.max : value
    }
}

extension StringProtocol {
    /// Without the spaces and tabs around it (HTTP's optional whitespace), with no Foundation.
    public func trimmingSpaces() -> Substring {
        let scalars = Substring(self)
        let start = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }) ?? scalars.endIndex
        let end =
            scalars.lastIndex(where: { $0 != " " && $0 != "\t" }).map { scalars.index(after: $0) }
            ?? start
        return start < end ? scalars[start..<end] : scalars[start..<start]
    }
}
