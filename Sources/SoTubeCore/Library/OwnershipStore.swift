/// Who owns what. Rows are written only by the purchase transaction.
public protocol OwnershipStore: Sendable {
    func owns(userID: String, trackID: String) async throws -> Bool
    /// The subset of `trackIDs` the user owns.
    func ownedTrackIDs(userID: String, among trackIDs: [String]) async throws -> Set<String>
    func ownedCount(userID: String) async throws -> Int
}
