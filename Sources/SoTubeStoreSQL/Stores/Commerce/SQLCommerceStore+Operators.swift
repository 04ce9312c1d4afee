import Foundation
import SQLKit
import SoTubeCore

/// What operators do with coins: grant or take them with a reason, and mint gift-code batches. Each
/// writes its audit entry in the same transaction as its ledger entry or codes.
extension SQLCommerceStore {
    /// Adds `coins` (negative: takes them) to the user's balance with a ledger entry of kind grant.
    /// A take larger than the balance is refused (conflict) and changes nothing: a balance never goes
    /// below zero. Throws notFound for an unknown user.
    public func adjustCoins(
        userID: String, coins: Int, ledgerEntryID: String, description: String, now: Date, audit: AuditEntry
    ) async throws -> CreditOutcome {
        try await backend.transaction { db in
            guard
                let before = try await db.raw("SELECT coins FROM users WHERE id = \(bind: userID)").first()?
                    .decode(column: "coins", as: Int.self)
            else { throw DomainError.notFound(what: "The user") }
            guard before + coins >= 0 else {
                throw DomainError.conflict(
                    field: "coins", reason: "The balance is \(before) coins: at most \(before) can be taken.")
            }
            let balance = try await Self.credit(
                db, userID: userID, coins: coins, entryID: ledgerEntryID, kind: .grant, reference: ledgerEntryID,
                description: description, money: nil, now: now)
            var entry = audit
            entry.before = AuditJSON.encode(["coins": before])
            entry.after = AuditJSON.encode(["coins": balance, "ledgerEntry": ledgerEntryID])
            try await SQLAuditLog.insert(entry, into: db)
            return CreditOutcome(coins: coins, balance: balance)
        }
    }

    /// Stores a batch and its codes (normalised) with the audit entry.
    public func createCodeBatch(_ batch: GiftCodeBatch, codes: [String], audit: AuditEntry) async throws {
        try await backend.transaction { db in
            try await db.raw(
                """
                INSERT INTO gift_code_batches (id, label, coins, code_count, expires_at, created_by, created_at)
                VALUES (\(bind: batch.id), \(bind: batch.label), \(bind: batch.coins), \(bind: codes.count),
                    \(bind: batch.expiresAt?.epochMillis), \(bind: batch.createdBy), \(bind: batch.createdAt.epochMillis))
                """
            ).run()
            for start in stride(from: 0, to: codes.count, by: 200) {
                var insert = db.insert(into: "gift_codes").columns(
                    "code", "coins", "created_at", "batch_id", "expires_at")
                for code in codes[start..<min(start + 200, codes.count)] {
                    insert = insert.values(
                        code, batch.coins, batch.createdAt.epochMillis, batch.id, batch.expiresAt?.epochMillis)
                }
                try await insert.run()
            }
            var entry = audit
            entry.after = AuditJSON.encode(["coins": batch.coins, "count": codes.count, "label": batch.label])
            try await SQLAuditLog.insert(entry, into: db)
        }
    }

    /// Every batch, newest first, with how many of its codes were redeemed.
    public func codeBatches() async throws -> [GiftCodeBatch] {
        try await backend.read { db in
            try await db.raw(
                """
                SELECT b.id, b.label, b.coins, b.code_count, b.expires_at, b.created_by, b.created_at,
                    (SELECT COUNT(*) FROM gift_codes c WHERE c.batch_id = b.id AND c.redeemed_at IS NOT NULL) AS redeemed
                FROM gift_code_batches b ORDER BY b.created_at DESC, b.id DESC
                """
            ).all().map(Self.decodeBatch)
        }
    }

    public func codeBatch(id: String) async throws -> GiftCodeBatch? {
        try await backend.read { db in
            try await db.raw(
                """
                SELECT b.id, b.label, b.coins, b.code_count, b.expires_at, b.created_by, b.created_at,
                    (SELECT COUNT(*) FROM gift_codes c WHERE c.batch_id = b.id AND c.redeemed_at IS NOT NULL) AS redeemed
                FROM gift_code_batches b WHERE b.id = \(bind: id)
                """
            ).first().map(Self.decodeBatch)
        }
    }

    /// A batch's codes in order, with who redeemed each and when.
    public func codes(inBatch id: String) async throws -> [(code: GiftCode, redeemedBy: String?)] {
        try await backend.read { db in
            try await db.raw(
                """
                SELECT c.code, c.coins, c.created_at, c.redeemed_by, c.redeemed_at, u.username
                FROM gift_codes c LEFT JOIN users u ON u.id = c.redeemed_by
                WHERE c.batch_id = \(bind: id) ORDER BY c.code
                """
            ).all().map { row in
                (
                    GiftCode(
                        code: try row.decode(column: "code", as: String.self),
                        coins: try row.decode(column: "coins", as: Int.self),
                        createdAt: Date(epochMillis: try row.decode(column: "created_at", as: Int64.self)),
                        redeemedBy: try row.decode(column: "redeemed_by", as: String?.self),
                        redeemedAt: try row.decode(column: "redeemed_at", as: Int64?.self).map(Date.init(epochMillis:))),
                    try row.decode(column: "username", as: String?.self)
                )
            }
        }
    }

    static func decodeBatch(_ row: any SQLRow) throws -> GiftCodeBatch {
        GiftCodeBatch(
            id: try row.decode(column: "id", as: String.self),
            label: try row.decode(column: "label", as: String.self),
            coins: try row.decode(column: "coins", as: Int.self),
            count: try row.decode(column: "code_count", as: Int.self),
            redeemed: try row.decode(column: "redeemed", as: Int.self),
            expiresAt: try row.decode(column: "expires_at", as: Int64?.self).map(Date.init(epochMillis:)),
            createdBy: try row.decode(column: "created_by", as: String.self),
            createdAt: Date(epochMillis: try row.decode(column: "created_at", as: Int64.self)))
    }

    /// The user's top-ups, newest first (every state).
    public func topUps(userID: String, limit: Int) async throws -> [TopUp] {
        try await backend.read { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: Self.topUpColumns) FROM top_ups WHERE user_id = \(bind: userID)
                ORDER BY created_at DESC, id DESC LIMIT \(bind: limit)
                """
            ).all().map(Self.decodeTopUp)
        }
    }
}
