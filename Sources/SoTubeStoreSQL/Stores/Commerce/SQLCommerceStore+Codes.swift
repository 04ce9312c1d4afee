import Foundation
import SQLKit
import SoTubeCore

/// Gift codes and operator grants: credits, each with its ledger entry in the same transaction.
extension SQLCommerceStore {
    public func createGiftCodes(_ codes: [GiftCode]) async throws {
        guard !codes.isEmpty else { return }
        try await backend.transaction { db in
            for chunk in stride(from: 0, to: codes.count, by: 200).map({
                codes[$0..<min($0 + 200, codes.count)]
            }) {
                var insert = db.insert(into: "gift_codes").columns("code", "coins", "created_at")
                for code in chunk {
                    insert = insert.values(code.code, code.coins, code.createdAt.epochMillis)
                }
                try await insert.run()
            }
        }
    }

    public func redeemGiftCode(_ code: String, userID: String, ledgerEntryID: String, now: Date)
        async throws
        -> CreditOutcome
    {
        try await backend.transaction { db in
            guard
                let coins = try await db.raw(
                    """
                    UPDATE gift_codes SET redeemed_by = \(bind: userID), redeemed_at = \(bind: now.epochMillis)
                    WHERE code = \(bind: code) AND redeemed_at IS NULL
                        AND (expires_at IS NULL OR expires_at > \(bind: now.epochMillis))
                    RETURNING coins
                    """
                ).first()?.decode(column: "coins", as: Int.self)
            else {
                guard
                    let row = try await db.raw(
                        "SELECT redeemed_at FROM gift_codes WHERE code = \(bind: code)"
                    ).first()
                else {
                    throw DomainError.notFound(what: "The gift code")
                }
                if try row.decode(column: "redeemed_at", as: Int64?.self) == nil {
                    throw DomainError.conflict(field: "code", reason: "This gift code has expired.")
                }
                throw DomainError.conflict(
                    field: "code", reason: "This gift code has already been redeemed.")
            }
            let balance = try await Self.credit(
                db, userID: userID, coins: coins, entryID: ledgerEntryID, kind: .giftCode, reference: code,
                description: "Gift code \(GiftCodes.display(code))", money: nil, now: now)
            return CreditOutcome(coins: coins, balance: balance)
        }
    }

    public func grant(userID: String, coins: Int, ledgerEntryID: String, note: String, now: Date)
        async throws
        -> CreditOutcome
    {
        try await backend.transaction { db in
            let balance = try await Self.credit(
                db, userID: userID, coins: coins, entryID: ledgerEntryID, kind: .grant,
                reference: ledgerEntryID,
                description: note, money: nil, now: now)
            return CreditOutcome(coins: coins, balance: balance)
        }
    }
}
