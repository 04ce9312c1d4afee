import Foundation

/// application/x-www-form-urlencoded (RFC 6749 appendix B, Stripe's API): everything but the
/// unreserved ASCII characters percent-encoded, non-ASCII letters included.
enum FormEncoding {
    static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    static func encode(_ form: [(String, String)]) -> String {
        form.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&")
    }
}
