import Crypto
import Foundation
import SoTubeCore

/// CSRF tokens bound to a session: an HMAC of the session's token hash under the server's key, so a
/// cookie pair planted by another site (or another session's token) does not pass.
public struct CSRFTokens: Sendable {
    private let key: [UInt8]

    public init(key: [UInt8]) { self.key = key }

    public func token(forSession sessionTokenHash: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(
            for: Data(("csrf:" + sessionTokenHash).utf8), using: SymmetricKey(data: key))
        return Array(code).base64URLString
    }

    /// Constant-time comparison of a presented token with the session's.
    public func isValid(_ presented: String?, forSession sessionTokenHash: String) -> Bool {
        guard let presented else { return false }
        return ConstantTime.equal(Array(token(forSession: sessionTokenHash).utf8), Array(presented.utf8))
    }
}
