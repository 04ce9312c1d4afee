import Foundation
import SoTubeCore
import Testing

@Suite struct TwoFactorRulesTests {
    /// RFC 6238 appendix B, the SHA-1 rows (8 digits, secret "12345678901234567890").
    @Test(arguments: [
        (59.0, "94287082"), (1_111_111_109, "07081804"), (1_111_111_111, "14050471"),
        (1_234_567_890, "89005924"), (2_000_000_000, "69279037"), (20_000_000_000, "65353130"),
    ])
    func rfc6238Vectors(_ time: TimeInterval, _ expected: String) {
        let secret = Array("12345678901234567890".utf8)
        let step = TOTP.step(at: Date(timeIntervalSince1970: time))
        #expect(TOTP.code(secret: secret, step: step, digits: 8) == expected)
        // Six digits are the last six of the same number.
        #expect(TOTP.code(secret: secret, step: step) == String(expected.suffix(6)))
    }

    @Test func codesOneStepEarlyOrLateAreAcceptedAndNoFurther() {
        let secret = Array("12345678901234567890".utf8)
        let now = Date(timeIntervalSince1970: 1_111_111_111)
        let step = TOTP.step(at: now)
        for offset: Int64 in [-1, 0, 1] {
            let code = TOTP.code(secret: secret, step: step + offset)
            #expect(TOTP.matchingStep(code: code, secret: secret, now: now, lastUsedStep: nil) == step + offset)
        }
        for offset: Int64 in [-3, -2, 2, 3] {
            let code = TOTP.code(secret: secret, step: step + offset)
            #expect(TOTP.matchingStep(code: code, secret: secret, now: now, lastUsedStep: nil) == nil)
        }
        for bad in ["", "12345", "1234567", "abcdef", "１２３４５６"] {
            #expect(TOTP.matchingStep(code: bad, secret: secret, now: now, lastUsedStep: nil) == nil)
        }
    }

    /// A code accepted once (its step recorded) is refused again, and so is any earlier step's.
    @Test func aUsedStepAndEarlierOnesAreRefused() {
        let secret = Array("12345678901234567890".utf8)
        let now = Date(timeIntervalSince1970: 1_111_111_111)
        let step = TOTP.step(at: now)
        let current = TOTP.code(secret: secret, step: step)
        #expect(TOTP.matchingStep(code: current, secret: secret, now: now, lastUsedStep: step) == nil)
        #expect(
            TOTP.matchingStep(
                code: TOTP.code(secret: secret, step: step - 1), secret: secret, now: now, lastUsedStep: step) == nil)
        #expect(
            TOTP.matchingStep(
                code: TOTP.code(secret: secret, step: step + 1), secret: secret, now: now, lastUsedStep: step)
                == step + 1)
        // 30 s later the next step's code is new.
        #expect(
            TOTP.matchingStep(
                code: TOTP.code(secret: secret, step: step + 1), secret: secret, now: now + 30, lastUsedStep: step)
                == step + 1)
    }

    @Test func base32RoundTripsAndMatchesRFC4648() {
        // RFC 4648 section 10 (without padding).
        let vectors = [
            "": "", "f": "MY", "fo": "MZXQ", "foo": "MZXW6", "foob": "MZXW6YQ", "fooba": "MZXW6YTB",
            "foobar": "MZXW6YTBOI",
        ]
        for (plain, encoded) in vectors {
            #expect(Base32.encode(Array(plain.utf8)) == encoded)
            #expect(Base32.decode(encoded) == Array(plain.utf8))
            #expect(Base32.decode(encoded.lowercased() + "=") == Array(plain.utf8))
        }
        let bytes = (0..<200).map { UInt8($0 % 256) }
        #expect(Base32.decode(Base32.encode(bytes)) == bytes)
        #expect(Base32.decode("MZ1W") == nil)
    }

    @Test func theProvisioningAddressNamesIssuerAccountAndSecret() {
        let uri = TOTP.provisioningURI(secret: Array("12345678901234567890".utf8), username: "ann marie")
        #expect(uri == "otpauth://totp/SoTube:ann%20marie?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=SoTube")
    }

    @Test func recoveryCodesAreDistinctGroupedAndNormalize() {
        let random = (0..<(TwoFactorRules.recoveryCodeCount * TwoFactorRules.recoveryCodeBytes)).map {
            UInt8(truncatingIfNeeded: $0 &* 37 &+ 11)
        }
        let codes = TwoFactorRules.recoveryCodes(from: random)
        #expect(codes.count == 10)
        #expect(Set(codes).count == 10)
        for code in codes {
            #expect(code.count == 19 && code.split(separator: "-").count == 4)
            #expect(TwoFactorRules.normalizedRecoveryCode(code) == code.replacingOccurrences(of: "-", with: ""))
            #expect(
                TwoFactorRules.normalizedRecoveryCode(" " + code.uppercased().replacingOccurrences(of: "-", with: " "))
                    == TwoFactorRules.normalizedRecoveryCode(code))
            #expect(!TwoFactorRules.isTOTPCode(code))
        }
        #expect(TwoFactorRules.normalizedRecoveryCode("123456") == nil)
        #expect(TwoFactorRules.isTOTPCode("123 456"))
    }
}
