import SoTubeCore
import Testing

/// The sale rules every reader and both purchase paths share (issue 28, "Money").
@Suite struct SaleRulesTests {
    let three = [
        SaleSong(id: "a", price: 10), SaleSong(id: "b", price: 10), SaleSong(id: "c", price: 10, withdrawn: true),
    ]

    @Test func aListShowsWhatTheAlbumCostsAndCharges() throws {
        let shown = SaleRules.albumListPrice(priceSum: 30, onSalePriceSum: 20, operatorPrice: nil)
        #expect(shown == 16, "80 % of 30, scaled to the 20 coins of songs still on sale")
        #expect(SaleRules.albumPrice(three, operatorPrice: nil) == shown)
        let offer = try SaleRules.album(three, operatorPrice: nil)
        #expect(offer == SaleOffer(trackIDs: ["a", "b"], charge: shown))
        // With nothing withdrawn the list price is the bundle.
        #expect(SaleRules.albumListPrice(priceSum: 30, onSalePriceSum: 30, operatorPrice: nil) == 24)
        #expect(SaleRules.albumListPrice(priceSum: 30, onSalePriceSum: 20, operatorPrice: 15) == 10)
    }

    @Test func songsNotForSaleAreRefusedWithTheirReason() {
        #expect(throws: DomainError.conflict(field: "trackId", reason: SaleRules.withdrawnReason)) {
            try SaleRules.song(SaleSong(id: "c", price: 10, withdrawn: true))
        }
        #expect(throws: DomainError.conflict(field: "trackId", reason: SaleRules.preparingReason)) {
            try SaleRules.song(SaleSong(id: "d", price: 10, ready: false))
        }
        #expect(throws: DomainError.conflict(field: "trackId", reason: SaleRules.ownedReason)) {
            try SaleRules.song(SaleSong(id: "a", price: 10, owned: true))
        }
        #expect(throws: DomainError.conflict(field: "albumId", reason: SaleRules.allOwnedReason)) {
            try SaleRules.album([SaleSong(id: "a", price: 10, owned: true)], operatorPrice: nil)
        }
        #expect(throws: DomainError.conflict(field: "albumId", reason: SaleRules.withdrawnReason)) {
            try SaleRules.album([SaleSong(id: "c", price: 10, withdrawn: true)], operatorPrice: nil)
        }
    }

    @Test func onlyTheConfirmedPriceIsCharged() throws {
        try SaleRules.confirm(charge: 16, expectedPrice: 16)
        try SaleRules.confirm(charge: 16, expectedPrice: nil)
        #expect(throws: DomainError.priceChanged(price: 16)) { try SaleRules.confirm(charge: 16, expectedPrice: 24) }
        #expect(throws: DomainError.priceChanged(price: 16)) { try SaleRules.confirm(charge: 16, expectedPrice: 10) }
    }
}
