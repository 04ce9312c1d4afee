import Foundation
import SQLKit
import SoTubeCore

/// SQLite group commit, song purchases: the checks of a whole batch in one query, then the same rules
/// as `purchase(_:_:)` applied in arrival order against the balances read under the writer lock, then
/// one conditional debit per buyer and the rows of every purchase (`insertPurchases`: one multi-row insert
/// each for purchases, ownership and ledger).
/// Any surprise (a debit that does not match) throws, which rolls the batch back and retries each
/// purchase alone.
extension SQLCommerceStore {
    enum BatchedAnswer: Sendable {
        case done(Result<PurchaseOutcome, DomainError>)
        /// The key was used in an earlier transaction: answer from the stored purchase.
        case storedReplay
    }

    static func purchaseTracks(_ db: any SQLDatabase, _ commands: [(PurchaseCommand, trackID: String)]) async throws
        -> [Result<PurchaseOutcome, DomainError>]
    {
        guard !commands.isEmpty else { return [] }
        let values = commands.enumerated().map { index, item in
            "(\(bind: index), \(bind: item.0.userID), \(bind: item.0.idempotencyKey), \(bind: item.trackID))"
                as SQLQueryString
        }.joined(separator: ", ")
        let rows = try await db.raw(
            """
            WITH c(idx, user_id, idem, track_id) AS (VALUES \(values))
            SELECT c.idx,
                (SELECT p.id FROM purchases p WHERE p.user_id = c.user_id AND p.idempotency_key = c.idem) AS prior_id,
                t.id, t.title, t.price, t.album_id, t.ready, t.withdrawn_at, t.name_your_price,
                (SELECT COUNT(*) FROM owned_tracks o WHERE o.user_id = c.user_id AND o.track_id = c.track_id) AS owned,
                (SELECT u.coins FROM users u WHERE u.id = c.user_id) AS coins
            FROM c LEFT JOIN tracks t ON t.id = c.track_id ORDER BY c.idx
            """
        ).all()
        guard rows.count == commands.count else { throw StoreError.corrupt("batch check returned \(rows.count) rows") }

        var balances: [String: Int] = [:]
        var plannedByKey: [String: (index: Int, fingerprint: String)] = [:]
        var ownedInBatch: Set<String> = []
        var answers: [BatchedAnswer] = []
        var planned: [(command: PurchaseCommand, purchase: Purchase)] = []
        for (index, row) in rows.enumerated() {
            let command = commands[index].0
            let trackID = commands[index].trackID
            let keyID = command.userID + "\u{0}" + command.idempotencyKey
            if try row.decode(column: "prior_id", as: String?.self) != nil {
                answers.append(.storedReplay)
                continue
            }
            if let earlier = plannedByKey[keyID] {
                guard earlier.fingerprint == command.fingerprint else {
                    answers.append(.done(.failure(.idempotencyMismatch)))
                    continue
                }
                guard case .done(.success(let first)) = answers[earlier.index] else {
                    throw StoreError.corrupt("batch replay of an unplanned purchase")
                }
                answers.append(
                    .done(.success(PurchaseOutcome(purchase: first.purchase, balance: first.balance, replayed: true))))
                continue
            }
            guard let coins = try row.decode(column: "coins", as: Int?.self) else {
                answers.append(.done(.failure(.notFound(what: "The user"))))
                continue
            }
            let plan: PurchasePlan
            do {
                plan = try trackPlan(row, trackID: trackID, offer: command.offeredCoins)
                try SaleRules.confirm(charge: plan.charge, expectedPrice: command.expectedPrice)
            } catch let error as DomainError {
                answers.append(.done(.failure(error)))
                continue
            }
            let ownedID = command.userID + "\u{0}" + trackID
            if ownedInBatch.contains(ownedID) {
                answers.append(.done(.failure(.conflict(field: "trackId", reason: SaleRules.ownedReason))))
                continue
            }
            let balance = balances[command.userID] ?? coins
            guard balance >= plan.charge else {
                answers.append(.done(.failure(.insufficientCoins(missing: plan.charge - balance))))
                continue
            }
            balances[command.userID] = balance - plan.charge
            let purchase = Purchase(
                id: command.purchaseID, userID: command.userID, kind: plan.kind, trackIDs: plan.trackIDs,
                albumID: plan.albumID, title: plan.title, coins: plan.charge, balanceAfter: balance - plan.charge,
                createdAt: command.now)
            plannedByKey[keyID] = (answers.count, command.fingerprint)
            ownedInBatch.insert(ownedID)
            planned.append((command, purchase))
            answers.append(
                .done(.success(PurchaseOutcome(purchase: purchase, balance: purchase.balanceAfter, replayed: false))))
        }

        if !planned.isEmpty {
            try await writePlanned(db, planned, balances: balances)
        }
        var results: [Result<PurchaseOutcome, DomainError>] = []
        for (index, answer) in answers.enumerated() {
            switch answer {
            case .done(let result): results.append(result)
            case .storedReplay:
                do {
                    results.append(.success(try await replay(db, commands[index].0)))
                } catch let error as DomainError {
                    results.append(.failure(error))
                }
            }
        }
        return results
    }

    /// One conditional debit per buyer for the whole batch, then the purchase, ownership and ledger rows
    /// (`insertPurchases`, as for a single purchase).
    static func writePlanned(
        _ db: any SQLDatabase, _ planned: [(command: PurchaseCommand, purchase: Purchase)], balances: [String: Int]
    ) async throws {
        var totals: [String: Int] = [:]
        for item in planned { totals[item.purchase.userID, default: 0] += item.purchase.coins }
        let charged = totals.filter { $0.value > 0 }.sorted { $0.key < $1.key }
        if !charged.isEmpty {
            let cases = charged.map { "WHEN \(bind: $0.key) THEN \(bind: $0.value)" as SQLQueryString }
                .joined(separator: " ")
            let ids = charged.map { "\(bind: $0.key)" as SQLQueryString }.joined(separator: ", ")
            let rows = try await db.raw(
                """
                UPDATE users SET coins = coins - (CASE id \(cases) END)
                WHERE id IN (\(ids)) AND coins >= (CASE id \(cases) END) RETURNING id, coins
                """
            ).all()
            let after = Dictionary(
                uniqueKeysWithValues: try rows.map {
                    (try $0.decode(column: "id", as: String.self), try $0.decode(column: "coins", as: Int.self))
                })
            for (user, _) in charged where after[user] != balances[user] {
                throw StoreError.corrupt("batched debit of \(user) did not match the planned balance")
            }
        }
        try await insertPurchases(db, planned)
    }
}
