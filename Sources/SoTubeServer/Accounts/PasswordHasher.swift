import Foundation
import HummingbirdBcrypt
import NIOConcurrencyHelpers
import NIOPosix

/// bcrypt on a thread pool of its own. NIO's shared pool runs SQLite's queries: with bcrypt there
/// too, a burst of sign-ups made every read wait behind the hashing. Here hashes queue among
/// themselves on one thread fewer than the machine has cores (at least one).
public struct PasswordHasher: Sendable {
    public let cost: UInt8
    private let dummy = NIOLockedValueBox<String?>(nil)

    static let pool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: max(1, ProcessInfo.processInfo.activeProcessorCount - 1))
        pool.start()
        return pool
    }()

    public init(cost: UInt8) { self.cost = cost }

    public func hash(_ password: String) async throws -> String {
        let cost = self.cost
        return try await Self.pool.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    public func verify(_ password: String, hash: String) async throws -> Bool {
        guard Self.isPasswordHash(hash) else { return false }
        return try await Self.pool.runIfActive { Bcrypt.verify(password, hash: hash) }
    }

    /// Whether `hash` is a bcrypt hash: accounts made by an OpenID provider or a trusted proxy store a
    /// marker instead, which no password matches.
    public static func isPasswordHash(_ hash: String) -> Bool { hash.hasPrefix("$2") }

    /// A hash of a random secret at this hasher's cost, made once: checking a password against it
    /// takes as long as against a real account's, so refusals do not tell which usernames exist.
    public func dummyHash() async throws -> String {
        if let made = dummy.withLockedValue({ $0 }) { return made }
        let secret = (0..<32).map { _ in String(UInt8.random(in: 0...255), radix: 16) }.joined()
        let made = try await hash(secret)
        return dummy.withLockedValue { stored in
            if let stored { return stored }
            stored = made
            return made
        }
    }
}
