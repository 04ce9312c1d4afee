import Foundation

/// One route of the store's HTTP interface, declared once: its method and path pattern, who may call
/// it, what it takes and answers, and the problems it answers with.
///
/// The server registers each handler against a `Route` (a handler without one, or a route without a
/// handler, fails `RouteTableTests`), the OpenAPI document is generated from ``Route/all``, SoTubeKit
/// sends requests through it and the web app's `Public/js/endpoints.js` is generated from it
/// (`sotube routes --js`; a test fails when the committed file is stale).
///
/// ```swift
/// Route.album.path("al1")                  // "/api/v1/albums/al1"
/// Route.search.path(query: ["q": "back in"]) // "/api/v1/search?q=back%20in"
/// ```
public struct Route: Sendable, Hashable, CustomStringConvertible {
    public enum Method: String, Sendable, CaseIterable {
        case get = "GET"
        case head = "HEAD"
        case post = "POST"
        case put = "PUT"
        case patch = "PATCH"
        case delete = "DELETE"
    }

    /// Who may call a route.
    public enum Access: String, Sendable {
        /// Anyone; a signed-in caller is recognised (owned songs, their prices).
        case anyone
        /// A signed-in user (a bearer token or the session cookie with its CSRF token): 401 otherwise.
        case user
        /// A payment provider's hosted page: authorised by the unguessable id in its path, no session.
        case hostedPage
        /// A music player: a Subsonic app password in the query, no session or cookie.
        case appPassword
        /// A signed-in operator (the console, `/api/v1/admin/…`): 401 to a guest, 403 to a buyer.
        case `operator`
        /// A signed-in artist or label (`/api/v1/artist/…`): 401 to a guest, 403 to anyone else.
        case seller
    }

    /// A response the route documents: its description and, for a JSON body, the schema's name.
    public struct Answer: Sendable, Hashable {
        public var description: String
        public var schema: String?

        public init(description: String, schema: String? = nil) {
            self.description = description
            self.schema = schema
        }
    }

    public let method: Method
    /// The path pattern, `{name}` standing for one segment: `/api/v1/tracks/{id}/audio`.
    public let path: String
    public let summary: String
    public let tag: String
    public let access: Access
    /// A player's seeks reuse a session it checked a moment ago (`AuthService`'s remembered sessions):
    /// audio reads only.
    public let remembersSessions: Bool
    /// The name of the JSON request body's schema.
    public let requestSchema: String?
    /// A binary request body of this type (an uploaded image) instead of a JSON one.
    public let requestContentType: String?
    /// Status → answer; statuses ≥ 400 are problem documents (`application/problem+json`).
    public let responses: [Int: Answer]
    /// An operator's action that changes money or accounts: the password must have been proved (a
    /// sign-in or `POST /api/v1/admin/reauth`) within the last 15 minutes, else 403
    /// `urn:sotube:problem:reauthenticate` and nothing changes.
    public let needsRecentPassword: Bool
    /// Query parameter → description.
    public let query: [String: String]
    /// Request header → description.
    public let headers: [String: String]
    /// The body's type for non-JSON answers (audio, images, HTML).
    public let responseContentType: String
    /// Error statuses a page route answers with a page of `responseContentType` besides the problem
    /// document any route may give.
    public let pageStatuses: Set<Int>
    /// The name of the web app's URL function for this path (`Public/js/endpoints.js`); nil for paths
    /// the web app never calls. Every method of one path has the same name.
    public let webName: String?
    /// The path cut at its `{…}` segments (the text before the first, between each, after the last),
    /// so a URL is a few appends: search answers build one per result.
    private let literals: [String]

