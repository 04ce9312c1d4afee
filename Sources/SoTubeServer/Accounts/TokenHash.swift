import Crypto
import Foundation
import SoTubeCore

/// Session and reset tokens: handed out once, stored only as SHA-256.
public enum TokenHash {
    /// Every signed-in request's session lookup hashes its token: the token's own UTF-8 and the
    /// digest's bytes are read in place, with no `Data` or array made of either.
    public static func of(_ token: String) -> String {
        var token = token
        let digest = token.withUTF8 { SHA256.hash(data: UnsafeRawBufferPointer($0)) }
        return digest.withUnsafeBytes { Hex.encode($0) }
    }
}
