import Foundation

/// Counts failed logins per key (username, client) and refuses after `limit` failures within
/// `window` seconds. Pure state machine; the caller owns the clock and the locking.
public struct LoginThrottle: Sendable {
    public let limit: Int
    public let window: TimeInterval
    private var failures: [String: [Date]] = [:]

    public init(limit: Int = 5, window: TimeInterval = 300) {
        self.limit = limit
        self.window = window
    }

    /// Seconds to wait before another attempt is allowed, or nil when one is allowed now.
    public mutating func retryAfter(key: String, now: Date) -> Int? {
        let recent = prune(key: key, now: now)
        guard recent.count >= limit, let oldest = recent.first else { return nil }
        return max(1, Int((oldest + window).timeIntervalSince(now).rounded(.up)))
    }

    public mutating func recordFailure(key: String, now: Date) {
        var recent = prune(key: key, now: now)
        recent.append(now)
        failures[key] = recent
    }

    public mutating func recordSuccess(key: String) {
        failures[key] = nil
    }

    private mutating func prune(key: String, now: Date) -> [Date] {
        let recent = (failures[key] ?? []).filter { now.timeIntervalSince($0) < window }
        failures[key] = recent.isEmpty ? nil : recent
        return recent
    }
}
