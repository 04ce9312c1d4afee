import SQLKit

/// Writes a rebuild's documents a batch at a time while the next batch is made: one insert in flight on
/// the transaction's connection, awaited before the next goes. A rebuild spent two thirds of its
/// document phase in Swift (folding names, splitting words) and the rest waiting for SQLite's inserts,
/// one after the other on a 2-core machine (issue 35).
///
/// Used within one transaction's closure, by one task. After an error, `settle()` waits for the insert in
/// flight, so none runs once the transaction has ended.
final class SearchDocumentWriter {
    let db: any SQLDatabase
    private var inFlight: Task<Void, any Error>?
    private(set) var written = 0

    init(db: any SQLDatabase) { self.db = db }

    /// Waits for the batch before, then starts writing `documents`.
    func write(_ documents: [(Int64, SearchDocument)]) async throws {
        try await inFlight?.value
        inFlight = nil
        guard !documents.isEmpty else { return }
        let db = db
        inFlight = Task { try await SQLSearchIndex.insert(documents, on: db) }
        written += documents.count
    }

    /// Waits for the last batch; returns how many documents were written.
    func finish() async throws -> Int {
        try await inFlight?.value
        inFlight = nil
        return written
    }

    /// Waits for the batch in flight and ignores how it ended (the caller is throwing already).
    func settle() async {
        _ = try? await inFlight?.value
        inFlight = nil
    }
}
