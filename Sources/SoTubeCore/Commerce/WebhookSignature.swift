import Crypto
import Foundation

/// Stripe's webhook signature: the header `Stripe-Signature: t=TIMESTAMP,v1=HEX[,v1=HEX…]`, where
/// each `v1` is the hex HMAC-SHA256 of `"TIMESTAMP.RAWBODY"` under the endpoint's signing secret.
/// A signature is good when one `v1` matches (compared in constant time) and the timestamp is within
/// the tolerance of now, either way: an old event replayed later is refused.
public enum WebhookSignature {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case malformedHeader
        case noMatchingSignature
        case outsideTolerance(seconds: Int64)

        public var description: String {
            switch self {
            case .malformedHeader: return "The Stripe-Signature header is missing or malformed."
            case .noMatchingSignature: return "No signature in the Stripe-Signature header matches the body."
            case .outsideTolerance(let seconds):
                return "The event was signed \(seconds) s away from now, outside the tolerance."
            }
        }
    }

    public static let tolerance: Int64 = 300

    /// The header a sender signing `body` at `timestamp` writes (what tests and the CLI use).
    public static func header(body: [UInt8], secret: String, timestamp: Int64) -> String {
        "t=\(timestamp),v1=\(Hex.encode(mac(body: body, secret: secret, timestamp: timestamp)))"
    }

    public static func verify(header: String?, body: [UInt8], secret: String, now: Date, tolerance: Int64 = tolerance)
        throws(Failure)
    {
        guard let header, header.utf8.count <= 8192 else { throw .malformedHeader }
        var timestamp: Int64?
        var signatures: [[UInt8]] = []
        for part in header.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else { continue }
            if pair[0] == "t" {
                timestamp = Int64(pair[1])
            } else if pair[0] == "v1", pair[1].utf8.count == 64, let bytes = Hex.decode(pair[1]) {
                signatures.append(bytes)
            }
        }
        guard let timestamp, !signatures.isEmpty else { throw .malformedHeader }
        let expected = mac(body: body, secret: secret, timestamp: timestamp)
        guard signatures.contains(where: { constantTimeEqual($0, expected) }) else { throw .noMatchingSignature }
        let nowSeconds = Int64(now.timeIntervalSince1970.rounded(.down))
        let (distance, overflow) = nowSeconds.subtractingReportingOverflow(timestamp)
        guard !overflow, distance.magnitude <= UInt64(tolerance) else {
            throw .outsideTolerance(seconds: overflow ? .max : distance)
        }
    }

    static func mac(body: [UInt8], secret: String, timestamp: Int64) -> [UInt8] {
        var message = Array("\(timestamp).".utf8)
        message.append(contentsOf: body)
        return Array(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: Array(secret.utf8))))
    }

    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
