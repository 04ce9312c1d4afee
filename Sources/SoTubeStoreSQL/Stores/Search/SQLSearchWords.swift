import Foundation
import SQLKit
import SoTubeCore

/// The index's vocabulary (`search_words`, migration 22): counted when the index is rebuilt, adjusted
/// when one document changes, read for the candidates of a mistyped word (`Spelling`).
enum SQLSearchWords {
    /// Words shorter than this are not kept: a typed word under `Spelling.shortestCorrected` is never
    /// corrected, and one edit from it reaches at most three characters.
    static let shortest = 3

    /// The words of a document that go into the vocabulary (each once).
    static func words(name: String, context: String) -> Set<String> {
        words(name: name, contextWords: words(of: context))
    }

    /// The same, with the context's words already found (a rebuild finds them once per album).
    static func words(name: String, contextWords: Set<String>) -> Set<String> {
        var words = contextWords
        for word in name.split(separator: " ") where word.count >= shortest { words.insert(String(word)) }
        return words
    }

    static func words(of text: String) -> Set<String> {
        Set(text.split(separator: " ").lazy.filter { $0.count >= shortest }.map(String.init))
    }

    /// Replaces the vocabulary with `counts` (inside the rebuild's transaction).
    static func replace(with counts: [String: Int], on db: any SQLDatabase) async throws {
        try await db.raw("DELETE FROM search_words").run()
        var batch: [(String, Int)] = []
        func flush() async throws {
            guard !batch.isEmpty else { return }
            var sql = SQLQueryString("INSERT INTO search_words (word, initial, length, documents) VALUES ")
            for (index, (word, documents)) in batch.enumerated() {
                if index > 0 { sql.appendLiteral(", ") }
                sql.appendInterpolation(
                    "(\(bind: word), \(bind: String(word.prefix(1))), \(bind: word.count), \(bind: documents))"
                        as SQLQueryString)
            }
            try await db.raw(sql).run()
            batch.removeAll(keepingCapacity: true)
        }
        for (word, documents) in counts {
            batch.append((word, documents))
            if batch.count >= 300 { try await flush() }
        }
        try await flush()
    }

    /// Adds (`delta` 1) or takes away (-1) one document's words.
    static func adjust(_ words: Set<String>, by delta: Int, on db: any SQLDatabase) async throws {
        for word in words {
            let text = word
            if delta > 0 {
                try await db.raw(
                    """
                    INSERT INTO search_words (word, initial, length, documents)
                    VALUES (\(bind: text), \(bind: String(word.prefix(1))), \(bind: word.count), \(bind: delta))
                    ON CONFLICT (word) DO UPDATE SET documents = search_words.documents + \(bind: delta)
                    """
                ).run()
            } else {
                try await db.raw(
                    "UPDATE search_words SET documents = documents + \(bind: delta) WHERE word = \(bind: text)"
                ).run()
                try await db.raw("DELETE FROM search_words WHERE word = \(bind: text) AND documents <= 0").run()
            }
        }
    }

    /// Counts the vocabulary from the documents already indexed (a store indexed before migration 22),
    /// a page of documents at a time; returns how many words it holds.
    static func recount(on db: any SQLDatabase) async throws -> Int {
        var counts: [String: Int] = [:]
        var after: Int64 = -1
        while true {
            let rows = try await db.raw(
                """
                SELECT doc_id, name, context FROM search_documents WHERE doc_id > \(bind: after)
                ORDER BY doc_id LIMIT 5000
                """
            ).all()
            guard let last = rows.last else { break }
            after = try last.decode(column: "doc_id", as: Int64.self)
            for row in rows {
                let words = Self.words(
                    name: try row.decode(column: "name", as: String.self),
                    context: try row.decode(column: "context", as: String.self))
                for word in words { counts[word, default: 0] += 1 }
            }
        }
        try await replace(with: counts, on: db)
        return counts.count
    }
}
