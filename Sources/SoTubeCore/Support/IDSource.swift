import Foundation

/// Where identifiers and secrets come from. Injected so tests are deterministic.
public protocol IDSource: Sendable {
    /// A new unique identifier (URL-safe, no separators).
    func makeID() -> String
    /// `count` random bytes for tokens and secrets.
    func randomBytes(_ count: Int) -> [UInt8]
}

public struct RandomIDSource: IDSource {
    public init() {}
    public func makeID() -> String {
        UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
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