    public init(
        _ method: Method, _ path: String, _ summary: String, tag: String, access: Access = .anyone,
        remembersSessions: Bool = false, request: String? = nil, requestContentType: String? = nil,
        responses: [Int: (String, String?)], query: [String: String] = [:],
        headers: [String: String] = [:], responseContentType: String = "application/json",
        pageStatuses: Set<Int> = [], web: String? = nil, needsRecentPassword: Bool = false
    ) {
        self.needsRecentPassword = needsRecentPassword
        self.method = method
        self.path = path
        self.summary = summary
        self.tag = tag
        self.access = access
        self.remembersSessions = remembersSessions
        self.requestSchema = request
        self.requestContentType = requestContentType
        var answers: [Int: Answer] = [:]
        for (status, (description, schema)) in responses {
            answers[status] = Answer(description: description, schema: schema)
        }
        self.responses = answers
        self.query = query
        self.headers = headers
        self.responseContentType = responseContentType
        self.pageStatuses = pageStatuses
        self.webName = web
        var literals: [String] = []
        var current = ""
        for (index, part) in path.split(separator: "/", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { current += "/" }
            if part.hasPrefix("{"), part.hasSuffix("}") {
                literals.append(current)
                current = ""
            } else {
                current += part
            }
        }
        literals.append(current)
        self.literals = literals
    }

    /// `GET /api/v1/albums/{id}`.
    public var description: String { "\(method.rawValue) \(path)" }

    public static func == (lhs: Route, rhs: Route) -> Bool { lhs.method == rhs.method && lhs.path == rhs.path }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(path)
    }

    /// The names of the path's `{…}` segments, in order.
    public var parameters: [String] { Route.parametersOf(path) }

    /// The names of `path`'s `{…}` segments, in order.
    public static func parametersOf(_ path: String) -> [String] {
        path.split(separator: "/").compactMap { part in
            part.hasPrefix("{") && part.hasSuffix("}") ? String(part.dropFirst().dropLast()) : nil
        }
    }

    /// The path with `values` in its `{…}` segments, in order, each percent-encoded as one segment,
    /// then `query`'s non-nil values in the order given.
    public func path(_ values: String..., query items: KeyValuePairs<String, String?> = [:]) -> String {
        path(values: values, query: items)
    }

    /// The path with `values` in its `{…}` segments, in order, then `query`'s non-nil values.
    public func path(values: [String], query items: KeyValuePairs<String, String?> = [:]) -> String {
        var next = values.makeIterator()
        var text = literals.first ?? ""
        for literal in literals.dropFirst() {
            text += Route.segment(next.next() ?? "") + literal
        }
        return text + Route.query(items)
    }

    /// Whether `requestPath` (no query) is this route's path pattern with one segment in each `{…}`.
    public func matches(path requestPath: Substring) -> Bool {
        let pattern = path.split(separator: "/")
        let parts = requestPath.split(separator: "/")
        guard pattern.count == parts.count else { return false }
        return zip(pattern, parts).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
    }

    /// The path pattern as a JavaScript regular expression source, `{…}` matching one segment.
    public var pathRegex: String {
        let parts = path.split(separator: "/").map { part in
            part.hasPrefix("{") ? "[^/]+" : part.replacingOccurrences(of: ".", with: "\\.")
        }
        return "^\\/" + parts.joined(separator: "\\/") + "$"
    }
}

// MARK: Encoding

extension Route {
    /// `text` percent-encoded as one path segment (a `/` in it does not start a new segment): every
    /// UTF-8 byte but those JavaScript's `encodeURIComponent` leaves as they are
    /// (`A–Z a–z 0–9 - _ . ! ~ * ' ( )`), so the web app and Swift clients build the same URLs.
    /// Written by hand: Foundation's `addingPercentEncoding` cost a search answer 3 % of its CPU,
    /// for the artwork URLs of its results.
    public static func segment(_ text: String) -> String {
        guard text.utf8.contains(where: { !isUnreserved($0) }) else { return text }
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default: return "-_.!~*'()".utf8.contains(byte)
        }
    }

    /// `?name=value&...` for the non-nil values in the order given, or "" when all are nil.
    static func query(_ items: KeyValuePairs<String, String?>) -> String {
        let pairs = items.compactMap { name, value in value.map { "\(name)=\(segment($0))" } }
        return pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&")
    }
}
