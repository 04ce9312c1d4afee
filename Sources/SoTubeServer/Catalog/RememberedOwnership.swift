import NIOConcurrencyHelpers
import SoTubeCore

/// Ownership with every "owns" answer remembered: a song once bought stays owned (ownership rows
/// are only ever written, by the purchase transaction), so an owner's range requests — one per
/// seek — need not ask the database again. "Does not own" is always asked afresh: a purchase in
/// any process shows at once. At most `capacity` pairs are remembered (then they are forgotten
/// together and remembered afresh).
final class RememberedOwnership: OwnershipStore {
    let store: any OwnershipStore
    let capacity: Int
    private let owned = NIOLockedValueBox(Set<String>())

    init(store: any OwnershipStore, capacity: Int = 100_000) {
        self.store = store
        self.capacity = capacity
    }

    func owns(userID: String, trackID: String) async throws -> Bool {
        let key = userID + "\u{1F}" + trackID
        if owned.withLockedValue({ $0.contains(key) }) { return true }
        guard try await store.owns(userID: userID, trackID: trackID) else { return false }
        owned.withLockedValue { owned in
            if owned.count >= capacity { owned.removeAll(keepingCapacity: true) }
            owned.insert(key)
        }
        return true
    }

    func ownedTrackIDs(userID: String, among trackIDs: [String]) async throws -> Set<String> {
        try await store.ownedTrackIDs(userID: userID, among: trackIDs)
    }

    func ownedCount(userID: String) async throws -> Int { try await store.ownedCount(userID: userID) }
}
