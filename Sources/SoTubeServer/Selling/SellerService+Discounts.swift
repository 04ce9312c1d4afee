import Foundation
import SoTubeCore

/// Discount codes: a seller makes them for its own releases; a buyer sees what one makes of a price.
extension SellerService {
    public func createDiscount(
        _ user: User, code text: String, percent: Int, albumID: String?, expiresOn: String?, maxUses: Int?
    ) async throws -> DiscountCode {
        _ = try await account(user)
        let code = try DiscountRules.normalized(text)
        try DiscountRules.validate(percent: percent, maxUses: maxUses)
        // The code works through the whole of its last day (UTC).
        let expiry = try SellerRules.availableDay(expiresOn, field: "expiresOn").map {
            Date(epochMillis: $0.adding(days: 1).startMillis)
        }
        let discount = DiscountCode(
            code: code, accountID: user.id, albumID: albumID?.isEmpty == false ? albumID : nil, percent: percent,
            expiresAt: expiry, maxUses: maxUses, createdAt: clock.now())
        try await sellers.createDiscount(
            discount, audit: entry(user, .releaseEdit, "discount \(code) (\(percent) %)"))
        return try await sellers.discounts(accountID: user.id).first { $0.code == code } ?? discount
    }

    public func discounts(_ user: User) async throws -> [DiscountCode] {
        _ = try await account(user)
        return try await sellers.discounts(accountID: user.id)
    }

    public func deleteDiscount(_ user: User, code: String) async throws {
        try await sellers.deleteDiscount(accountID: user.id, code: try DiscountRules.normalized(code))
    }

    /// The price with the code for a song or an album; 422 when the code cannot be used for it now.
    public func quote(code text: String, trackID: String?, albumID: String?, price: Int) async throws -> (Int, Int) {
        let code = try DiscountRules.normalized(text)
        try SellerRules.validatePrice(price, field: "price")
        guard (trackID == nil) != (albumID == nil) else {
            throw DomainError.invalid(field: "trackId", reason: "Name one song (trackId) or one album (albumId).")
        }
        guard let artistID = try await sellers.artistID(trackID: trackID, albumID: albumID),
            let found = try await sellers.discount(code: code, artistID: artistID)
        else { throw DomainError.invalid(field: "discountCode", reason: "There is no such code for this release.") }
        var album = albumID
        if album == nil, let trackID { album = try await sellers.albumID(ofTrack: trackID) }
        if let refusal = DiscountRules.refusal(found, albumID: album, now: clock.now()) {
            throw DomainError.invalid(field: "discountCode", reason: refusal)
        }
        return (found.percent, DiscountRules.apply(percent: found.percent, to: price))
    }
}
