import HTTPTypes
import Hummingbird

/// The browser-side defences on every answer:
/// - a `Content-Security-Policy` that runs scripts only from this server (no inline script, no
///   `eval`), loads everything else from here too, and lets no other site frame the page
///   (clickjacking: a hidden Buy button). The embed pages set their own (`SecurityHeaders.embed`).
/// - `X-Content-Type-Options: nosniff` (an uploaded or served file is never run as another type),
///   `Referrer-Policy` (other sites see our origin, never a page's path or query), and the older
///   `X-Frame-Options` for browsers without `frame-ancestors`.
/// With Stripe on, the app's policy also lets Stripe.js load from, talk to and frame its own origins.
/// `ResponsePolicyMiddleware` adds them.
enum SecurityHeaders {
    /// Inline `<style>` stays allowed (the server-rendered pages carry their small styles inline);
    /// inline script does not.
    static let sources =
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
        + "media-src 'self' blob:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; object-src 'none'; "
        + "base-uri 'self'; form-action 'self'"
    static let app = sources + "; frame-ancestors 'self'"
    /// The embeddable players may be framed by any site.
    static let embed = sources + "; frame-ancestors *"

    static let frameOptions = HTTPField.Name("X-Frame-Options")!
    static let contentTypeOptions = HTTPField.Name("X-Content-Type-Options")!
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!

    /// The app's policy with a payment provider's script origins allowed for scripts, requests and frames.
    static func appPolicy(allowing origins: [String]) -> String {
        let list = origins.joined(separator: " ")
        return sources.replacingOccurrences(of: "script-src 'self'", with: "script-src 'self' \(list)")
            .replacingOccurrences(of: "connect-src 'self'", with: "connect-src 'self' \(list)")
            + "; frame-src \(list); frame-ancestors 'self'"
    }

    /// The app's policy unless the answer set its own, and the other three headers.
    static func add(to headers: inout HTTPFields, policy: String = app) {
        if headers[.contentSecurityPolicy] == nil {
            headers[.contentSecurityPolicy] = policy
            headers[frameOptions] = "SAMEORIGIN"
        }
        headers[contentTypeOptions] = "nosniff"
        headers[referrerPolicy] = "strict-origin-when-cross-origin"
    }
}
