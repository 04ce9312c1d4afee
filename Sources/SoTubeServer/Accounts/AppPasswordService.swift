import Crypto
import Foundation
import SoTubeCore

/// Making, listing and revoking app passwords (the web app's "Connect a player").
public struct AppPasswordService: Sendable {
    let store: any AppPasswordStore
    let sealer: SecretSealer
    let clock: any SoTubeClock
    let ids: any IDSource

    public init(store: any AppPasswordStore, sealer: SecretSealer, clock: any SoTubeClock, ids: any IDSource) {
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
