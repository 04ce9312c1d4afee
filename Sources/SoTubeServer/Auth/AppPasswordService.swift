import Crypto
import Foundation
import SoTubeCore

/// Seals app-password secrets with AES-GCM under a key derived from the server secret
/// (`SecretKeyFile` or `SOTUBE_SECRET_KEY`) by HKDF-SHA256 with its own purpose label, so the CSRF
/// key and this one never coincide. Servers sharing a database share the server secret, hence this key.
public struct AppPasswordSealer: Sendable {
    /// The derived key's bytes (`SymmetricKey` is not `Sendable`).
    private let keyBytes: [UInt8]
    private var key: SymmetricKey { SymmetricKey(data: keyBytes) }
    static let purpose = "sotube app-password secrets v1"

    public init(serverSecret: [UInt8]) {
        keyBytes = ServerSecret.derive(serverSecret, purpose: Self.purpose)
    }

    func seal(_ secret: String) throws -> [UInt8] {
        guard let combined = try AES.GCM.seal(Data(secret.utf8), using: key).combined else {
            throw AppPasswordSealerError()
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

struct AppPasswordSealerError: Error {}

/// Making, listing and revoking app passwords (the web app's "Connect a player").
public struct AppPasswordService: Sendable {
    let store: any AppPasswordStore
    let sealer: AppPasswordSealer
    let clock: any SoTubeClock
    let ids: any IDSource

    public init(store: any AppPasswordStore, sealer: AppPasswordSealer, clock: any SoTubeClock, ids: any IDSource) {
        self.store = store
        self.sealer = sealer
        self.clock = clock
        self.ids = ids
    }

    /// A new app password and its secret (shown once).
    public func create(userID: String, label: String) async throws -> (password: AppPassword, secret: String) {
        try AppPasswordRules.validateLabel(label)
        let secret = AppPasswordRules.secret(from: ids.randomBytes(AppPasswordRules.secretBytes))
        let password = AppPassword(
            id: ids.makeID(), userID: userID, label: label.trimmingCharacters(in: .whitespacesAndNewlines),
            secretHash: TokenHash.of(secret), sealedSecret: try sealer.seal(secret), createdAt: clock.now(),
            lastUsedAt: nil)
        try await store.create(password)
        return (password, secret)
    }

    public func list(userID: String) async throws -> [AppPassword] {
        try await store.list(userID: userID)
    }

    /// Revokes at once; notFound when the user has no app password with this id.
    public func revoke(userID: String, id: String) async throws {
        guard try await store.delete(userID: userID, id: id) else {
            throw DomainError.notFound(what: "This app password")
        }
    }
}
