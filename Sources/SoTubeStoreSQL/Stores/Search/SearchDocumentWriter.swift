import SQLKit

/// Writes a rebuild's documents in batches of `batchSize` while the next batch is made: one insert in
/// flight on the transaction's connection, awaited before the next goes. A rebuild spent two thirds of its
/// document phase in Swift (folding names, splitting words) and the rest waiting for SQLite's inserts,
/// one after the other on a 2-core machine (issue 35).
///
/// Used within one transaction's closure, by one task. After an error, `settle()` waits for the insert in
/// flight, so none runs once the transaction has ended.
final class SearchDocumentWriter {
    let db: any SQLDatabase
    let batchSize: Int
    private var batch: [(Int64, SearchDocument)] = []
    private var inFlight: Task<Void, any Error>?
    private(set) var written = 0

    init(db: any SQLDatabase, batchSize: Int = 400) {
        self.db = db
        self.batchSize = max(1, batchSize)
        batch.reserveCapacity(self.batchSize)
    }

    /// Adds a document at `docID`; a full batch starts its insert once the one before has ended.
    func add(_ document: SearchDocument, at docID: Int64) async throws {
        batch.append((docID, document))
        if batch.count >= batchSize { try await writeBatch() }
    }

    /// Writes what is left and waits for it; returns how many documents were written.
    func finish() async throws -> Int {
        try await writeBatch()
        try await inFlight?.value
        inFlight = nil
        return written
    }

    /// Waits for the batch before, then starts writing the one made.
    private func writeBatch() async throws {
        try await inFlight?.value
        inFlight = nil
        guard !batch.isEmpty else { return }
        let documents = batch
        batch.removeAll(keepingCapacity: true)
        let db = db
        inFlight = Task { try await SQLSearchIndex.insert(documents, on: db) }
        written += documents.count
    }

    /// Waits for the batch in flight and ignores how it ended (the caller is throwing already).
    func settle() async {
        _ = try? await inFlight?.value
        inFlight = nil
    }
}
