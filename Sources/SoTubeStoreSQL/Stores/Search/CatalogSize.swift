import Synchronization

/// The catalog's size as a search last read it: shared by the copies of one `SQLSearchStore`.
final class CatalogSize: Sendable {
    /// How many searches use one count before it is read again.
    static let readsPerCount = 1_000
    private let state = Mutex<(songs: Int, uses: Int)?>(nil)

    /// The count, unless it is missing or has been used `readsPerCount` times.
    func use() -> Int? {
        state.withLock { state in
            guard var known = state, known.uses < Self.readsPerCount else { return nil }
            known.uses += 1
            state = known
            return known.songs
        }
    }

    func set(_ songs: Int) { state.withLock { $0 = (songs, 0) } }
}
