import Dispatch
import NIOConcurrencyHelpers
import SoTubeCore

/// Ownership with every "owns" answer remembered for a minute: an owner's range requests — one per
/// seek — need not ask the database again. "Does not own" is always asked afresh: a purchase in any
/// process shows at once. A refund (`sotube purchases refund`, another process) takes ownership away:
/// it shows within `lifetime`. At most `capacity` pairs are remembered (then they are forgotten
/// together and remembered afresh).
final class RememberedOwnership: OwnershipStore {
    let store: any OwnershipStore
    let capacity: Int
    /// How long an "owns" answer is believed, in nanoseconds of uptime.
    let lifetime: UInt64
    private let owned = NIOLockedValueBox([String: UInt64]())

    init(store: any OwnershipStore, capacity: Int = 100_000, lifetimeSeconds: UInt64 = 60) {
        self.store = store
        self.capacity = capacity
        self.lifetime = lifetimeSeconds * 1_000_000_000
    }

    func owns(userID: String, trackID: String) async throws -> Bool {
        let key = userID + "\u{1F}" + trackID
        let now = DispatchTime.now().uptimeNanoseconds
        if owned.withLockedValue({ ($0[key] ?? 0) > now }) { return true }
        guard try await store.owns(userID: userID, trackID: trackID) else {
            owned.withLockedValue { _ = $0.removeValue(forKey: key) }
            return false
        }
        owned.withLockedValue { owned in
            if owned.count >= capacity { owned.removeAll(keepingCapacity: true) }
            owned[key] = now + lifetime
        }
        return true
    }

    func ownedTrackIDs(userID: String, among trackIDs: [String]) async throws -> Set<String> {
        try await store.ownedTrackIDs(userID: userID, among: trackIDs)
    }

    func ownedCount(userID: String) async throws -> Int { try await store.ownedCount(userID: userID) }
}
