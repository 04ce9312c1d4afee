import Crypto
import Foundation
import HummingbirdBcrypt
import NIOPosix
import SoTubeCore

/// Session and reset tokens: handed out once, stored only as SHA-256.
public enum TokenHash {
    public static func of(_ token: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in SHA256.hash(data: Data(token.utf8)) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }
}

/// bcrypt, run on the thread pool so the event loops stay free.
public struct PasswordHasher: Sendable {
    public let cost: UInt8

    public init(cost: UInt8) { self.cost = cost }

    public func hash(_ password: String) async throws -> String {
        let cost = self.cost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    public func verify(_ password: String, hash: String) async throws -> Bool {
        try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
    }
}
