import Crypto
import Foundation

/// Seals secrets the server must read back (app-password secrets for Subsonic token auth, TOTP
/// secrets) with AES-GCM under a key derived from the server secret (`SecretKeyFile` or
/// `SOTUBE_SECRET_KEY`) by HKDF-SHA256 with a purpose label of its own, so no two purposes (nor the
/// CSRF key) share a key. Servers sharing a database share the server secret, hence these keys.
public struct SecretSealer: Sendable {
    /// The derived key's bytes (`SymmetricKey` is not `Sendable`).
    private let keyBytes: [UInt8]
    private var key: SymmetricKey { SymmetricKey(data: keyBytes) }

    public init(serverSecret: [UInt8], purpose: String) {
        keyBytes = ServerSecret.derive(serverSecret, purpose: purpose)
    }

    /// The sealer of app-password secrets.
    public static func appPasswords(serverSecret: [UInt8]) -> SecretSealer {
        SecretSealer(serverSecret: serverSecret, purpose: "sotube app-password secrets v1")
    }

    /// The sealer of TOTP secrets (two-step sign-in).
    public static func twoFactor(serverSecret: [UInt8]) -> SecretSealer {
        SecretSealer(serverSecret: serverSecret, purpose: "sotube totp secrets v1")
    }

    func seal(_ secret: String) throws -> [UInt8] {
        guard let combined = try AES.GCM.seal(Data(secret.utf8), using: key).combined else {
            throw SecretSealerError()
        }
        return Array(combined)
    }

    /// The secret, nil when the box was sealed under another key or altered.
    func open(_ sealed: [UInt8]) -> String? {
        guard let box = try? AES.GCM.SealedBox(combined: sealed), let data = try? AES.GCM.open(box, using: key)
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}

struct SecretSealerError: Error {}
