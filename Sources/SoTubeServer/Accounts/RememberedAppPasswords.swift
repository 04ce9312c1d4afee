import Foundation
import SoTubeCore

/// App passwords found by secret hash (`apiKey`, `p`) or by username (token authentication, whose
/// secret is checked against each of the user's sealed ones), remembered for a few seconds so a
/// player's every `/rest` call is not a database read (issue 35: the read was a fifth of a token
/// `ping`'s CPU, its statement's parse alone an eighth). Revoking or making one through this store
/// forgets the user at once; a revoke on another server sharing the database takes effect here
/// within `lifetime`, and a token matching nothing remembered is checked against the database
/// (`findFresh`). Recording a use updates what is remembered, so "last used" is still written at
/// most once a minute. Unknown secrets and names are never remembered: each failure reaches the store.
final class RememberedAppPasswords: AppPasswordStore {
    typealias Found = (password: AppPassword, user: User)
    typealias Named = (user: User, passwords: [AppPassword])
    let store: any AppPasswordStore
    let clock: any SoTubeClock
    private let memo: ExpiringMemo<Found>
    private let byName: ExpiringMemo<Named>

    init(store: any AppPasswordStore, clock: any SoTubeClock, lifetime: TimeInterval = 5) {
        self.store = store
        self.clock = clock
        self.memo = ExpiringMemo(lifetime: lifetime)
        self.byName = ExpiringMemo(lifetime: lifetime)
    }

    func find(secretHash: String) async throws -> Found? {
        let now = clock.now()
        if let found = memo.value(secretHash, now: now) { return found }
        let generation = memo.generation
        guard let found = try await store.find(secretHash: secretHash) else { return nil }
        memo.keep(found, for: secretHash, now: now, loadedAt: generation)
        return found
    }

    func delete(userID: String, id: String) async throws -> Bool {
        defer {
            memo.forget { $0.password.id == id }
            byName.forget { $0.user.id == userID }
        }
        return try await store.delete(userID: userID, id: id)
    }

    /// Forgets every remembered app password of `userID` (a password change or reset revoked them
    /// all in the store): they stop working on this server at once, on others within `lifetime`.
    func forget(userID: String) {
        memo.forget { $0.user.id == userID }
        byName.forget { $0.user.id == userID }
    }

    func touch(id: String, at: Date) async throws {
        try await store.touch(id: id, at: at)
        memo.update { found in
            if found.password.id == id { found.password.lastUsedAt = at }
        }
        byName.update { named in
            for index in named.passwords.indices where named.passwords[index].id == id {
                named.passwords[index].lastUsedAt = at
            }
        }
    }

    func create(_ password: AppPassword) async throws {
        defer { byName.forget { $0.user.id == password.userID } }
        try await store.create(password)
    }

    func list(userID: String) async throws -> [AppPassword] { try await store.list(userID: userID) }

    func find(username: String) async throws -> Named? {
        let key = AccountRules.canonical(username)
        if let named = byName.value(key, now: clock.now()) { return named }
        return try await findFresh(username: username)
    }

    func findFresh(username: String) async throws -> Named? {
        let now = clock.now()
        let generation = byName.generation
        guard let named = try await store.find(username: username) else { return nil }
        byName.keep(named, for: AccountRules.canonical(username), now: now, loadedAt: generation)
        return named
    }
}
