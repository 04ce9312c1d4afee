import Foundation
import SoTubeCore
import SoTubeMedia
import SoTubeStoreSQL

/// Operators' gift-code batches and the audit log.
extension OperatorService {
    /// Makes a batch of codes; answers it with its codes as people type them.
    public func createCodeBatch(
        _ actor: OperatorActor, coins: Int, count: Int, expiresAt: Date?, label: String?
    ) async throws -> (batch: GiftCodeBatch, codes: [String]) {
        try GiftCodes.validateMint(coins: coins, count: count)
        let now = clock.now()
        let label = try OperatorRules.validateBatch(label: label, expiresAt: expiresAt, now: now)
        var codes: Set<String> = []
        while codes.count < count {
            codes.insert(GiftCodes.make(randomBytes: ids.randomBytes(GiftCodes.length)))
        }
        let sorted = codes.sorted()
        let batch = GiftCodeBatch(
            id: ids.makeID(), label: label, coins: coins, count: count, expiresAt: expiresAt, createdBy: actor.name,
            createdAt: now)
        try await database.commerce.createCodeBatch(
            batch, codes: sorted, audit: entry(actor, .codesBatch, "batch \(label.isEmpty ? batch.id : label)"))
        return (batch, sorted.map(GiftCodes.display))
    }

    public func codeBatches() async throws -> [GiftCodeBatch] { try await database.commerce.codeBatches() }

    /// A batch and its codes with who redeemed each (for the CSV).
    public func codeBatchCodes(id: String) async throws
        -> (batch: GiftCodeBatch, codes: [(code: GiftCode, redeemedBy: String?)])
    {
        guard let batch = try await database.commerce.codeBatch(id: id) else {
            throw DomainError.notFound(what: "The batch")
        }
        return (batch, try await database.commerce.codes(inBatch: id))
    }

    public func auditEntries(limit: Int, before: String?) async throws -> [AuditEntry] {
        try await database.audit.entries(limit: limit, before: before)
    }
}
