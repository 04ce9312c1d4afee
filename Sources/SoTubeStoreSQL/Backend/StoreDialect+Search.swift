import SQLKit
import SoTubeCore

/// Full-text search: the one place where SQLite (FTS5) and PostgreSQL (tsvector) differ.
extension StoreDialect {
    /// An integer primary key that is SQLite's rowid (fast) or a PostgreSQL BIGINT.
    var rowIDType: String {
        switch self {
        case .sqlite: return "INTEGER"
        case .postgres: return "BIGINT"
        }
    }

    /// Statements creating the full-text index over `search_documents`.
    var searchIndexSchema: [String] {
        switch self {
        case .sqlite:
            // Text is normalised in Swift (SearchText) before it is stored, so the tokenizer only
            // splits words; prefix indexes make typing-as-you-go queries cheap.
            return [
                """
                CREATE VIRTUAL TABLE search_index USING fts5(
                    name, context, content='search_documents', content_rowid='doc_id',
                    tokenize='unicode61 remove_diacritics 0', prefix='1 2 3')
                """
            ]
        case .postgres:
            return [
                """
                CREATE INDEX search_documents_fts ON search_documents
                USING GIN (to_tsvector('simple', name || ' ' || context))
                """
            ]
        }
    }

    /// Does this engine keep a separate full-text index that store code must update?
    var hasSeparateSearchIndex: Bool { self == .sqlite }

    /// A ranked candidate query for one kind: rows `doc_id, entity_id, display, name, score`
    /// (lower score is better) among documents with `lo <= doc_id < hi`, at most `cap` of them.
    func searchCandidates(_ query: SearchQuery, lo: Int64, hi: Int64, cap: Int) -> SQLQueryString {
        switch self {
        case .sqlite:
            // The inner LIMIT bounds the work for very common prefixes: FTS5 walks the doclists in
            // doc_id order and stops after `cap` hits; bm25 weighs the name 10× the context.
            return """
                SELECT d.doc_id, d.entity_id, d.display, d.name, c.score FROM (
                    SELECT rowid AS rid, bm25(search_index, 10.0, 1.0) AS score FROM search_index
                    WHERE search_index MATCH \(bind: query.fts5Expression)
                    AND rowid >= \(bind: lo) AND rowid < \(bind: hi) LIMIT \(bind: cap)) c
                JOIN search_documents d ON d.doc_id = c.rid
                """
        case .postgres:
            return """
                SELECT c.doc_id, c.entity_id, c.display, c.name, c.score FROM (
                    SELECT d.doc_id, d.entity_id, d.display, d.name,
                        CAST(-ts_rank(setweight(to_tsvector('simple', d.name), 'A')
                            || setweight(to_tsvector('simple', d.context), 'D'), q) AS DOUBLE PRECISION) AS score
                    FROM search_documents d, to_tsquery('simple', \(bind: query.tsQueryExpression)) q
                    WHERE to_tsvector('simple', d.name || ' ' || d.context) @@ q
                        AND d.doc_id >= \(bind: lo) AND d.doc_id < \(bind: hi) LIMIT \(bind: cap)) c
                """
        }
    }
}
