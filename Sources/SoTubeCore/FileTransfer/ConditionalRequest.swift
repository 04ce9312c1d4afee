/// RFC 9110 §13 preconditions for a GET/HEAD of a file: If-None-Match, If-Modified-Since and If-Range.
public enum ConditionalRequest {
    public enum Outcome: Equatable, Sendable {
        /// 304 Not Modified.
        case notModified
        /// Serve the body; `honourRange` is false when If-Range did not match.
        case serve(honourRange: Bool)
    }

    /// `etag` is a strong entity tag including quotes; times are whole seconds since 1970.
    public static func evaluate(
        ifNoneMatch: String?, ifModifiedSince: Int?, ifRange: String?, ifRangeDate: Int?, etag: String,
        lastModified: Int
    ) -> Outcome {
        if let ifNoneMatch {
            if matches(ifNoneMatch, etag: etag, weak: true) { return .notModified }
        } else if let ifModifiedSince, lastModified <= ifModifiedSince {
            return .notModified
        }
        guard let ifRange else { return .serve(honourRange: true) }
        let value = ifRange.trimmingSpaces()
        if value.hasPrefix("\"") {
            return .serve(honourRange: value == etag)  // strong comparison only
        }
        guard let ifRangeDate else { return .serve(honourRange: false) }
        return .serve(honourRange: ifRangeDate == lastModified)
    }

    /// Whether an If-None-Match list names `etag` (weak comparison) or is `*`.
    public static func matches(_ list: String, etag: String, weak: Bool) -> Bool {
        let bare = etag.hasPrefix("W/") ? String(etag.dropFirst(2)) : etag
        for item in list.split(separator: ",") {
            let tag = item.trimmingSpaces()
            if tag == "*" { return true }
            let candidate = weak && tag.hasPrefix("W/") ? tag.dropFirst(2) : tag
            if candidate == bare { return true }
        }
        return false
    }
}
