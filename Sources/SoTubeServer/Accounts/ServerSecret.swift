import Crypto
import Foundation

/// Keys for one purpose each, derived from the server secret (`SecretKeyFile` or
/// `SOTUBE_SECRET_KEY`) by HKDF-SHA256, so no two purposes share a key and servers sharing the
/// secret share every derived key (none is made per process).
public enum ServerSecret {
    public static func derive(_ secret: [UInt8], purpose: String, byteCount: Int = 32) -> [UInt8] {
        let key = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: secret), salt: Data("sotube".utf8), info: Data(purpose.utf8),
            outputByteCount: byteCount)
        return key.withUnsafeBytes { Array($0) }
    }
}
