import SoTubeCore

/// PostgreSQL's search index (migration 24): `search_tokens` rows, a word's documents in doc_id order.
enum SearchTokens {
    /// A whole rebuild: the triggers off (no row-by-row work for a million documents), every token gone.
    static let rebuildStart = [
        "ALTER TABLE search_documents DISABLE TRIGGER search_documents_added",
        "ALTER TABLE search_documents DISABLE TRIGGER search_documents_removed",
        "DELETE FROM search_tokens",
    ]

    /// … then every document's tokens at once, sorted as the index keeps them, and the triggers on again.
    static let rebuildEnd = [
        """
        INSERT INTO search_tokens (token, doc_id, in_name)
        SELECT t.token, d.doc_id, t.in_name FROM search_documents d, search_tokens_of(d.name, d.context) t
        ORDER BY 1, 2
        """,
        "ALTER TABLE search_documents ENABLE TRIGGER search_documents_added",
        "ALTER TABLE search_documents ENABLE TRIGGER search_documents_removed",
        "ANALYZE search_tokens",
    ]

    /// The token a query word looks up: every word is a prefix (`SearchQuery.isPrefix`), a longer one
    /// cut to the longest kept (`indexedPrefixLength`) and checked whole on the rows found.
    static func token(_ term: String) -> String {
        String(String.UnicodeScalarView(term.unicodeScalars.prefix(StoreDialect.indexedPrefixLength)))
    }
}
