import Foundation
import Hummingbird

/// A Subsonic error (code and message), answered with HTTP 200 inside the envelope as every client
/// expects.
struct SubsonicError: Error, Sendable, Equatable {
    var code: Int
    var message: String

    /// 0: a generic error.
    static func generic(_ message: String) -> SubsonicError { .init(code: 0, message: message) }
    /// 10: a required parameter is missing.
    static func missing(_ name: String) -> SubsonicError {
        .init(code: 10, message: "Required parameter is missing: \(name)")
    }
    /// 40: wrong username or secret (one message for both).
    static let wrongCredentials = SubsonicError(code: 40, message: "Wrong username or password.")
    /// 43: several authentication methods in one request.
    static let mixedAuth = SubsonicError(
        code: 43, message: "Multiple conflicting authentication mechanisms provided.")
    /// 44: an API key the server does not know.
    static let badAPIKey = SubsonicError(code: 44, message: "Invalid API key.")
    /// 70: not found, or not among the caller's purchases.
    static func notFound(_ what: String) -> SubsonicError { .init(code: 70, message: "\(what) not found.") }
    /// A parameter with a value that cannot be used.
    static func invalid(_ name: String, _ reason: String) -> SubsonicError {
        .init(code: 0, message: "Invalid parameter \(name): \(reason)")
    }
}

/// The envelope and the two formats: XML by default, JSON with `f=json`.
struct SubsonicResponder: Sendable {
    static let apiVersion = "1.16.1"
    static let serverType = "sotube"
    static let serverVersion = "1.0.0"

    enum Format: Sendable {
        case xml
        case json
    }

    static func format(_ value: String?) -> Format {
        switch value?.lowercased() {
        case "json", "jsonp": return .json
        default: return .xml
        }
    }

    static func envelope(status: String) -> SubsonicElement {
        var root = SubsonicElement()
        root.set("status", status)
        root.set("version", apiVersion)
        root.set("type", serverType)
        root.set("serverVersion", serverVersion)
        root.set("openSubsonic", true)
        return root
    }

    /// The answer `{ status: ok, name: body }` (no body for ping-like methods).
    static func ok(_ body: [(String, SubsonicElement.Child)], format: Format) -> Response {
        if body.isEmpty { return emptyOK(format) }
        var root = envelope(status: "ok")
        for (name, child) in body { root.add(name, child: child) }
        return render(root, format: format)
    }

    /// `ping` and the other methods with nothing to say: the same bytes every time, made once.
    private static let emptyOKBodies = (
        xml: render(envelope(status: "ok"), format: .xml),
        json: render(envelope(status: "ok"), format: .json)
    )

    private static func emptyOK(_ format: Format) -> Response {
        switch format {
        case .xml: return emptyOKBodies.xml
        case .json: return emptyOKBodies.json
        }
    }

    static func failure(_ error: SubsonicError, format: Format) -> Response {
        var root = envelope(status: "failed")
        var element = SubsonicElement()
        element.set("code", error.code)
        element.set("message", error.message)
        root.add("error", element)
        return render(root, format: format)
    }

    static func render(_ root: SubsonicElement, format: Format) -> Response {
        var out = ""
        switch format {
        case .xml:
            out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
            SubsonicEncoding.xml(root, name: "subsonic-response", into: &out)
        case .json:
            out = "{\"subsonic-response\":"
            SubsonicEncoding.json(root, into: &out)
            out += "}"
        }
        return Response(
            status: .ok, headers: format == .xml ? xmlHeaders : jsonHeaders,
            body: .init(byteBuffer: ByteBuffer(string: out)))
    }

    /// Every envelope's headers, made once: its type, `no-store` and the security headers (`/rest`
    /// is outside the web app's middlewares, `ResponsePolicyMiddleware`).
    private static let xmlHeaders = headers(contentType: "application/xml; charset=utf-8")
    private static let jsonHeaders = headers(contentType: "application/json; charset=utf-8")

    private static func headers(contentType: String) -> HTTPFields {
        var headers: HTTPFields = [.contentType: contentType, .cacheControl: "no-store"]
        SecurityHeaders.add(to: &headers)
        return headers
    }
}
