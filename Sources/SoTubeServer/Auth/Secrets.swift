import Crypto
import Foundation
import HummingbirdBcrypt
import NIOConcurrencyHelpers
import NIOPosix
import SoTubeCore

/// Session and reset tokens: handed out once, stored only as SHA-256.
public enum TokenHash {
    public static func of(_ token: String) -> String {
        Hex.encode(SHA256.hash(data: Data(token.utf8)))
    }
}

/// Keys for one purpose each, derived from the server secret (`SecretKeyFile` or
/// `SOTUBE_SECRET_KEY`) by HKDF-SHA256, so no two purposes share a key and servers sharing the
/// secret share every derived key (none is made per process).
public enum ServerSecret {
    public static func derive(_ secret: [UInt8], purpose: String, byteCount: Int = 32) -> [UInt8] {
        let key = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: secret), salt: Data("sotube".utf8), info: Data(purpose.utf8),
            outputByteCount: byteCount)
        return key.withUnsafeBytes { Array($0) }
    }
}

/// Lower-case hexadecimal for hashes, signatures and keys.
public enum Hex {
    /// Written by hand: `String(format:)` per byte costs more than the hash on every request.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in bytes {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    /// The bytes of an even-length hex string (either case), nil for anything else.
    public static func decode(_ hex: String) -> [UInt8]? {
        let characters = Array(hex.utf8)
        guard characters.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(characters.count / 2)
        for index in stride(from: 0, to: characters.count, by: 2) {
            guard let high = nibble(characters[index]), let low = nibble(characters[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    /// The value of one hex digit, either case (by hand: a `String` and `UInt8(_:radix:)` per byte
    /// showed in every Subsonic request's profile). Also used by percent-decoding.
    static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

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
        try await Self.pool.runIfActive { Bcrypt.verify(password, hash: hash) }
    }

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

/// CSRF tokens bound to a session: an HMAC of the session's token hash under the server's key, so a
/// cookie pair planted by another site (or another session's token) does not pass.
public struct CSRFTokens: Sendable {
    private let key: [UInt8]

    public init(key: [UInt8]) { self.key = key }

    public func token(forSession sessionTokenHash: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(
            for: Data(("csrf:" + sessionTokenHash).utf8), using: SymmetricKey(data: key))
        return Array(code).base64URLString
    }

    /// Constant-time comparison of a presented token with the session's.
    public func isValid(_ presented: String?, forSession sessionTokenHash: String) -> Bool {
        guard let presented else { return false }
        return ConstantTime.equal(Array(token(forSession: sessionTokenHash).utf8), Array(presented.utf8))
    }
}

/// Comparisons of secrets whose time does not depend on where they differ.
enum ConstantTime {
    static func equal(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return zip(lhs, rhs).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
