import Foundation
import SQLKit
import SoTubeCore

/// One searchable entity as it goes into the index.
struct SearchDocument: Sendable {
    var kind: SearchKind
    var entityID: String
    var explicit: Bool
    var display: String
    var name: String
    var context: String

    init(kind: SearchKind, entityID: String, explicit: Bool, display: String, context: [String]) {
        self.kind = kind
        self.entityID = entityID
        self.explicit = explicit
        self.display = display
        self.name = SearchText.normalize(display)
        self.context = context.map(SearchText.normalize).filter { !$0.isEmpty }.joined(separator: " ")
    }
}

/// The full-text index over the catalog: rebuilt after a bulk import, updated per entity after a
/// small change. Readers never see a half-built index (rebuild is one transaction).
public struct SQLSearchIndex: Sendable {
    let backend: any SQLBackend
    package init(backend: any SQLBackend) { self.backend = backend }

    /// Rebuilds the whole index from the catalog tables; returns how many documents it holds.
    @discardableResult
    public func rebuild() async throws -> Int {
        let dialect = backend.dialect
        let written = try await backend.transaction { db in
            // PostgreSQL's tokens (migration 24) are written once at the end, in index order, not by
            // the triggers batch by batch. Readers keep the old index meanwhile (MVCC).
            let tokensAtTheEnd = dialect == .postgres
            if tokensAtTheEnd {
                for statement in SearchTokens.rebuildStart { try await db.raw(SQLQueryString(statement)).run() }
            }
            if dialect.hasSeparateSearchIndex {
                for statement in SearchFullText.documentsLoadStart { try await db.raw(SQLQueryString(statement)).run() }
            }
            try await db.raw("DELETE FROM search_documents").run()
            // The documents are written while the next batch is made (`SearchDocumentWriter`).
            let writer = SearchDocumentWriter(db: db)
            let written: Int
            var words: [String: Int] = [:]
            do {
                var artistNames: [String: String] = [:]
                for row in try await db.raw("SELECT id, name FROM artists ORDER BY id").all() {
                    let id = try row.decode(column: "id", as: String.self)
                    let name = try row.decode(column: "name", as: String.self)
                    artistNames[id] = name
                }
                var next: [Int64: Int64] = [:]
                func add(_ document: SearchDocument, contextWords: Set<String>? = nil) async throws {
                    let documentWords =
                        contextWords.map { SQLSearchWords.words(name: document.name, contextWords: $0) }
                        ?? SQLSearchWords.words(name: document.name, context: document.context)
                    for word in documentWords {
                        words[word, default: 0] += 1
                    }
                    let slot = SearchRanking.Bands.slotStart(
                        band: SearchRanking.Bands.band(document.kind, explicit: document.explicit), name: document.name)
                    let seq = (next[slot] ?? 0) + 1
                    next[slot] = seq
                    try await writer.add(document, at: slot + seq)
                }
                for (id, name) in artistNames.sorted(by: { $0.key < $1.key }) {
                    try await add(
                        SearchDocument(kind: .artist, entityID: id, explicit: false, display: name, context: []))
                }
                var albumTitles: [String: String] = [:]
                let albums = try await db.raw(
                    """
                    SELECT al.id, al.title, al.artist_id,
                        (SELECT COALESCE(MAX(t.explicit), 0) FROM tracks t WHERE t.album_id = al.id) AS any_explicit
                    FROM albums al ORDER BY al.id
                    """
                ).all()
                for row in albums {
                    let id = try row.decode(column: "id", as: String.self)
                    let title = try row.decode(column: "title", as: String.self)
                    albumTitles[id] = title
                    let artist = artistNames[try row.decode(column: "artist_id", as: String.self)] ?? ""
                    try await add(
                        SearchDocument(
                            kind: .album, entityID: id,
                            explicit: try row.decode(column: "any_explicit", as: Int.self) != 0,
                            display: title, context: [artist]))
                }
                for row in try await db.raw("SELECT id, name, description FROM playlists ORDER BY id").all() {
                    try await add(
                        SearchDocument(
                            kind: .playlist, entityID: try row.decode(column: "id", as: String.self), explicit: false,
                            display: try row.decode(column: "name", as: String.self),
                            context: [try row.decode(column: "description", as: String.self)]))
                }
                // Tracks page by id so a million of them never sit in memory at once.
                var normalisedContext: [String: (text: String, words: Set<String>)] = [:]
                var after = ""
                while true {
                    let rows = try await db.raw(
                        """
                        SELECT id, title, artist_id, album_id, explicit FROM tracks
                        WHERE id > \(bind: after) AND withdrawn_at IS NULL ORDER BY id LIMIT 5000
                        """
                    ).all()
                    guard let last = rows.last else { break }
                    after = try last.decode(column: "id", as: String.self)
                    for row in rows {
                        let artistID = try row.decode(column: "artist_id", as: String.self)
                        let albumID = try row.decode(column: "album_id", as: String.self)
                        let key = artistID + "\u{1}" + albumID
                        let context: (text: String, words: Set<String>)
                        if let cached = normalisedContext[key] {
                            context = cached
                        } else {
                            let text = SearchText.normalize(
                                (artistNames[artistID] ?? "") + " " + (albumTitles[albumID] ?? ""))
                            context = (text, SQLSearchWords.words(of: text))
                            // Bounded: an album's songs come together (ids in the order they were added).
                            if normalisedContext.count >= 100_000 { normalisedContext.removeAll(keepingCapacity: true) }
                            normalisedContext[key] = context
                        }
                        var document = SearchDocument(
                            kind: .track, entityID: try row.decode(column: "id", as: String.self),
                            explicit: try row.decode(column: "explicit", as: Int.self) != 0,
                            display: try row.decode(column: "title", as: String.self), context: [])
                        document.context = context.text
                        try await add(document, contextWords: context.words)
                    }
                }
                written = try await writer.finish()
            } catch {
                await writer.settle()
                throw error
            }
            if dialect.hasSeparateSearchIndex {
                for statement in SearchFullText.documentsLoadEnd + SearchFullText.rebuild {
                    try await db.raw(SQLQueryString(statement)).run()
                }
            }
            if tokensAtTheEnd {
                for statement in SearchTokens.rebuildEnd { try await db.raw(SQLQueryString(statement)).run() }
            }
            try await SQLSearchWords.replace(with: words, on: db)
            if dialect == .sqlite { _ = try await Self.nextGeneration(on: db) }
            return written
        }
        (backend as? SQLiteBackend)?.wordStarts.setAside()
        return written
    }

