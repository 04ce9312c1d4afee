import Foundation
import SQLKit
import SoTubeCore

/// Group commit for SQLite, which has one writer: purchases that arrive while a transaction is being
/// written queue up and are written together in the next transaction, one after the other, each with
/// its own checks, conditional debit and ledger entry. One BEGIN/COMMIT (and one write of the touched
/// pages to the WAL) then serves many purchases.
///
/// Song purchases of a batch are decided together (`purchaseTracks`: one query for all checks, one
/// conditional debit per buyer, one multi-row insert per table); album purchases run one by one first.
///
/// Safe because a purchase throws its domain errors (404, 409, 402, 422) before its first write, so a
/// refused purchase leaves nothing behind in the shared transaction. Any other error rolls the whole
/// batch back and each purchase is retried alone in its own transaction.
actor PurchaseBatcher {
    typealias Waiter = CheckedContinuation<PurchaseOutcome, any Error>
    let backend: any SQLBackend
    private var pending: [(PurchaseCommand, Waiter)] = []
    private var draining = false
    static let maxBatch = 256

    init(backend: any SQLBackend) { self.backend = backend }

    func submit(_ command: PurchaseCommand) async throws -> PurchaseOutcome {
        try await withCheckedThrowingContinuation { waiter in
            pending.append((command, waiter))
            if !draining {
                draining = true
                Task { await drain() }
            }
        }
    }

    private func drain() async {
        while !pending.isEmpty {
            let batch = Array(pending.prefix(Self.maxBatch))
            pending.removeFirst(batch.count)
            await Self.write(batch, backend: backend)
        }
        draining = false
    }

    private static func write(_ batch: [(PurchaseCommand, Waiter)], backend: any SQLBackend) async {
        let commands = batch.map(\.0)
        do {
            let results = try await backend.transaction { db in
                var results = [Result<PurchaseOutcome, DomainError>?](repeating: nil, count: commands.count)
                var songs: [(index: Int, command: PurchaseCommand, trackID: String)] = []
                for (index, command) in commands.enumerated() {
                    switch command.target {
                    case .track(let trackID): songs.append((index, command, trackID))
                    case .album:
                        do {
                            results[index] = .success(try await SQLCommerceStore.purchase(db, command))
                        } catch let error as DomainError {
                            results[index] = .failure(error)
                        }
                    }
                }
                let songResults = try await SQLCommerceStore.purchaseTracks(db, songs.map { ($0.command, $0.trackID) })
                for (position, song) in songs.enumerated() { results[song.index] = songResults[position] }
                return results.map { $0 ?? .failure(.notFound(what: "The purchase")) }
            }
            for (index, (_, waiter)) in batch.enumerated() { waiter.resume(with: results[index]) }
        } catch {
            for (command, waiter) in batch {
                do {
                    waiter.resume(
                        returning: try await backend.transaction { db in
                            try await SQLCommerceStore.purchase(db, command)
                        })
                } catch {
                    waiter.resume(throwing: error)
                }
            }
        }
    }
}
