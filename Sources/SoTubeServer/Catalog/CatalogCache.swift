import NIOConcurrencyHelpers
import SoTubeCore

/// Read-mostly catalog answers kept in memory while the catalog version stays the same.
///
/// The version (`CatalogVersionSource`, a row every catalog write bumps through triggers) is read
/// again at most every `recheck`; when it moved, everything kept is dropped. So a change made by any
/// process on the same database — an import from the CLI, another server — is seen here within
/// `recheck`, and no answer is served from before a change once the change has been seen. An answer
/// loaded while the version moved is not kept. At most `capacity` answers are kept (then all are
/// dropped and kept afresh), so a large catalog read at random cannot grow memory without bound.
final class CatalogCache: Sendable {
    private struct State {
        var version: Int64?
        var checkedAt: ContinuousClock.Instant?
        var checking = false
        var entries: [String: any Sendable] = [:]
    }

    let versions: any CatalogVersionSource
    let recheck: Duration
    let capacity: Int
    private let state = NIOLockedValueBox(State())

    init(versions: any CatalogVersionSource, recheck: Duration = .milliseconds(250), capacity: Int = 50_000) {
        self.versions = versions
        self.recheck = recheck
        self.capacity = capacity
    }

    /// The answer kept under `key`, else `load()`'s, kept for later while the catalog is unchanged.
    func value<T: Sendable>(_ key: String, load: () async throws -> T) async throws -> T {
        try await refreshIfDue()
        let (kept, version) = state.withLockedValue { ($0.entries[key], $0.version) }
        // Unwrapped first: a missing entry cast to an optional `T` would read as a kept nil.
        if let kept, let value = kept as? T { return value }
        let loaded = try await load()
        state.withLockedValue { state in
            guard state.version == version, version != nil else { return }
            if state.entries.count >= capacity { state.entries.removeAll(keepingCapacity: true) }
            state.entries[key] = loaded
        }
        return loaded
    }

    /// Drops everything kept (this process changed the catalog and need not wait for `recheck`).
    func invalidate() {
        state.withLockedValue { state in
            state.entries.removeAll()
            state.checkedAt = nil
        }
    }

    /// Reads the version when the last read is older than `recheck` (one caller at a time; the
    /// others go on with what is kept meanwhile).
    private func refreshIfDue() async throws {
        let now = ContinuousClock.now
        let due = state.withLockedValue { state -> Bool in
            guard !state.checking, state.checkedAt.map({ now - $0 >= recheck }) ?? true else { return false }
            state.checking = true
            return true
        }
        guard due else { return }
        do {
            let version = try await versions.catalogVersion()
            state.withLockedValue { state in
                if state.version != version {
                    state.entries.removeAll()
                    state.version = version
                }
                state.checkedAt = now
                state.checking = false
            }
        } catch {
            state.withLockedValue { state in
                state.entries.removeAll()
                state.version = nil
                state.checking = false
            }
            throw error
        }
    }
}