    /// Adds, refreshes or removes one entity's document after a small change (an import of a few
    /// files, a renamed album). Tracks take their artist's and album's names as context. On SQLite a
    /// song's change raises `search_generation` and is applied to this process's word-start bitmaps
    /// once committed.
    public func index(_ kind: SearchKind, id: String) async throws {
        let dialect = backend.dialect
        let bitmaps = kind == .track ? (backend as? SQLiteBackend)?.wordStarts : nil
        bitmaps?.beginWrite()
        var committed: (from: Int64, to: Int64, change: WordStartBitmaps.Change)?
        defer { bitmaps?.endWrite(committed) }
        committed = try await backend.transaction { db -> (from: Int64, to: Int64, change: WordStartBitmaps.Change)? in
            var change = WordStartBitmaps.Change()
            change.removed = try await Self.remove(kind, id: id, on: db, dialect: dialect)
            if let document = try await Self.document(kind, id: id, on: db) {
                let slot = SearchRanking.Bands.slotStart(
                    band: SearchRanking.Bands.band(kind, explicit: document.explicit), name: document.name)
                let row = try await db.raw(
                    """
                    SELECT MAX(doc_id) AS top FROM search_documents
                    WHERE doc_id >= \(bind: slot) AND doc_id < \(bind: slot + SearchRanking.Bands.slotWidth)
                    """
                ).first()
                let top = try row?.decode(column: "top", as: Int64?.self) ?? slot
                try await Self.insert([(top + 1, document)], on: db)
                try await SQLSearchWords.adjust(
                    SQLSearchWords.words(name: document.name, context: document.context), by: 1, on: db)
                if dialect.hasSeparateSearchIndex {
                    for statement in SearchFullText.add(kind, docID: top + 1) {
                        try await db.raw(statement).run()
                    }
                }
                change.added = (top + 1, document.name, document.context)
            }
            guard bitmaps != nil, change.removed != nil || change.added != nil else { return nil }
            let (from, to) = try await Self.nextGeneration(on: db)
            return (from, to, change)
        }
    }

    /// Raises `search_generation` (SQLite): the generations before and after.
    static func nextGeneration(on db: any SQLDatabase) async throws -> (Int64, Int64) {
        try await db.raw("UPDATE search_generation SET value = value + 1 WHERE id = 1").run()
        let to = try await WordStartBitmaps.generation(on: db)
        return (to - 1, to)
    }

