import Foundation
import SoTubeCore
import SoTubeMedia
import SoTubeStoreSQL

/// Operators and customers' accounts: find, see, coins, lock, sessions, two-step sign-in, roles,
/// the password confirmation, data export and erasure.
extension OperatorService {
    public func findUsers(_ text: String?) async throws -> [User] {
        try await database.accounts.findUsers(matching: try OperatorRules.searchText(text), limit: Self.listLimit)
    }

    public struct UserDetail: Sendable {
        public var user: User
        public var twoFactorEnabled: Bool
        public var sessions: Int
        public var purchases: [Purchase]
        public var topUps: [TopUp]
        public var ledger: [LedgerEntry]
    }

    public func userDetail(id: String) async throws -> UserDetail {
        guard let user = try await database.accounts.user(id: id) else { throw DomainError.notFound(what: "The user") }
        return UserDetail(
            user: user, twoFactorEnabled: try await auth.twoFactor.isEnabled(userID: id),
            sessions: try await database.accounts.sessionCount(userID: id, now: clock.now()),
            purchases: Array(try await database.commerce.purchases(userID: id).prefix(200)),
            topUps: try await database.commerce.topUps(userID: id, limit: 200),
            ledger: try await database.commerce.history(userID: id, limit: 200))
    }

    /// Grants (coins > 0) or takes (coins < 0) coins with a reason the ledger entry shows.
    public func adjustCoins(_ actor: OperatorActor, userID: String, coins: Int, reason: String) async throws
        -> CreditOutcome
    {
        let reason = try OperatorRules.validateAdjustment(coins: coins, reason: reason)
        let target = try await userTarget(userID)
        return try await database.commerce.adjustCoins(
            userID: userID, coins: coins, ledgerEntryID: ids.makeID(),
            description: OperatorRules.adjustmentDescription(coins: coins, actor: actor.name, reason: reason),
            now: clock.now(), audit: entry(actor, .coinsGrant, target, reason: reason))
    }

    /// Locks (every session ends) or unlocks an account; an operator cannot lock their own.
    public func setLocked(_ actor: OperatorActor, userID: String, locked: Bool) async throws -> User {
        if locked, actor.userID == userID {
            throw DomainError.conflict(field: nil, reason: "You cannot lock your own account.")
        }
        let target = try await userTarget(userID)
        let user = try await database.accounts.setLocked(
            userID: userID, at: locked ? clock.now() : nil,
            audit: entry(actor, locked ? .userLock : .userUnlock, target))
        auth.forgetUser(userID)
        return user
    }

    public func endSessions(_ actor: OperatorActor, userID: String) async throws -> Int {
        let target = try await userTarget(userID)
        let ended = try await database.accounts.endSessions(
            userID: userID, now: clock.now(), audit: entry(actor, .userSessionsEnd, target))
        auth.forgetUser(userID)
        return ended
    }

    public func turnOffTwoFactor(_ actor: OperatorActor, userID: String) async throws -> User {
        guard let user = try await database.accounts.user(id: userID) else {
            throw DomainError.notFound(what: "The user")
        }
        let (_, wasOn) = try await auth.turnOffTwoFactorForOperator(username: user.username)
        var record = entry(actor, .userTwoFactorOff, "user \(user.username)")
        record.before = #"{"twoFactor":\#(wasOn)}"#
        record.after = #"{"twoFactor":false}"#
        try await database.audit.append(record)
        return user
    }

    /// Sets a role; an operator cannot change their own (so the last operator cannot step down by mistake).
    public func setRole(_ actor: OperatorActor, userID: String, role: String) async throws -> User {
        guard let role = UserRole(rawValue: role) else {
            throw DomainError.invalid(field: "role", reason: "A role is buyer or operator.")
        }
        if actor.userID == userID {
            throw DomainError.conflict(field: "role", reason: "Another operator must change your role.")
        }
        let target = try await userTarget(userID)
        return try await database.accounts.setRole(
            userID: userID, role: role, audit: entry(actor, .userRole, target))
    }

    /// The CLI's `sotube users role USER ROLE`.
    public func setRole(_ actor: OperatorActor, username: String, role: String) async throws -> User {
        guard let user = try await database.accounts.credentials(username: username)?.user else {
            throw DomainError.notFound(what: "The user '\(username)'")
        }
        return try await setRole(actor, userID: user.id, role: role)
    }

    /// Confirms the caller's password for the next `OperatorRules.confirmationWindow`.
    public func confirmPassword(_ identity: Identity, password: String) async throws {
        guard try await auth.checkPassword(userID: identity.user.id, password: password) else {
            throw DomainError.invalid(field: "password", reason: "The password is wrong.")
        }
        try await database.accounts.confirmPassword(sessionTokenHash: identity.sessionTokenHash, at: clock.now())
    }

    func userTarget(_ userID: String) async throws -> String {
        guard let user = try await database.accounts.user(id: userID) else {
            throw DomainError.notFound(what: "The user")
        }
        return "user \(user.username)"
    }

    /// Everything stored about the user, as JSON; the export itself is audited.
    public func exportUser(_ actor: OperatorActor, userID: String) async throws -> Data {
        guard let user = try await database.accounts.user(id: userID),
            let tables = try await database.accounts.exportUser(id: userID)
        else { throw DomainError.notFound(what: "The user") }
        try await database.audit.append(entry(actor, .userExport, "user \(user.username)"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(tables)
    }

    /// Erases the account's personal data; its purchases and ledger stay under its opaque id.
    public func erase(_ actor: OperatorActor, userID: String, reason: String, avatars: AvatarService) async throws
        -> User
    {
        let reason = try OperatorRules.validateReason(reason)
        if actor.userID == userID {
            throw DomainError.conflict(field: nil, reason: "Another operator must erase your account.")
        }
        try await database.accounts.erase(
            userID: userID, now: clock.now(), audit: entry(actor, .userErase, "user \(userID)", reason: reason))
        avatars.remove(userID: userID)
        auth.forgetUser(userID)
        guard let user = try await database.accounts.user(id: userID) else {
            throw DomainError.notFound(what: "The user")
        }
        return user
    }
}
