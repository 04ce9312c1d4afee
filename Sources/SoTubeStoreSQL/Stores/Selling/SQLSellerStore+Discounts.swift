import Foundation
import SQLKit
import SoTubeCore

/// Discount codes: made and listed by their seller, checked and counted in the purchase's transaction.
extension SQLSellerStore {
    public func createDiscount(_ code: DiscountCode, audit: AuditEntry) async throws {
        let dialect = backend.dialect
        do {
            try await backend.transaction { db in
                if let album = code.albumID {
                    guard
                        try await db.raw(
                            """
                            SELECT 1 AS one FROM albums al JOIN artist_accounts aa ON aa.artist_id = al.artist_id
                            WHERE al.id = \(bind: album) AND aa.user_id = \(bind: code.accountID)
                            """
                        ).first() != nil
                    else { throw DomainError.invalid(field: "albumId", reason: "This is not one of your releases.") }
                }
                try await db.raw(
                    """
                    INSERT INTO discount_codes (code, account, album_id, percent, expires_at, max_uses, uses, created_at)
                    VALUES (\(bind: code.code), \(bind: code.accountID), \(bind: code.albumID), \(bind: code.percent),
                        \(bind: code.expiresAt?.epochMillis), \(bind: code.maxUses), 0, \(bind: code.createdAt.epochMillis))
                    """
                ).run()
                try await SQLAuditLog.insert(audit, into: db)
            }
        } catch {
            guard dialect.uniqueViolation(error) != nil else { throw error }
            throw DomainError.conflict(field: "code", reason: "This code exists already.")
        }
    }

    static let discountSelect = """
        SELECT d.code, d.account, d.album_id, al.title AS album_title, d.percent, d.expires_at, d.max_uses, d.uses,
            d.created_at
        FROM discount_codes d LEFT JOIN albums al ON al.id = d.album_id
        """

    static func discount(_ row: any SQLRow) throws -> DiscountCode {
        DiscountCode(
            code: try row.decode(column: "code", as: String.self),
            accountID: try row.decode(column: "account", as: String.self),
            albumID: try row.decode(column: "album_id", as: String?.self),
            albumTitle: try row.decode(column: "album_title", as: String?.self),
            percent: try row.decode(column: "percent", as: Int.self),
            expiresAt: try row.decode(column: "expires_at", as: Int64?.self).map(Date.init(epochMillis:)),
            maxUses: try row.decode(column: "max_uses", as: Int?.self),
            uses: try row.decode(column: "uses", as: Int.self),
            createdAt: Date(epochMillis: try row.decode(column: "created_at", as: Int64.self)))
    }

    public func discounts(accountID: String) async throws -> [DiscountCode] {
        try await backend.read { db in
            try await db.raw(
                "\(unsafeRaw: Self.discountSelect) WHERE d.account = \(bind: accountID) ORDER BY d.created_at DESC, d.code"
            ).all().map(Self.discount)
        }
    }

    public func deleteDiscount(accountID: String, code: String) async throws {
        try await backend.transaction { db in
            let rows = try await db.raw(
                "DELETE FROM discount_codes WHERE code = \(bind: code) AND account = \(bind: accountID) RETURNING code"
            ).all()
            guard !rows.isEmpty else { throw DomainError.notFound(what: "The code") }
        }
    }

    /// The code as it applies to an item by `artistID` on `albumID`: nil when unknown or another
    /// seller's (the buyer is told only "no such code").
    public func discount(code: String, artistID: String) async throws -> DiscountCode? {
        try await backend.read { db in try await Self.discount(db, code: code, artistID: artistID) }
    }

    static func discount(_ db: any SQLDatabase, code: String, artistID: String) async throws -> DiscountCode? {
        try await db.raw(
            """
            \(unsafeRaw: discountSelect)
            JOIN artist_accounts aa ON aa.user_id = d.account AND aa.artist_id = \(bind: artistID)
            WHERE d.code = \(bind: code)
            """
        ).first().map(Self.discount)
    }

    /// Uses the code for a purchase of `albumID` by `artistID` (in the purchase's transaction): the
    /// price with the code, or 422 naming why it cannot be used. A use past the maximum never counts,
    /// however many buyers race for the last one.
    static func redeem(_ db: any SQLDatabase, code: String, artistID: String, albumID: String, price: Int, now: Date)
        async throws -> Int
    {
        guard let found = try await discount(db, code: code, artistID: artistID) else {
            throw DomainError.invalid(field: "discountCode", reason: "There is no such code for this release.")
        }
        if let refusal = DiscountRules.refusal(found, albumID: albumID, now: now) {
            throw DomainError.invalid(field: "discountCode", reason: refusal)
        }
        let counted = try await db.raw(
            """
            UPDATE discount_codes SET uses = uses + 1
            WHERE code = \(bind: found.code) AND (max_uses IS NULL OR uses < max_uses) RETURNING code
            """
        ).all()
        guard !counted.isEmpty else {
            throw DomainError.invalid(field: "discountCode", reason: "This code has been used up.")
        }
        return DiscountRules.apply(percent: found.percent, to: price)
    }

    /// The catalog artist of a song or an album (whose seller a code must belong to).
    static func artistID(_ db: any SQLDatabase, trackID: String?, albumID: String?) async throws -> String? {
        if let trackID {
            return try await db.raw("SELECT artist_id FROM tracks WHERE id = \(bind: trackID)").first()?
                .decode(column: "artist_id", as: String.self)
        }
        guard let albumID else { return nil }
        return try await db.raw("SELECT artist_id FROM albums WHERE id = \(bind: albumID)").first()?
            .decode(column: "artist_id", as: String.self)
    }

    public func artistID(trackID: String?, albumID: String?) async throws -> String? {
        try await backend.read { db in try await Self.artistID(db, trackID: trackID, albumID: albumID) }
    }
}
