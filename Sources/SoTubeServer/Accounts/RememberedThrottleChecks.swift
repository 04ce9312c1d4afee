import Foundation
import SoTubeCore

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
