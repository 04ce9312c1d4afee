import Synchronization

/// How many documents hold a word starting with each short prefix (`StoreDialect.shortPrefixLength`
/// letters or fewer), as a search last read them from the vocabulary (`search_words`): shared by the
/// copies of one `SQLSearchStore`, which uses them to choose how to find a query's short prefixes (the
/// same answers either way).
///
/// Read all at once (`StoreDialect.shortPrefixDocuments`), in the background, when first wanted and
/// again after `usesPerReading` uses. Each prefix was read on its own as a search first wanted it: at 10M
/// songs summing the counts of the words starting with `v` took 4.5 ms and with `z` 7.1 ms, in the search
/// that asked, and a catalog has a few hundred such prefixes; all of them in one statement take about
/// 40 ms, off every search's path.
final class PrefixDocuments: Sendable {
    static let usesPerReading = 20_000

    private struct State {
        /// Every short prefix a word starts with, and its documents; nil until first read.
        var counts: [String: Int]?
        /// Uses since they were read.
        var uses = 0
        /// A reading is under way.
        var reading = false
    }

    private let state = Mutex(State())

    /// The documents of `prefix` from the last reading (0 for a prefix no word starts with), or nil when
    /// none was read yet or `prefix` is longer than the prefixes read. `read`: a reading should start now
    /// (none yet, or `usesPerReading` uses since the last), and is marked as started.
    func use(_ prefix: String) -> (documents: Int?, read: Bool) {
        state.withLock { state in
            state.uses += 1
            let read = !state.reading && (state.counts == nil || state.uses >= Self.usesPerReading)
            if read { state.reading = true }
            guard let counts = state.counts, prefix.unicodeScalars.count <= StoreDialect.shortPrefixLength else {
                return (nil, read)
            }
            return (counts[prefix] ?? 0, read)
        }
    }

    /// Marks a reading as started unless one is under way; false when one is.
    func startReading() -> Bool {
        state.withLock { state in
            defer { state.reading = true }
            return !state.reading
        }
    }

    /// A reading's rows: each word's first `StoreDialect.shortPrefixLength` letters (fewer for a shorter
    /// word) and the documents of the words starting with them. Every shorter prefix of each is counted too.
    func finishReading(_ rows: [(prefix: String, documents: Int)]) {
        var counts: [String: Int] = [:]
        for (prefix, documents) in rows {
            var scalars = String.UnicodeScalarView()
            for scalar in prefix.unicodeScalars {
                scalars.append(scalar)
                counts[String(scalars), default: 0] += documents
            }
        }
        state.withLock { state in
            state.counts = counts
            state.uses = 0
            state.reading = false
        }
    }

    /// A reading failed: the next use starts another.
    func failReading() {
        state.withLock { $0.reading = false }
    }
}
