import Crypto
import Foundation

/// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP): HMAC-SHA1, 6 digits, 30-second
/// steps, accepted one step early or late for clocks that drift. Pure: the caller passes the time.
public enum TOTP {
    public static let digits = 6
    public static let period: TimeInterval = 30
    /// Steps accepted on each side of the current one.
    public static let drift: Int64 = 1

    /// The time step `date` falls in (Unix time / 30 s, rounded down).
    public static func step(at date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 / period).rounded(.down))
    }

    /// The code for `step` (RFC 4226 dynamic truncation), zero-padded to `digits`.
    public static func code(secret: [UInt8], step: Int64, digits: Int = digits) -> String {
        var counter = UInt64(bitPattern: step).bigEndian
        let message = withUnsafeBytes(of: &counter) { Array($0) }
        let mac = Array(HMAC<Insecure.SHA1>.authenticationCode(for: message, using: SymmetricKey(data: secret)))
        let offset = Int(mac[mac.count - 1] & 0x0F)
        let binary =
            (UInt32(mac[offset] & 0x7F) << 24) | (UInt32(mac[offset + 1]) << 16) | (UInt32(mac[offset + 2]) << 8)
            | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<digits { modulus *= 10 }
        let number = String(binary % modulus)
        return String(repeating: "0", count: digits - number.count) + number
    }

    /// The step whose code `code` is, within `drift` steps of `now` and later than `lastUsedStep`
    /// (a code once accepted is never accepted again); nil when none matches.
    public static func matchingStep(code: String, secret: [UInt8], now: Date, lastUsedStep: Int64?) -> Int64? {
        let typed = code.filter { !$0.isWhitespace }
        guard typed.count == digits, typed.allSatisfy(\.isASCII), typed.allSatisfy(\.isNumber) else { return nil }
        let current = step(at: now)
        for candidate in (current - drift)...(current + drift) where candidate > (lastUsedStep ?? Int64.min) {
            if constantTimeEqual(Self.code(secret: secret, step: candidate), typed) { return candidate }
        }
        return nil
    }

    /// The `otpauth://` address authenticator apps read (from a QR code): issuer SoTube, the
    /// username as the account name.
    public static func provisioningURI(secret: [UInt8], username: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let name = username.addingPercentEncoding(withAllowedCharacters: allowed) ?? username
        return "otpauth://totp/SoTube:\(name)?secret=\(Base32.encode(secret))&issuer=SoTube"
    }

    static func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
        let (left, right) = (Array(lhs.utf8), Array(rhs.utf8))
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

/// The rules of two-step sign-in (SPEC A8) around the codes themselves. Pure.
public enum TwoFactorRules {
    /// Random bytes in a TOTP secret (160 bits, as RFC 4226 recommends).
    public static let secretBytes = 20
    /// Recovery codes handed out when two-step sign-in is turned on, each usable once.
    public static let recoveryCodeCount = 10
    /// Random bytes per recovery code (80 bits: 16 base32 characters).
    public static let recoveryCodeBytes = 10

    /// Recovery codes as shown: lower-case base32 in groups of four ("abcd-efgh-ijkl-mnop"), made
    /// from `recoveryCodeBytes` random bytes each.
    public static func recoveryCodes(from random: [UInt8]) -> [String] {
        stride(from: 0, to: random.count - recoveryCodeBytes + 1, by: recoveryCodeBytes).map { start in
            let text = Base32.encode(Array(random[start..<start + recoveryCodeBytes])).lowercased()
            return stride(from: 0, to: text.count, by: 4).map { offset in
                let from = text.index(text.startIndex, offsetBy: offset)
                return String(text[from..<text.index(from, offsetBy: 4)])
            }.joined(separator: "-")
        }
    }

    /// A recovery code as typed, in the one form that is hashed and stored: lower case, without
    /// spaces or dashes. Nil when it cannot be one (so it is never looked up).
    public static func normalizedRecoveryCode(_ typed: String) -> String? {
        let text = typed.lowercased().filter { $0 != "-" && !$0.isWhitespace }
        guard text.count == recoveryCodeBytes * 8 / 5, Base32.decode(text) != nil else { return nil }
        return text
    }

    /// Whether what the user typed looks like an authenticator code (digits) rather than a recovery code.
    public static func isTOTPCode(_ typed: String) -> Bool {
        let text = typed.filter { !$0.isWhitespace }
        return text.count == TOTP.digits && text.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
