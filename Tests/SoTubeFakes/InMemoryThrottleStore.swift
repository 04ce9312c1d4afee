import Foundation
import SoTubeCore

/// Throttle counts in memory, with the same rule as the database store: for tests without SQL. It runs
/// the store contract suite (`ThrottleStoreContractTests`) beside the SQL store.
public actor InMemoryThrottleStore: ThrottleStore {
    private var states: [String: (ThrottleState, ThrottleRule)] = [:]

    public init() {}

    public func reserve(_ keys: [ThrottleKey], now: Date) -> Int? {
        let decisions = keys.map { $0.rule.reserve(states[$0.key]?.0, now: now) }
        if let wait = decisions.compactMap(\.wait).max() { return wait }
        for (key, decision) in zip(keys, decisions) { states[key.key] = (decision.state, key.rule) }
        return nil
    }
    public func blockedFor(_ keys: [String], now: Date) -> Int? {
        keys.compactMap { states[$0]?.0.blockedUntil }.filter { $0 > now }
            .map { max(1, Int($0.timeIntervalSince(now).rounded(.up))) }.max()
    }
    public func clear(_ key: String) { states[key] = nil }
    public func sweep(now: Date) -> Int {
        let stale = states.filter { $0.value.1.isStale($0.value.0, now: now) }.map(\.key)
        stale.forEach { states[$0] = nil }
        return stale.count
    }
}
