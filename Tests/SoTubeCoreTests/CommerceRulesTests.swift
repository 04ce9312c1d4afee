import Foundation
import SoTubeCore
import Testing

@Suite struct CommerceRulesTests {
    @Test func luhnAcceptsRealTestNumbersAndRejectsTypos() {
        for number in [
            "4242424242424242", "5555555555554444", "4000000000000002", "4000000000009995", "79927398713",
        ] {
            #expect(CardNumber.passesLuhn(number), "\(number)")
        }
        for number in ["4242424242424241", "1234567812345678", "79927398710", "", "4242a24242424242"] {
            #expect(!CardNumber.passesLuhn(number), "\(number)")
        }
        #expect(CardNumber.digits("4242 4242-4242 4242") == "4242424242424242")
        #expect(CardNumber.digits("4242") == nil)
        #expect(CardNumber.digits("4242 4242 4242 424x") == nil)
    }

    @Test func cardExpiryAndCVC() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15
        #expect(CardNumber.expiry("01/27").map { [$0.month, $0.year] } == [1, 2027])
        #expect(CardNumber.expiry("12/2030").map { [$0.month, $0.year] } == [12, 2030])
        #expect(CardNumber.expiry("13/27") == nil)
        #expect(CardNumber.expiry("1227") == nil)
        #expect(!CardNumber.isExpired(month: 1, year: 2027, now: now))
        #expect(CardNumber.isExpired(month: 12, year: 2026, now: now))
        #expect(CardNumber.isValidCVC("123") && CardNumber.isValidCVC("1234"))
        #expect(!CardNumber.isValidCVC("12") && !CardNumber.isValidCVC("12a"))
    }

    @Test func purchaseTargetNeedsExactlyOneID() throws {
        #expect(try PurchaseTarget(trackID: "t1", albumID: nil) == .track("t1"))
        #expect(try PurchaseTarget(trackID: nil, albumID: "a1").fingerprint == "album:a1")
        #expect(throws: DomainError.self) { try PurchaseTarget(trackID: "t1", albumID: "a1") }
        #expect(throws: DomainError.self) { try PurchaseTarget(trackID: nil, albumID: nil) }
        #expect(throws: DomainError.self) { try PurchaseTarget(trackID: "", albumID: nil) }
        #expect(PurchaseTarget.track("x").fingerprint != PurchaseTarget.album("x").fingerprint)
    }

    @Test func idempotencyKeysAreRequiredAndPrintable() throws {
        #expect(try IdempotencyKey.validated("3f2a-11") == "3f2a-11")
        for bad in [nil, "", "has space", String(repeating: "k", count: 201), "ключ"] as [String?] {
            #expect(throws: DomainError.self) { try IdempotencyKey.validated(bad) }
        }
    }

    @Test func giftCodesAreNormalizedAndShownInGroups() throws {
        let code = GiftCodes.make(randomBytes: Array(0..<16))
        #expect(code.count == 16)
        #expect(code.allSatisfy { GiftCodes.alphabet.contains($0) })
        let shown = GiftCodes.display(code)
        #expect(shown.split(separator: "-").map(\.count) == [4, 4, 4, 4])
        #expect(try GiftCodes.validatedInput(shown.lowercased()) == code)
        #expect(
            try GiftCodes.validatedInput(" " + shown.replacingOccurrences(of: "-", with: " ")) == code)
        #expect(throws: DomainError.self) { try GiftCodes.validatedInput("ABCD-EFGH") }
        #expect(throws: DomainError.self) { try GiftCodes.validatedInput("ABCD-EFGH-JKLM-NPQ0") }  // 0 not in alphabet
        #expect(throws: DomainError.self) { try GiftCodes.validateMint(coins: 0, count: 1) }
        #expect(throws: DomainError.self) { try GiftCodes.validateMint(coins: 10, count: 0) }
    }

    @Test func moneyIsIntegerMinorUnits() throws {
        #expect(Money(amount: 499, currency: "USD").formatted == "4.99 USD")
        #expect(Money(amount: 5, currency: "EUR").formatted == "0.05 EUR")
        #expect(Money(amount: 500, currency: "JPY").formatted == "500 JPY")
        #expect(try Money.validated(amount: 99, currency: "usd") == Money(amount: 99, currency: "USD"))
        #expect(throws: DomainError.self) { try Money.validated(amount: 0, currency: "USD") }
        #expect(throws: DomainError.self) { try Money.validated(amount: 99, currency: "US") }
        #expect(throws: DomainError.self) {
            try CoinPack.validated(id: "Big Pack", coins: 10, amount: 99, currency: "USD")
        }
        #expect(throws: DomainError.self) {
            try CoinPack.validated(id: "big", coins: 0, amount: 99, currency: "USD")
        }
    }

    @Test func ledgerReportFindsEveryKindOfMismatch() {
        let exact = LedgerReport(
            facts: LedgerFacts(
                accounts: [.init(userID: "u1", username: "alice", cachedBalance: 90, ledgerSum: 90)],
                purchases: [.init(id: "p1", expectedDelta: -10, entryCount: 1, entrySum: -10)],
                topUps: [.init(id: "t1", expectedDelta: 100, entryCount: 1, entrySum: 100)],
                orphanEntryIDs: [], unpaidOwnership: [], entryCount: 2))
        #expect(exact.isExact)
        let wrong = LedgerReport(
            facts: LedgerFacts(
                accounts: [.init(userID: "u1", username: "alice", cachedBalance: 95, ledgerSum: 90)],
                purchases: [
                    .init(id: "p1", expectedDelta: -10, entryCount: 2, entrySum: -20),
                    .init(id: "p2", expectedDelta: -10, entryCount: 0, entrySum: 0),
                ],
                topUps: [.init(id: "t1", expectedDelta: 100, entryCount: 1, entrySum: 50)],
                orphanEntryIDs: ["l9"], unpaidOwnership: ["s1 of user u1"], entryCount: 4))
        #expect(!wrong.isExact)
        #expect(wrong.problems.count == 6)
        #expect(wrong.problems[0].contains("balance 95 but ledger sums to 90"))
    }
}
