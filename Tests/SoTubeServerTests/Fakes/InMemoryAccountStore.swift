import Foundation
import SoTubeCore

/// Accounts, sessions and password resets in memory: the auth controllers tested without SQL.
actor InMemoryAccountStore: AccountStore {
    private var users: [String: UserCredentials] = [:]
    private var sessions: [String: Session] = [:]
    private var resets: [String: PasswordReset] = [:]
    private var signIns: [String: String] = [:]

    func createUser(_ user: User, passwordHash: String) throws {
        if users.values.contains(where: { $0.user.username.lowercased() == user.username.lowercased() }) {
            throw DomainError.conflict(field: "username", reason: "This username is taken.")
        }
        if users.values.contains(where: { $0.user.email.lowercased() == user.email.lowercased() }) {
            throw DomainError.conflict(field: "email", reason: "This email address is taken.")
        }
        users[user.id] = UserCredentials(user: user, passwordHash: passwordHash)
    }
    func user(id: String) -> User? { users[id]?.user }
    func credentials(username: String) -> UserCredentials? {
        users.values.first { $0.user.username.lowercased() == username.lowercased() }
    }
    func credentials(id: String) -> UserCredentials? { users[id] }
    func user(email: String) -> User? { users.values.first { $0.user.email.lowercased() == email.lowercased() }?.user }
    func listUsers() -> [User] { users.values.map(\.user).sorted { $0.username < $1.username } }
    func renameUser(id: String, to newUsername: String) throws {
        if credentials(username: newUsername) != nil {
            throw DomainError.conflict(field: "newUsername", reason: "This username is taken.")
        }
        users[id]?.user.username = newUsername
    }
    func setPassword(userID: String, passwordHash: String, keepSession: String?) {
        users[userID]?.passwordHash = passwordHash
        sessions = sessions.filter { $0.value.userID != userID || $0.key == keepSession }
        resets = resets.filter { $0.value.userID != userID }
    }
    func endSessions(userID: String) { sessions = sessions.filter { $0.value.userID != userID } }
    func recordSignIn(userID: String, address: String, at: Date) { signIns[userID] = address }
    func lastSignInAddress(userID: String) -> String? { signIns[userID] }
    func createSession(_ session: Session) { sessions[session.tokenHash] = session }
    func session(tokenHash: String, now: Date) -> Session? {
        sessions[tokenHash].flatMap { $0.expiresAt > now ? $0 : nil }
    }
    func sessionWithUser(tokenHash: String, now: Date) -> (session: Session, user: User)? {
        guard let session = session(tokenHash: tokenHash, now: now), let user = users[session.userID]?.user else {
            return nil
        }
        return (session, user)
    }
    func deleteSession(tokenHash: String) { sessions[tokenHash] = nil }
    func createPasswordReset(_ reset: PasswordReset) { resets[reset.tokenHash] = reset }
    func consumePasswordReset(tokenHash: String, now: Date) -> PasswordReset? {
        guard var reset = resets[tokenHash], reset.usedAt == nil, reset.expiresAt > now else { return nil }
        reset.usedAt = now
        resets[tokenHash] = reset
        return reset
    }
    func sweepExpired(now: Date) -> Int {
        let before = sessions.count + resets.count
        sessions = sessions.filter { $0.value.expiresAt > now }
        resets = resets.filter { $0.value.expiresAt > now && $0.value.usedAt == nil }
        return before - sessions.count - resets.count
    }
}
