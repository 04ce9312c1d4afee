import Foundation
import SQLKit
import SoTubeCore

/// Provider events applied once, and disputes that stop an account's buying until settled.
extension SQLCommerceStore {
    static let disputeColumns =
        "id, provider_reference, top_up_id, user_id, amount, currency, reason, created_at, settled_at, settled_note"

    public func hasPaymentEvent(id: String) async throws -> Bool {
        try await backend.read { db in
            try await db.raw("SELECT id FROM payment_events WHERE id = \(bind: id)").first() != nil
        }
    }

    public func recordPaymentEvent(id: String, provider: String, type: String, now: Date) async throws -> Bool {
        try await backend.transaction { db in
            try await db.raw(
                """
                INSERT INTO payment_events (id, provider, type, received_at)
                VALUES (\(bind: id), \(bind: provider), \(bind: type), \(bind: now.epochMillis))
                ON CONFLICT (id) DO NOTHING RETURNING id
                """
            ).first() != nil
        }
    }

    public func openDispute(_ dispute: PaymentDispute) async throws -> Bool {
        try await backend.transaction { db in
            guard
                try await db.raw(
                    """
                    INSERT INTO payment_disputes (\(unsafeRaw: Self.disputeColumns))
                    VALUES (\(bind: dispute.id), \(bind: dispute.providerReference), \(bind: dispute.topUpID),
                        \(bind: dispute.userID), \(bind: dispute.money.amount), \(bind: dispute.money.currency),
                        \(bind: dispute.reason), \(bind: dispute.createdAt.epochMillis), NULL, NULL)
                    ON CONFLICT (provider_reference) DO NOTHING RETURNING id
                    """
                ).first() != nil
            else { return false }
            try await db.raw(
                """
                UPDATE users SET frozen_at = \(bind: dispute.createdAt.epochMillis)
                WHERE id = \(bind: dispute.userID) AND frozen_at IS NULL
                """
            ).run()
            return true
        }
    }

    public func settleDispute(id: String, note: String, now: Date) async throws -> PaymentDispute? {
        try await backend.transaction { db in
            guard
                let row = try await db.raw(
                    """
                    UPDATE payment_disputes SET settled_at = COALESCE(settled_at, \(bind: now.epochMillis)),
                        settled_note = COALESCE(settled_note, \(bind: note))
                    WHERE id = \(bind: id) RETURNING \(unsafeRaw: Self.disputeColumns)
                    """
                ).first()
            else { return nil }
            let dispute = try Self.decodeDispute(row)
            try await db.raw(
                """
                UPDATE users SET frozen_at = NULL WHERE id = \(bind: dispute.userID) AND NOT EXISTS (
                    SELECT 1 FROM payment_disputes d WHERE d.user_id = users.id AND d.settled_at IS NULL)
                """
            ).run()
            return dispute
        }
    }

    public func disputes(includeSettled: Bool) async throws -> [PaymentDispute] {
        try await backend.read { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: Self.disputeColumns) FROM payment_disputes
                WHERE \(unsafeRaw: includeSettled ? "true" : "settled_at IS NULL") ORDER BY created_at, id
                """
            ).all().map(Self.decodeDispute)
        }
    }

    static func decodeDispute(_ row: any SQLRow) throws -> PaymentDispute {
        PaymentDispute(
            id: try row.decode(column: "id", as: String.self),
            providerReference: try row.decode(column: "provider_reference", as: String.self),
            topUpID: try row.decode(column: "top_up_id", as: String.self),
            userID: try row.decode(column: "user_id", as: String.self),
            money: Money(
                amount: try row.decode(column: "amount", as: Int.self),
                currency: try row.decode(column: "currency", as: String.self)),
            reason: try row.decode(column: "reason", as: String.self),
            createdAt: Date(epochMillis: try row.decode(column: "created_at", as: Int64.self)),
            settledAt: try row.decode(column: "settled_at", as: Int64?.self).map(Date.init(epochMillis:)),
            settledNote: try row.decode(column: "settled_note", as: String?.self))
    }
}
