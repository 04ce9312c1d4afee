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

    /// Parses `bytes=spec, spec`; nil when the header is not a valid byte-range set.
    static func parse(_ header: String) -> [Spec]? {
        let trimmed = header.trimmingSpaces()
        guard let equals = trimmed.firstIndex(of: "=") else { return nil }
        let unit = trimmed[..<equals].trimmingSpaces().lowercased()
        guard unit == "bytes" else { return nil }
        let parts = trimmed[trimmed.index(after: equals)...].split(
            separator: ",", omittingEmptySubsequences: false)
        var specs: [Spec] = []
        for raw in parts {
            let part = raw.trimmingSpaces()
            if part.isEmpty { continue }  // RFC 9110 allows empty list elements
            guard let dash = part.firstIndex(of: "-") else { return nil }
            let first = part[..<dash]
            let last = part[part.index(after: dash)...]
            if first.isEmpty {
                guard let n = digits(last) else { return nil }
                specs.append(.suffix(n))
            } else {
                guard let a = digits(first) else { return nil }
                if last.isEmpty {
                    specs.append(.from(a, to: nil))
                } else {
                    guard let b = digits(last), b >= a else { return nil }
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

    /// A non-empty run of ASCII digits that fits in an Int (huge values clamp to Int.max).
    static func digits(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text) ?? Int.max
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
