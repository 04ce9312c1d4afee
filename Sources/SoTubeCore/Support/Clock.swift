import Foundation

/// Where "now" comes from. Logic takes a clock so tests can move time.
public protocol SoTubeClock: Sendable {
    func now() -> Date
}

public struct SystemClock: SoTubeClock {
    public init() {}
    public func now() -> Date { Date() }
}

/// A clock tests can set and advance.
public final class ManualClock: SoTubeClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) { current = start }

    public func now() -> Date { lock.withLock { current } }
    public func advance(by seconds: TimeInterval) { lock.withLock { current += seconds } }
}

extension Date {
    /// Milliseconds since 1970, the form every store column uses.
    public var epochMillis: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }
    public init(epochMillis: Int64) { self.init(timeIntervalSince1970: Double(epochMillis) / 1000) }
}
