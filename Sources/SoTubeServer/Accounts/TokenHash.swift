import Crypto
import Foundation
import SoTubeCore

/// Session and reset tokens: handed out once, stored only as SHA-256.
public enum TokenHash {
    public static func of(_ token: String) -> String {
        Hex.encode(SHA256.hash(data: Data(token.utf8)))
    }
}
