import SoTubeCore
import Testing

/// The split of a sale, commissions typed as percentages, and what a name-your-price buyer pays.
@Suite struct SellerRulesTests {
    @Test func theCommissionRoundsDownAndTheTwoPartsAddUp() {
        #expect(
            RevenueSplit(gross: 14, commissionBasisPoints: 1500) == RevenueSplit(gross: 14, commissionBasisPoints: 1500)
        )
        let split = RevenueSplit(gross: 14, commissionBasisPoints: 1500)
        #expect(split.commission == 2 && split.share == 12)
        for gross in [0, 1, 7, 99, 1000, Int.max] {
            for points in [0, 1, 1500, 9999, 10_000, -5, 20_000] {
                let part = RevenueSplit(gross: gross, commissionBasisPoints: points)
                #expect(part.commission >= 0 && part.share >= 0 && part.commission + part.share == part.gross)
            }
        }
        #expect(RevenueSplit(gross: 10, commissionBasisPoints: 10_000).share == 0)
    }

    @Test func percentagesBecomeBasisPoints() {
        #expect(RevenueSplit.basisPoints(percent: "15") == 1500)
        #expect(RevenueSplit.basisPoints(percent: "12.5") == 1250)
        #expect(RevenueSplit.basisPoints(percent: "0.05") == 5)
        #expect(RevenueSplit.basisPoints(percent: "100") == 10_000)
        for bad in ["", "101", "-1", "1.234", "abc", "1e3", "15%", ".5", "99999999999999999999"] {
            #expect(RevenueSplit.basisPoints(percent: bad) == nil, "\(bad)")
        }
    }

    @Test func aNameYourPriceBuyerPaysAtLeastTheMinimum() throws {
        #expect(try SellerRules.charge(price: 5, nameYourPrice: true, offer: nil) == 5)
        #expect(try SellerRules.charge(price: 5, nameYourPrice: true, offer: 9) == 9)
        #expect(try SellerRules.charge(price: 0, nameYourPrice: true, offer: 0) == 0)
        #expect(throws: DomainError.self) { try SellerRules.charge(price: 5, nameYourPrice: true, offer: 4) }
        #expect(throws: DomainError.self) { try SellerRules.charge(price: 5, nameYourPrice: false, offer: 6) }
        #expect(try SellerRules.charge(price: 5, nameYourPrice: false, offer: 5) == 5)
        #expect(throws: DomainError.self) {
            try SellerRules.charge(price: 5, nameYourPrice: true, offer: SellerRules.maxPrice + 1)
        }
    }

    @Test func statementMonthsAreCalendarMonths() throws {
        let month = try #require(StatementMonth(iso: "2026-12"))
        #expect(month.description == "2026-12")
        #expect(month.nextFirstDay.description == "2027-01-01")
        #expect(StatementMonth(iso: "2026-13") == nil && StatementMonth(iso: "2026-1") == nil)
    }
}
