import Foundation
import SQLKit
import SoTubeCore

/// Top-ups: created pending, credited exactly once when captured. The guard is in the database
/// (a conditional UPDATE on the status and the UNIQUE ledger reference), not in memory, so it holds
/// across several server processes too.
extension SQLCommerceStore {
    static let topUpColumns =
        "id, user_id, pack_id, coins, amount, currency, status, provider, provider_reference, created_at, captured_at, message, paid_amount, paid_currency, refunded_coins, refunded_amount, client_secret"

    public func createTopUp(_ topUp: TopUp) async throws {
        try await backend.transaction { db in
            try await db.raw(
                """
                INSERT INTO top_ups (id, user_id, pack_id, coins, amount, currency, status, provider,
                    provider_reference, created_at, captured_at, client_secret)
                VALUES (\(bind: topUp.id), \(bind: topUp.userID), \(bind: topUp.packID), \(bind: topUp.coins),
                    \(bind: topUp.price.amount), \(bind: topUp.price.currency), \(bind: topUp.status.rawValue),
                    \(bind: topUp.provider), \(bind: topUp.providerReference), \(bind: topUp.createdAt.epochMillis),
                    NULL, \(bind: topUp.clientSecret))
                """
            ).run()
        }
    }

    public func topUp(id: String) async throws -> TopUp? {
        try await backend.read { db in
            try await db.raw("SELECT \(unsafeRaw: Self.topUpColumns) FROM top_ups WHERE id = \(bind: id)")
                .first().map(Self.decodeTopUp)
        }
    }

    public func captureTopUp(id: String, providerReference: String, paid: Money?, ledgerEntryID: String, now: Date)
        async throws
        -> CaptureOutcome
    {
        let dialect = backend.dialect
        do {
            return try await backend.transaction { db in
                // Only one caller can move the row out of pending/declined; the others see zero rows.
                if let row = try await db.raw(
                    """
                    UPDATE top_ups SET status = 'captured', captured_at = \(bind: now.epochMillis), message = NULL,
                        paid_amount = COALESCE(\(bind: paid?.amount), amount),
                        paid_currency = COALESCE(\(bind: paid?.currency), currency)
                    WHERE id = \(bind: id) AND provider_reference = \(bind: providerReference)
                        AND status IN ('pending', 'declined')
                    RETURNING \(unsafeRaw: Self.topUpColumns)
                    """
                ).first() {
                    let topUp = try Self.decodeTopUp(row)
                    let balance = try await Self.credit(
                        db, userID: topUp.userID, coins: topUp.coins, entryID: ledgerEntryID, kind: .topUp,
                        reference: topUp.id,
                        description: "Top-up: \(topUp.coins) coins (\(topUp.price.formatted))",
                        money: topUp.price, now: now)
                    return CaptureOutcome(topUp: topUp, credited: true, balance: balance)
                }
                return try await Self.alreadyCaptured(db, id: id, providerReference: providerReference)
            }
        } catch {
            // The UNIQUE ledger reference refused a second credit: the first one committed.
            guard dialect.uniqueViolation(error) != nil else { throw error }
            return try await backend.read { db in
                try await Self.alreadyCaptured(db, id: id, providerReference: providerReference)
            }
        }
    }

    /// The answer when this call did not capture: a replay of a captured top-up, or an error.
    static func alreadyCaptured(_ db: any SQLDatabase, id: String, providerReference: String)
        async throws
        -> CaptureOutcome
    {
        guard
            let row = try await db.raw(
                """
                SELECT \(unsafeRaw: topUpColumns) FROM top_ups
                WHERE id = \(bind: id) AND provider_reference = \(bind: providerReference)
                """
            ).first()
        else { throw DomainError.notFound(what: "The top-up with this provider reference") }
        let topUp = try decodeTopUp(row)
        guard topUp.status == .captured else {
            throw DomainError.conflict(
                field: nil, reason: "This top-up was \(topUp.status.rawValue); it cannot be captured.")
        }
        let balance =
            try await db.raw("SELECT coins FROM users WHERE id = \(bind: topUp.userID)").first()?
            .decode(column: "coins", as: Int.self) ?? 0
        return CaptureOutcome(topUp: topUp, credited: false, balance: balance)
    }

    public func markTopUp(id: String, status: TopUpStatus, message: String?) async throws -> Bool {
        guard status == .declined || status == .cancelled else {
            throw DomainError.invalid(field: "status", reason: "Only a decline or a cancellation is marked here.")
        }
        return try await backend.transaction { db in
            try await db.raw(
                """
                UPDATE top_ups SET status = \(bind: status.rawValue), message = \(bind: message)
                WHERE id = \(bind: id) AND status IN ('pending', 'declined') RETURNING id
                """
            ).first() != nil
        }
    }

    public func deleteAbandonedTopUps(openedBefore cutoff: Date) async throws -> Int {
        try await backend.transaction { db in
            try await db.raw(
                """
                DELETE FROM top_ups WHERE (status IN ('declined', 'cancelled')
                    OR (status = 'pending' AND provider = 'sandbox'))
                AND created_at < \(bind: cutoff.epochMillis) RETURNING id
                """
            ).all().count
        }
    }

    static func decodeTopUp(_ row: any SQLRow) throws -> TopUp {
        TopUp(
            id: try row.decode(column: "id", as: String.self),
            userID: try row.decode(column: "user_id", as: String.self),
            packID: try row.decode(column: "pack_id", as: String.self),
            coins: try row.decode(column: "coins", as: Int.self),
            price: Money(
                amount: try row.decode(column: "amount", as: Int.self),
                currency: try row.decode(column: "currency", as: String.self)),
            status: TopUpStatus(rawValue: try row.decode(column: "status", as: String.self)) ?? .pending,
            provider: try row.decode(column: "provider", as: String.self),
            providerReference: try row.decode(column: "provider_reference", as: String.self),
            createdAt: Date(epochMillis: try row.decode(column: "created_at", as: Int64.self)),
            capturedAt: try row.decode(column: "captured_at", as: Int64?.self).map(
                Date.init(epochMillis:)),
            message: try row.decode(column: "message", as: String?.self),
            paid: try row.decode(column: "paid_amount", as: Int?.self).flatMap { amount in
                try row.decode(column: "paid_currency", as: String?.self).map { Money(amount: amount, currency: $0) }
            },
            refundedCoins: try row.decode(column: "refunded_coins", as: Int.self),
            refundedAmount: try row.decode(column: "refunded_amount", as: Int.self),
            clientSecret: try row.decode(column: "client_secret", as: String?.self))
    }
}
