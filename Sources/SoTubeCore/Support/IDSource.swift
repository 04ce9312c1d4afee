import Foundation

/// Where identifiers and secrets come from. Injected so tests are deterministic.
public protocol IDSource: Sendable {
    /// A new unique identifier (URL-safe, no separators).
    func makeID() -> String
    /// `count` random bytes for tokens and secrets.
    func randomBytes(_ count: Int) -> [UInt8]
}

/// Identifiers ordered by time: UUIDv7 (RFC 9562) written as 32 lowercase hex digits, 48 bits of
/// Unix milliseconds then 74 random bits. Rows keyed by them (purchases, ledger entries) are appended
/// at the end of their indexes instead of landing on a random page each, so a commit writes fewer
/// pages. They are not secrets: tokens come from `randomBytes`.
public struct RandomIDSource: IDSource {
    let clock: any SoTubeClock

    public init(clock: any SoTubeClock = SystemClock()) { self.clock = clock }

    public func makeID() -> String {
        let milliseconds = UInt64(max(0, (clock.now().timeIntervalSince1970 * 1000).rounded(.down)))
        var generator = SystemRandomNumberGenerator()
        let high = (milliseconds & 0xFFFF_FFFF_FFFF) << 16 | 0x7000 | (generator.next() as UInt64) & 0x0FFF
        let low = 0x8000_0000_0000_0000 | (generator.next() as UInt64) & 0x3FFF_FFFF_FFFF_FFFF
        return Self.hex(high, low)
    }

    /// The two halves as 32 lowercase hex digits, most significant first.
    static func hex(_ high: UInt64, _ low: UInt64) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(unsafeUninitializedCapacity: 32) { buffer in
            for (half, value) in [high, low].enumerated() {
                for nibble in 0..<16 {
                    buffer[half * 16 + nibble] = digits[Int((value >> UInt64(60 - 4 * nibble)) & 0xF)]
                }
            }
            return 32
        }
    }

    public func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}

/// Deterministic identifiers: `prefix-000001`, `prefix-000002`, ...
public final class SequentialIDSource: IDSource, @unchecked Sendable {
    private let lock = NSLock()
    private var counter = 0
    private let prefix: String

    public init(prefix: String = "id") { self.prefix = prefix }

    public func makeID() -> String {
        lock.withLock {
            counter += 1
            return "\(prefix)\(String(format: "%06d", counter))"
        }
    }

    public func randomBytes(_ count: Int) -> [UInt8] {
        lock.withLock {
            counter += 1
            var state = UInt64(truncatingIfNeeded: counter) &* 0x9E37_79B9_7F4A_7C15
            return (0..<count).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 33)
            }
        }
    }
}

extension Array where Element == UInt8 {
    /// base64url without padding: safe in URLs, cookies and headers.
    public var base64URLString: String {
        Data(self).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
