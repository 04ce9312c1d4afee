import Logging
import SQLKit
import SoTubeCore

extension WordStartBitmaps {
    /// The most prefixes given bitmaps (each a bit per song, twice: 1.25 MB per 10M songs each).
    static let mostPrefixes = 32
    /// A prefix gets a bitmap when the vocabulary counts it in at least 1/`densityDivisor` of the songs
    /// (its words' documents, of every kind): a rarer one's list is short, and walking it costs little.
    static let densityDivisor = 32

    /// The database's generation (`search_generation`; 0 before migration 29 made it).
    static func generation(on db: any SQLDatabase) async throws -> Int64 {
        try await db.raw("SELECT value FROM search_generation WHERE id = 1").first()?.decode(
            column: "value", as: Int64.self) ?? 0
    }

    /// Makes the bitmaps from the songs' documents, in the background, unless they are being made.
    package func make(using backend: SQLiteBackend) {
        beginMaking { logger in
            let started = ContinuousClock.now
            do {
                let (made, from, to) = try await Self.read(backend)
                let held = self.finishMaking(made, from: from, to: to)
                logger?.info(
                    "search word-start bitmaps \(held ? "ready" : "not made")",
                    metadata: [
                        "seconds": "\(((ContinuousClock.now - started).seconds * 1000).rounded() / 1000)",
                        "generation": "\(to)",
                        "megabytes": "\(self.bytes / 1_000_000)",
                    ])
            } catch {
                self.abandonMaking()
                logger?.warning("search word-start bitmaps not made: \(error)")
            }
        }
    }

    /// Makes them now, awaited (tests; the server makes them in the background): are they held?
    package func makeNow(using backend: SQLiteBackend) async throws -> Bool {
        let (made, from, to) = try await Self.read(backend)
        return finishMaking(made, from: from, to: to, background: false)
    }

    /// The bitmaps as the songs' documents hold them, and the generations read before and after; read on
    /// a connection of their own (`SQLiteBackend.withOwnConnection`).
    static func read(_ backend: SQLiteBackend) async throws -> (WordStartIndex?, Int64, Int64) {
        try await backend.withOwnConnection { db in
            let from = try await generation(on: db)
            var index = WordStartIndex(prefixes: try await densePrefixes(on: db), generation: from)
            try await reserveSlots(&index, on: db)
            for (lo, hi) in SearchRanking.Bands.bands(.track, allowExplicit: true) {
                var after = lo - 1
                while true {
                    try Task.checkCancellation()
                    let rows = try await db.raw(
                        """
                        SELECT doc_id, name, context FROM search_documents
                        WHERE doc_id > \(bind: after) AND doc_id < \(bind: hi) ORDER BY doc_id LIMIT 5000
                        """
                    ).all()
                    guard !rows.isEmpty else { break }
                    for row in rows {
                        let docID = try row.decode(column: "doc_id", as: Int64.self)
                        guard
                            index.add(
                                docID: docID, name: try row.decode(column: "name", as: String.self),
                                context: try row.decode(column: "context", as: String.self), clearing: false)
                        else { return (nil, from, try await generation(on: db)) }
                        after = docID
                    }
                }
            }
            index.forgetContexts()
            return (index, from, try await generation(on: db))
        }
    }

    /// Sizes each slot's bitmaps for the last song it holds (`WordStartIndex.reserve`), from two b-tree
    /// descents a slot.
    static func reserveSlots(_ index: inout WordStartIndex, on db: any SQLDatabase) async throws {
        let width = SearchRanking.Bands.slotWidth
        for (lo, hi) in SearchRanking.Bands.bands(.track, allowExplicit: true) {
            var from = lo
            while from < hi {
                try Task.checkCancellation()
                guard
                    let first = try await db.raw(
                        "SELECT min(doc_id) AS d FROM search_documents WHERE doc_id >= \(bind: from) AND doc_id < \(bind: hi)"
                    ).first()?.decode(column: "d", as: Int64?.self)
                else { break }
                let end = min(hi, (first / width + 1) * width)
                if let last = try await db.raw(
                    "SELECT max(doc_id) AS d FROM search_documents WHERE doc_id >= \(bind: first) AND doc_id < \(bind: end)"
                ).first()?.decode(column: "d", as: Int64?.self) {
                    index.reserve(through: last)
                }
                from = end
            }
        }
    }

    /// The short prefixes given bitmaps: of one or two letters, the densest first.
    static func densePrefixes(on db: any SQLDatabase) async throws -> [String] {
        let songs =
            try await db.raw(StoreDialect.sqlite.songCountEstimate).first()?.decode(column: "songs", as: Int?.self) ?? 0
        return try await db.raw(
            """
            SELECT p, sum(documents) AS n FROM (
                SELECT substr(word, 1, 1) AS p, documents FROM search_words
                UNION ALL
                SELECT substr(word, 1, 2) AS p, documents FROM search_words WHERE length(word) >= 2) s
            GROUP BY p HAVING sum(documents) * \(literal: densityDivisor) >= \(bind: songs)
            ORDER BY n DESC, p LIMIT \(literal: mostPrefixes)
            """
        ).all().map { try $0.decode(column: "p", as: String.self) }
    }
}
