import Foundation
import SoTubeCore

/// Sessions for sign-ins whose proof happened elsewhere (an OpenID provider, a trusted proxy): no
/// password and no second factor here — those are the provider's business for these accounts.
extension AuthService {
    public func startExternalSession(for user: User, remember: Bool, client: String) async throws -> Login {
        guard !user.isLocked else {
            throw DomainError.forbidden(reason: "This account is locked. Contact the store to unlock it.")
        }
        try await accounts.recordSignIn(userID: user.id, address: client, at: clock.now())
        return try await startSession(for: user, remember: remember, deviceID: nil)
    }
}

extension AuthService {
    /// The proof a step that reaches the whole account needs (an app password): the account's
    /// password, or — for an account without one, made by a provider or a proxy — a sign-in there
    /// within the last 15 minutes.
    public func requirePasswordOrRecentSignIn(identity: Identity, password: String) async throws {
        let hash = try await accounts.credentials(id: identity.user.id)?.passwordHash ?? ""
        guard PasswordHasher.isPasswordHash(hash) else {
            guard clock.now().timeIntervalSince(identity.passwordProvedAt) <= OperatorRules.confirmationWindow else {
                throw DomainError.reauthenticationRequired(
                    reason: "Sign in again to continue: you signed in more than 15 minutes ago.")
            }
            return
        }
        try await requirePassword(userID: identity.user.id, password: password)
    }
}
