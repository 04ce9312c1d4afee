import Synchronization

/// How many documents hold a word starting with a short prefix, as a search last read it from the
/// vocabulary (`search_words`): shared by the copies of one `SQLSearchStore`. Reading `s` at 10M songs
/// sums 7,972 words' counts (6 ms), so each count serves `readsPerCount` searches.
final class PrefixDocuments: Sendable {
    static let readsPerCount = 1_000
    /// Prefixes kept at most; more, and all are read again.
    static let capacity = 4_096
    private let counts = Mutex<[String: (documents: Int, uses: Int)]>([:])

    /// The count for `prefix`, unless it is missing or has been used `readsPerCount` times.
    func use(_ prefix: String) -> Int? {
        counts.withLock { counts in
            guard var known = counts[prefix], known.uses < Self.readsPerCount else { return nil }
            known.uses += 1
            counts[prefix] = known
            return known.documents
        }
    }

    func set(_ prefix: String, _ documents: Int) {
        counts.withLock { counts in
            if counts.count >= Self.capacity { counts.removeAll() }
            counts[prefix] = (documents, 0)
        }
    }
}
