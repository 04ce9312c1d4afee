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

/// The throttle store for `/rest`, with "nobody here is blocked" remembered for a few seconds per
/// set of keys: a player's every call checks its address's throttle, and that check is a database
/// read. Any failure counted through this store forgets every remembered answer, so failures on
/// this server are enforced at the next request; a block set on another server sharing the
/// database takes effect here within `lifetime`.
final class RememberedThrottleChecks: ThrottleStore {
    let store: any ThrottleStore
    private let memo: ExpiringMemo<Bool>

    init(store: any ThrottleStore, lifetime: TimeInterval = 5) {
        self.store = store
        self.memo = ExpiringMemo(lifetime: lifetime)
    }

    func blockedFor(_ keys: [String], now: Date) async throws -> Int? {
        let key = keys.joined(separator: "\n")
        if memo.value(key, now: now) != nil { return nil }
        let generation = memo.generation
        let wait = try await store.blockedFor(keys, now: now)
        if wait == nil { memo.keep(true, for: key, now: now, loadedAt: generation) }
        return wait
    }

    func reserve(_ keys: [ThrottleKey], now: Date) async throws -> Int? {
        defer { memo.forget() }
        return try await store.reserve(keys, now: now)
    }

    func clear(_ key: String) async throws { try await store.clear(key) }
    func sweep(now: Date) async throws -> Int { try await store.sweep(now: now) }
}
