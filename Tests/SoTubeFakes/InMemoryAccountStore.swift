import Foundation
import SoTubeCore

/// Accounts, sessions and password resets in memory: the auth controllers tested without SQL. It runs
/// the store contract suite (`AccountStoreContractTests`) beside the SQL store, so it answers as that does.
public actor InMemoryAccountStore: AccountStore {
    private var users: [String: UserCredentials] = [:]
    private var sessions: [String: Session] = [:]
    private var resets: [String: PasswordReset] = [:]
    private var signIns: [String: String] = [:]

    public init() {}

    public func createUser(_ user: User, passwordHash: String) throws {
        if credentials(username: user.username) != nil {
            throw DomainError.conflict(field: "username", reason: "This username is taken.")
        }
        if self.user(email: user.email) != nil {
            throw DomainError.conflict(field: "email", reason: "An account with this email exists.")
        }
        users[user.id] = UserCredentials(user: user, passwordHash: passwordHash)
    }
    public func user(id: String) -> User? { users[id]?.user }
    public func credentials(username: String) -> UserCredentials? {
        let key = AccountRules.canonical(username)
        return users.values.first { AccountRules.canonical($0.user.username) == key }
    }
    public func credentials(id: String) -> UserCredentials? { users[id] }
    public func user(email: String) -> User? {
        let key = AccountRules.canonical(email)
        return users.values.first { AccountRules.canonical($0.user.email) == key }?.user
    }
    public func listUsers() -> [User] {
        users.values.map(\.user).sorted { AccountRules.canonical($0.username) < AccountRules.canonical($1.username) }
    }
    public func setLanguage(userID: String, language: String) {
        users[userID]?.user.language = language
    }
    public func renameUser(id: String, to newUsername: String) throws {
        if let holder = credentials(username: newUsername), holder.user.id != id {
            throw DomainError.conflict(field: "newUsername", reason: "This username is taken.")
        }
        users[id]?.user.username = newUsername
    }
    public func setDisplayName(userID: String, to name: String) {
        users[userID]?.user.displayName = name
    }
    public func setPassword(userID: String, passwordHash: String, keepSession: String?) {
        users[userID]?.passwordHash = passwordHash
        sessions = sessions.filter { $0.value.userID != userID || $0.key == keepSession }
        resets = resets.filter { $0.value.userID != userID }
    }
    public func endSessions(userID: String) { sessions = sessions.filter { $0.value.userID != userID } }
    public func recordSignIn(userID: String, address: String, at: Date) { signIns[userID] = address }
    public func lastSignInAddress(userID: String) -> String? { signIns[userID] }
    public func createSession(_ session: Session) { sessions[session.tokenHash] = session }
    public func session(tokenHash: String, now: Date) -> Session? {
        sessions[tokenHash].flatMap { $0.expiresAt > now ? $0 : nil }
    }
    public func sessionWithUser(tokenHash: String, now: Date) -> (session: Session, user: User)? {
        guard let session = session(tokenHash: tokenHash, now: now), let user = users[session.userID]?.user else {
            return nil
        }
        return (session, user)
    }
    public func deleteSession(tokenHash: String) { sessions[tokenHash] = nil }
    public func createPasswordReset(_ reset: PasswordReset) { resets[reset.tokenHash] = reset }
    public func consumePasswordReset(tokenHash: String, now: Date) -> PasswordReset? {
        guard var reset = resets[tokenHash], reset.usedAt == nil, reset.expiresAt > now else { return nil }
        reset.usedAt = now
        resets[tokenHash] = reset
        return reset
    }
    public func sweepExpired(now: Date) -> Int {
        let before = sessions.count + resets.count
        sessions = sessions.filter { $0.value.expiresAt > now }
        resets = resets.filter { $0.value.expiresAt > now && $0.value.usedAt == nil }
        return before - sessions.count - resets.count
    }
}
