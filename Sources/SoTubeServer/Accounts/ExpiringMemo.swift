import Foundation
import NIOConcurrencyHelpers

/// Answers kept for a short while, by key, so a request that repeats one (a player's every `/rest`
/// call) does not read the database each time. `forget` drops answers at once, and an answer whose
/// loading began before a `forget` is not kept: nothing from before a change outlives it here.
final class ExpiringMemo<Value: Sendable>: Sendable {
    private struct State {
        var entries: [String: (value: Value, until: Date)] = [:]
        var generation = 0
    }

    let lifetime: TimeInterval
    let capacity: Int
    private let state = NIOLockedValueBox(State())

    init(lifetime: TimeInterval, capacity: Int = 10_000) {
        self.lifetime = lifetime
        self.capacity = capacity
    }

    /// The answer kept under `key`, nil when none or when it is older than `lifetime`.
    func value(_ key: String, now: Date) -> Value? {
        state.withLockedValue { state in
            guard let entry = state.entries[key], entry.until > now else { return nil }
            return entry.value
        }
    }

    /// Read before loading an answer, handed to `keep` after.
    var generation: Int { state.withLockedValue { $0.generation } }

    /// Keeps `value` unless something was forgotten since `generation` was read.
    func keep(_ value: Value, for key: String, now: Date, loadedAt generation: Int) {
        state.withLockedValue { state in
            guard state.generation == generation else { return }
            if state.entries.count >= capacity { state.entries.removeAll(keepingCapacity: true) }
            state.entries[key] = (value, now.addingTimeInterval(lifetime))
        }
    }

    /// Drops the answers `drop` picks (all by default).
    func forget(where drop: (Value) -> Bool = { _ in true }) {
        state.withLockedValue { state in
            state.entries = state.entries.filter { !drop($0.value.value) }
            state.generation &+= 1
        }
    }

    /// Changes the kept answers in place (their age stays).
    func update(_ change: (inout Value) -> Void) {
        state.withLockedValue { state in
            for key in state.entries.keys { change(&state.entries[key]!.value) }
        }
    }
}
