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

@Suite struct ThrottleRuleTests {
    let start = Date(timeIntervalSince1970: 1000)

    @Test func allowsTheLimitThenWaitsLongerEachTime() {
        let rule = ThrottleRule(limit: 3, window: 60, firstDelay: 10, maxDelay: 35)
        var state: ThrottleState?
        for i in 0..<3 {
            let (next, wait) = rule.reserve(state, now: start + Double(i))
            #expect(wait == nil)
            state = next
        }
        // The third attempt started a 10 s wait.
        #expect(rule.reserve(state, now: start + 3).wait == 9)
        #expect(rule.reserve(state, now: start + 3).state == state)  // a refused attempt is not counted
        let (fourth, allowed) = rule.reserve(state, now: start + 12)
        #expect(allowed == nil && fourth.attempts == 4)
        #expect(rule.reserve(fourth, now: start + 13).wait == 19)  // 20 s now
        let (fifth, _) = rule.reserve(fourth, now: start + 40)
        #expect(rule.reserve(fifth, now: start + 40).wait == 35)  // 40 s, capped at 35
    }

    @Test func aQuietWindowStartsAfresh() {
        let rule = ThrottleRule(limit: 2, window: 60, firstDelay: 10)
        let (first, _) = rule.reserve(nil, now: start)
        let (second, _) = rule.reserve(first, now: start + 1)
        #expect(second.blockedUntil == start + 11)
        #expect(!rule.isStale(second, now: start + 70))
        #expect(rule.isStale(second, now: start + 71))
        let (fresh, wait) = rule.reserve(second, now: start + 71)
        #expect(wait == nil && fresh.attempts == 1 && fresh.blockedUntil == nil)
        #expect(rule.isStale(fresh, now: start + 131))
    }
}

@Suite struct ThrottlePolicyTests {
    @Test func sharedAddressesLiftPerAddressLimitsButNotTheAccountsOwn() {
        let shared = ThrottlePolicy().sharingAddresses(10)
        #expect(shared.signUpPerClient.limit == 100 && shared.resetPerClient.limit == 50)
        #expect(shared.loginPerClient.limit == 1000 && shared.resetPerAccount.limit == 30)
        #expect(shared.loginPerAccountAndClient == ThrottlePolicy().loginPerAccountAndClient)
        #expect(shared.loginPerAccount == ThrottlePolicy().loginPerAccount)
    }

    /// Strangers count on the account's ceiling over all addresses; the owner's remembered device
    /// and her last sign-in address count on allowances of their own instead.
    @Test func theOwnersDeviceAndAddressKeepTheirOwnAllowance() {
        let policy = ThrottlePolicy()
        let stranger = policy.loginKeys(account: "ann", client: "203.0.113.9", ownDevice: nil, ownAddress: false)
        #expect(stranger.map(\.key) == ["login:ann|203.0.113.9", "login-client:203.0.113.9", "login-account:ann"])
        #expect(stranger.last?.rule == policy.loginPerAccount)
        let home = policy.loginKeys(account: "ann", client: "198.51.100.7", ownDevice: nil, ownAddress: true)
        #expect(!home.map(\.key).contains(ThrottlePolicy.accountCeilingKey("ann")))
        let device = policy.loginKeys(account: "ann", client: "192.0.2.1", ownDevice: "d1", ownAddress: false)
        #expect(device.map(\.key) == ["login:ann|192.0.2.1", "login-client:192.0.2.1", "login-device:ann|d1"])
        #expect(device.last?.rule == policy.loginPerAccountAndClient)
    }

    /// The ceiling's waits grow from a minute to a day: a spread-out attacker gets about 30 tries the
    /// first day and one a day after that, never near NIST SP 800-63B's 100 consecutive failures.
    @Test func theAccountCeilingAllowsFarFewerThanAHundredTriesADay() {
        let rule = ThrottlePolicy().loginPerAccount
        var state: ThrottleState?
        var now = Date(timeIntervalSince1970: 0)
        var counted = 0
        var waits: [Int] = []
        let end = now + 3 * 86_400
        while now < end {
            let (next, wait) = rule.reserve(state, now: now)
            if let wait {
                waits.append(wait)
                now += Double(wait)
            } else {
                state = next
                counted += 1
            }
        }
        #expect(waits.prefix(3) == [60, 120, 240])
        #expect(waits.max() == 86_400)
        #expect(counted <= 20 + 12 + 2)
    }
}
