import Crypto
import Foundation

/// How a store signs in to an upstream Subsonic server, and what its error codes mean.
public enum SubsonicRules {
    /// The client name sent as `c`.
    public static let clientName = "SoTube"
    /// The protocol version asked for (`v`): token auth needs 1.13.
    public static let apiVersion = "1.16.1"

    public enum Auth: String, Sendable, Codable {
        /// `t = md5(password + s)`, `s` a fresh salt per request; `p=enc:HEX` where the server lacks it.
        case password
        /// OpenSubsonic `apiKey` (the secret is the key; no user is sent).
        case apiKey
    }

    /// The sign-in part of a request's query.
    public static func credentials(auth: Auth, user: String, secret: String, salt: String, tokens: Bool)
        -> [(String, String)]
    {
        switch auth {
        case .apiKey:
            return [("apiKey", secret)]
        case .password where tokens:
            let token = Insecure.MD5.hash(data: Data((secret + salt).utf8)).map { String(format: "%02x", $0) }.joined()
            return [("u", user), ("t", token), ("s", salt)]
        case .password:
            return [("u", user), ("p", "enc:" + Data(secret.utf8).map { String(format: "%02x", $0) }.joined())]
        }
    }

    /// Whether an error answer to a token sign-in means the server takes only passwords (supysonic
    /// answers 10, a missing `p`; LDAP users of Subsonic get 41).
    public static func tokensUnsupported(code: Int) -> Bool { code == 10 || code == 41 }

    /// An upstream error, worded for the operator.
    public static func error(code: Int, message: String, method: String) -> SourceError {
        let said = message.isEmpty ? "" : ": \(message)"
        switch code {
        case 40, 44:
            return SourceError(.refused, "The upstream server refused the sign-in (Subsonic error \(code)\(said))")
        case 41, 42, 43:
            return SourceError(
                .refused, "The upstream server refused this way of signing in (Subsonic error \(code)\(said))")
        case 50 where method == "download" || method == "stream":
            return SourceError(
                .refused,
                "The upstream user may not download songs (Subsonic error 50\(said)): allow downloads for it upstream")
        case 50:
            return SourceError(.refused, "The upstream user may not use \(method) (Subsonic error 50\(said))")
        case 20, 30:
            return SourceError(
                .unreadable, "The upstream server speaks another Subsonic version (error \(code)\(said))")
        default:
            return SourceError(.unreadable, "The upstream server answered \(method) with Subsonic error \(code)\(said)")
        }
    }
}