    /// Counts the words of an index made before migration 22 (nothing when they are counted already or
    /// the index is empty); returns how many words it found, nil when it had nothing to do.
    @discardableResult
    public func countWordsIfMissing() async throws -> Int? {
        try await backend.transaction { db in
            let hasWords = try await db.raw("SELECT 1 AS one FROM search_words LIMIT 1").first() != nil
            let hasDocuments = try await db.raw("SELECT 1 AS one FROM search_documents LIMIT 1").first() != nil
            guard !hasWords, hasDocuments else { return nil }
            return try await SQLSearchWords.recount(on: db)
        }
    }

    /// How many documents the index holds.
    public func count() async throws -> Int {
        try await backend.read { db in
            try await db.raw("SELECT COUNT(*) AS n FROM search_documents").first()?.decode(column: "n", as: Int.self)
                ?? 0
        }
    }

    /// Removes the entity's document; returns its doc_id, nil when it had none.
    @discardableResult
    static func remove(_ kind: SearchKind, id: String, on db: any SQLDatabase, dialect: StoreDialect) async throws
        -> Int64?
    {
        guard
            let old = try await db.raw(
                """
                SELECT doc_id, name, context FROM search_documents
                WHERE kind = \(bind: kind.rawValue) AND entity_id = \(bind: id)
                """
            ).first()
        else { return nil }
        let docID = try old.decode(column: "doc_id", as: Int64.self)
        try await SQLSearchWords.adjust(
            SQLSearchWords.words(
                name: try old.decode(column: "name", as: String.self),
                context: try old.decode(column: "context", as: String.self)), by: -1, on: db)
        if dialect.hasSeparateSearchIndex {
            for statement in SearchFullText.delete(kind, docID: docID) {
                try await db.raw(statement).run()
            }
        }
        try await db.raw("DELETE FROM search_documents WHERE doc_id = \(bind: docID)").run()
        return docID
    }

    static func document(_ kind: SearchKind, id: String, on db: any SQLDatabase) async throws -> SearchDocument? {
        switch kind {
        case .artist:
            guard let row = try await db.raw("SELECT name FROM artists WHERE id = \(bind: id)").first() else {
                return nil
            }
            return SearchDocument(
                kind: .artist, entityID: id, explicit: false, display: try row.decode(column: "name", as: String.self),
                context: [])
        case .album:
            guard
                let row = try await db.raw(
                    """
                    SELECT al.title, ar.name AS artist_name,
                        (SELECT COALESCE(MAX(t.explicit), 0) FROM tracks t WHERE t.album_id = al.id) AS any_explicit
                    FROM albums al JOIN artists ar ON ar.id = al.artist_id WHERE al.id = \(bind: id)
                    """
                ).first()
            else { return nil }
            return SearchDocument(
                kind: .album, entityID: id, explicit: try row.decode(column: "any_explicit", as: Int.self) != 0,
                display: try row.decode(column: "title", as: String.self),
                context: [try row.decode(column: "artist_name", as: String.self)])
        case .playlist:
            guard let row = try await db.raw("SELECT name, description FROM playlists WHERE id = \(bind: id)").first()
            else { return nil }
            return SearchDocument(
                kind: .playlist, entityID: id, explicit: false,
                display: try row.decode(column: "name", as: String.self),
                context: [try row.decode(column: "description", as: String.self)])
        case .track:
            guard
                let row = try await db.raw(
                    """
                    SELECT t.title, t.explicit, ar.name AS artist_name, al.title AS album_title
                    FROM tracks t JOIN artists ar ON ar.id = t.artist_id JOIN albums al ON al.id = t.album_id
                    WHERE t.id = \(bind: id) AND t.withdrawn_at IS NULL
                    """
                ).first()
            else { return nil }
            return SearchDocument(
                kind: .track, entityID: id, explicit: try row.decode(column: "explicit", as: Int.self) != 0,
                display: try row.decode(column: "title", as: String.self),
                context: [
                    try row.decode(column: "artist_name", as: String.self),
                    try row.decode(column: "album_title", as: String.self),
                ])
        }
    }

    static func insert(_ documents: [(Int64, SearchDocument)], on db: any SQLDatabase) async throws {
        guard !documents.isEmpty else { return }
        var sql = SQLQueryString(
            "INSERT INTO search_documents (doc_id, kind, entity_id, display, name, context) VALUES ")
        for (index, (docID, document)) in documents.enumerated() {
            if index > 0 { sql.appendLiteral(", ") }
            sql.appendInterpolation(
                "(\(bind: docID), \(bind: document.kind.rawValue), \(bind: document.entityID), \(bind: document.display), \(bind: document.name), \(bind: document.context))"
                    as SQLQueryString)
        }
        try await db.raw(sql).run()
    }
}
