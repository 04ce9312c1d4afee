import Foundation

/// Persistence for accounts, sessions and password resets. Every backend implements it and
/// passes the same contract suite.
public protocol AccountStore: Sendable {
    /// Inserts a user. Throws `DomainError.conflict(field: "username" | "email")` when taken.
    func createUser(_ user: User, passwordHash: String) async throws
    func user(id: String) async throws -> User?
    func credentials(username: String) async throws -> UserCredentials?
    func credentials(id: String) async throws -> UserCredentials?
    func user(email: String) async throws -> User?
    func listUsers() async throws -> [User]
    /// Changes the username. Throws conflict when the new one is taken.
    func renameUser(id: String, to newUsername: String) async throws
    /// Changes the name shown for the user (checked by `AccountRules.displayName`).
    func setDisplayName(userID: String, to name: String) async throws
    /// Remembers the language the user reads (mail is written in it).
    func setLanguage(userID: String, language: String) async throws
    /// Stores a new password hash, ends every session except `keepSession` (a token hash), every
    /// outstanding password reset and every app password of the user, in one transaction.
    func setPassword(userID: String, passwordHash: String, keepSession: String?) async throws
    /// Ends every session of the user (the operator turning two-step sign-in off).
    func endSessions(userID: String) async throws
    /// Remembers `address` as the client address of the user's last successful sign-in.
    func recordSignIn(userID: String, address: String, at: Date) async throws
    /// The client address of the user's last successful sign-in, nil when none was recorded.
    func lastSignInAddress(userID: String) async throws -> String?

    func createSession(_ session: Session) async throws
    /// The live session for a token hash, or nil when unknown or expired at `now`.
    func session(tokenHash: String, now: Date) async throws -> Session?
    /// The live session for a token hash together with its user, in one lookup (every request does it).
    func sessionWithUser(tokenHash: String, now: Date) async throws -> (session: Session, user: User)?
    func deleteSession(tokenHash: String) async throws

    func createPasswordReset(_ reset: PasswordReset) async throws
    /// Marks the reset used and returns it, only if it exists, is unused and unexpired at `now`.
    func consumePasswordReset(tokenHash: String, now: Date) async throws -> PasswordReset?
    /// Deletes sessions and password resets that expired (or were used) before `now`; returns how many.
    func sweepExpired(now: Date) async throws -> Int
}
