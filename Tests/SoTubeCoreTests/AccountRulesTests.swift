import Foundation
import SoTubeCore
import Testing

@Suite struct AccountRulesTests {
    @Test(arguments: ["ab", "a b", "x\"y", String(repeating: "a", count: 33), "semi;colon"])
    func badUsernamesAreRefused(_ name: String) {
        #expect(throws: DomainError.self) { try AccountRules.validateUsername(name) }
    }

    @Test(arguments: ["abc", "Ann-Marie", "björk", "ёлка_2", "a.b_c-d"])
    func goodUsernamesPass(_ name: String) throws {
        try AccountRules.validateUsername(name)
    }

    @Test func emailsAndPasswords() throws {
        try AccountRules.validateEmail("x@example.com")
        for bad in ["", "x", "x@", "@example.com", "x@example", "x y@example.com", "x@.com"] {
            #expect(throws: DomainError.self, "\(bad)") { try AccountRules.validateEmail(bad) }
        }
        #expect(throws: DomainError.invalid(field: "password", reason: "A password has at least 8 characters.")) {
            try AccountRules.validatePassword("1234567")
        }
        #expect(throws: DomainError.self) { try AccountRules.validatePassword(String(repeating: "é", count: 40)) }
        try AccountRules.validatePassword("12345678")
    }

    /// A NUL or another control character would truncate the address (`/me`, the reset mail's To:).
    @Test(arguments: [
        "x\u{0}@example.com", "x@example.com\u{0}", "nul\u{0}x@example.com", "x\u{1B}@example.com",
        "x@exa\u{7F}mple.com", "x\u{9F}@example.com", "x@example.com\u{8}",
    ])
    func emailsWithControlCharactersAreRefused(_ email: String) {
        #expect(throws: DomainError.invalid(field: "email", reason: "This is not an email address.")) {
            try AccountRules.validateEmail(email)
        }
    }

    @Test func canonicalFormIgnoresCaseAndNormalisation() {
        #expect(AccountRules.canonical("Björk") == AccountRules.canonical("BJO\u{308}RK"))
    }

    @Test func rememberedSessionsLastLonger() {
        let now = Date(timeIntervalSince1970: 0)
        #expect(AccountRules.sessionExpiry(from: now, remember: true).timeIntervalSince(now) == 30 * 24 * 3600)
        #expect(AccountRules.sessionExpiry(from: now, remember: false).timeIntervalSince(now) == 12 * 3600)
    }
}

@Suite struct LoginThrottleTests {
    @Test func refusesAfterTheLimitAndForgetsAfterTheWindow() {
        var throttle = LoginThrottle(limit: 3, window: 60)
        let start = Date(timeIntervalSince1970: 1000)
        for i in 0..<3 {
            #expect(throttle.retryAfter(key: "u", now: start + Double(i)) == nil)
            throttle.recordFailure(key: "u", now: start + Double(i))
        }
        #expect(throttle.retryAfter(key: "u", now: start + 3) == 57)
        #expect(throttle.retryAfter(key: "other", now: start + 3) == nil)
        #expect(throttle.retryAfter(key: "u", now: start + 61) == nil)
    }

    @Test func successClearsFailures() {
        var throttle = LoginThrottle(limit: 2, window: 60)
        let now = Date(timeIntervalSince1970: 0)
        throttle.recordFailure(key: "u", now: now)
        throttle.recordSuccess(key: "u")
        throttle.recordFailure(key: "u", now: now)
        #expect(throttle.retryAfter(key: "u", now: now) == nil)
    }
}
