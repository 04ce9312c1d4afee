import Foundation
import SoTubeCore

/// App passwords found by secret hash (`apiKey`, `p`), remembered for a few seconds so a player's
/// every `/rest` call is not a database read. Revoking through this store forgets at once (the
/// revoke answers after that); a revoke on another server sharing the database takes effect here
/// within `lifetime`. Recording a use updates what is remembered, so "last used" is still written
/// at most once a minute. Unknown secrets are never remembered: each failure reaches the store.
final class RememberedAppPasswords: AppPasswordStore {
    typealias Found = (password: AppPassword, user: User)
    let store: any AppPasswordStore
    let clock: any SoTubeClock
    private let memo: ExpiringMemo<Found>

    init(store: any AppPasswordStore, clock: any SoTubeClock, lifetime: TimeInterval = 5) {
        self.store = store
        self.clock = clock
        self.memo = ExpiringMemo(lifetime: lifetime)
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
        defer { memo.forget { $0.password.id == id } }
        return try await store.delete(userID: userID, id: id)
    }

    /// Forgets every remembered app password of `userID` (a password change or reset revoked them
    /// all in the store): they stop working on this server at once, on others within `lifetime`.
    func forget(userID: String) {
        memo.forget { $0.user.id == userID }
    }

    func touch(id: String, at: Date) async throws {
        try await store.touch(id: id, at: at)
        memo.update { found in
            if found.password.id == id { found.password.lastUsedAt = at }
        }
    }

    func create(_ password: AppPassword) async throws { try await store.create(password) }
    func list(userID: String) async throws -> [AppPassword] { try await store.list(userID: userID) }
    func find(username: String) async throws -> (user: User, passwords: [AppPassword])? {
        try await store.find(username: username)
    }
}
