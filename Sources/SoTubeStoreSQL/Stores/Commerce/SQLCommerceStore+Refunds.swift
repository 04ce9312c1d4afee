import Foundation
import SQLKit
import SoTubeCore

/// Refunds of top-ups: coins taken back in one transaction with the refund row, its ledger entry
/// and the top-up's refunded totals; a refused refund gives them back the same way.
extension SQLCommerceStore {
    static let refundColumns =
        "id, top_up_id, user_id, coins, amount, currency, status, origin, provider_reference, note, created_at"

    public func takeBackForRefund(
        topUpID: String, refundID: String, ledgerEntryID: String, origin: TopUpRefund.Origin,
        providerReference: String?, note: String?, now: Date,
        plan: @escaping @Sendable (TopUp, Int) -> RefundRules.Plan
    ) async throws -> (refund: TopUpRefund, balance: Int)? {
        let lock = backend.dialect == .postgres ? " FOR UPDATE" : ""
        return try await backend.transaction { db in
            guard
                let row = try await db.raw(
                    "SELECT \(unsafeRaw: Self.topUpColumns) FROM top_ups WHERE id = \(bind: topUpID)\(unsafeRaw: lock)"
                ).first()
            else { throw DomainError.notFound(what: "The top-up '\(topUpID)'") }
            let topUp = try Self.decodeTopUp(row)
            guard topUp.status == .captured else {
                throw DomainError.conflict(
                    field: nil,
                    reason: "The top-up \(topUpID) is \(topUp.status.rawValue): only a paid top-up is refunded.")
            }
            let balance =
                try await db.raw("SELECT coins FROM users WHERE id = \(bind: topUp.userID)\(unsafeRaw: lock)")
                .first()?.decode(column: "coins", as: Int.self) ?? 0
            let decided = plan(topUp, balance)
            guard decided.coins > 0 || decided.amount > 0 else { return nil }
            guard decided.coins >= 0, decided.amount >= 0, decided.coins <= balance else {
                throw DomainError.invalid(field: "coins", reason: "A refund cannot take more coins than the balance.")
            }
            let refund = TopUpRefund(
                id: refundID, topUpID: topUpID, userID: topUp.userID, coins: decided.coins,
                money: Money(amount: decided.amount, currency: topUp.price.currency),
                status: origin == .provider ? .done : .requested, origin: origin,
                providerReference: providerReference, note: note, createdAt: now)
            try await db.raw(
                """
                INSERT INTO top_up_refunds (\(unsafeRaw: Self.refundColumns))
                VALUES (\(bind: refund.id), \(bind: topUpID), \(bind: refund.userID), \(bind: refund.coins),
                    \(bind: refund.money.amount), \(bind: refund.money.currency), \(bind: refund.status.rawValue),
                    \(bind: origin.rawValue), \(bind: providerReference), \(bind: note), \(bind: now.epochMillis))
                """
            ).run()
            try await db.raw(
                """
                UPDATE top_ups SET refunded_coins = refunded_coins + \(bind: refund.coins),
                    refunded_amount = refunded_amount + \(bind: refund.money.amount)
                WHERE id = \(bind: topUpID)
                """
            ).run()
            var after = balance
            if refund.coins > 0 {
                after = try await Self.credit(
                    db, userID: topUp.userID, coins: -refund.coins, entryID: ledgerEntryID, kind: .refund,
                    reference: refundID,
                    description: "Refund: \(refund.coins) coins (\(refund.money.formatted))", money: refund.money,
                    now: now)
            }
            return (refund, after)
        }
    }

    public func completeRefund(id: String, providerReference: String?) async throws {
        try await backend.transaction { db in
            try await db.raw(
                """
                UPDATE top_up_refunds SET status = 'done',
                    provider_reference = COALESCE(\(bind: providerReference), provider_reference)
                WHERE id = \(bind: id) AND status = 'requested'
                """
            ).run()
        }
    }

    public func reverseRefund(id: String, ledgerEntryID: String, reason: String, now: Date) async throws {
        try await backend.transaction { db in
            guard
                let row = try await db.raw(
                    """
                    UPDATE top_up_refunds SET status = 'failed', note = \(bind: reason)
                    WHERE id = \(bind: id) AND status = 'requested' RETURNING \(unsafeRaw: Self.refundColumns)
                    """
                ).first()
            else { return }
            let refund = try Self.decodeRefund(row)
            try await db.raw(
                """
                UPDATE top_ups SET refunded_coins = refunded_coins - \(bind: refund.coins),
                    refunded_amount = refunded_amount - \(bind: refund.money.amount)
                WHERE id = \(bind: refund.topUpID)
                """
            ).run()
            if refund.coins > 0 {
                _ = try await Self.credit(
                    db, userID: refund.userID, coins: refund.coins, entryID: ledgerEntryID, kind: .refund,
                    reference: "\(id).reversed",
                    description: "Refund refused by the payment provider: \(refund.coins) coins back",
                    money: nil, now: now)
            }
        }
    }

    public func refunds(topUpID: String) async throws -> [TopUpRefund] {
        try await backend.read { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: Self.refundColumns) FROM top_up_refunds WHERE top_up_id = \(bind: topUpID)
                ORDER BY created_at, id
                """
            ).all().map(Self.decodeRefund)
        }
    }

    public func topUp(provider: String, providerReference: String) async throws -> TopUp? {
        try await backend.read { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: Self.topUpColumns) FROM top_ups
                WHERE provider = \(bind: provider) AND provider_reference = \(bind: providerReference)
                """
            ).first().map(Self.decodeTopUp)
        }
    }

    public func topUps(userID: String?, limit: Int) async throws -> [TopUp] {
        let limit = max(1, min(limit, 10_000))
        return try await backend.read { db in
            if let userID {
                return try await db.raw(
                    """
                    SELECT \(unsafeRaw: Self.topUpColumns) FROM top_ups WHERE user_id = \(bind: userID)
                    ORDER BY created_at DESC, id DESC LIMIT \(literal: limit)
                    """
                ).all().map(Self.decodeTopUp)
            }
            return try await db.raw(
                """
                SELECT \(unsafeRaw: Self.topUpColumns) FROM top_ups ORDER BY created_at DESC, id DESC
                LIMIT \(literal: limit)
                """
            ).all().map(Self.decodeTopUp)
        }
    }

    static func decodeRefund(_ row: any SQLRow) throws -> TopUpRefund {
        TopUpRefund(
            id: try row.decode(column: "id", as: String.self),
            topUpID: try row.decode(column: "top_up_id", as: String.self),
            userID: try row.decode(column: "user_id", as: String.self),
            coins: try row.decode(column: "coins", as: Int.self),
            money: Money(
                amount: try row.decode(column: "amount", as: Int.self),
                currency: try row.decode(column: "currency", as: String.self)),
            status: TopUpRefund.Status(rawValue: try row.decode(column: "status", as: String.self)) ?? .requested,
            origin: TopUpRefund.Origin(rawValue: try row.decode(column: "origin", as: String.self)) ?? .operator,
            providerReference: try row.decode(column: "provider_reference", as: String?.self),
            note: try row.decode(column: "note", as: String?.self),
            createdAt: Date(epochMillis: try row.decode(column: "created_at", as: Int64.self)))
    }
}
