/// My Music (SPEC L1): the songs a user bought. Sorting is `LibraryOrder`'s.
public protocol LibraryStore: Sendable {
    /// Every song the user owns, in no particular order.
    func ownedTracks(userID: String) async throws -> [CatalogTrack]
}
