import SoTubeCore

/// PostgreSQL's search index (migration 24): `search_tokens` rows, a word's documents in doc_id order.
enum SearchTokens {
    /// A whole rebuild: no statement timeout for this transaction (writing a million documents' tokens
    /// takes minutes, where the configured timeout, 30 s by default, is for requests), the triggers
    /// off (no row-by-row work for a million documents). Readers keep the old tokens meanwhile.
    static let rebuildStart = [
        "SET LOCAL statement_timeout = 0",
        "ALTER TABLE search_documents DISABLE TRIGGER search_documents_added",
        "ALTER TABLE search_documents DISABLE TRIGGER search_documents_removed",
    ]

    /// … then every document's tokens at once into a new table, its index built after (one sort, not
    /// 32 M B-tree inserts), analysed, swapped for the old one at the end, and the triggers on again. At a
    /// million songs one `INSERT … search_tokens_of(…)` into the indexed table took 470 s (the
    /// function's plan per document, then the index inserts); this takes 240 s. The words are split here as
    /// `search_tokens_of` splits them (migration 24; the triggers use it): one to six letters of each
    /// word, in the name if any of its words starts so.
    static let rebuildEnd = [
        "SET LOCAL work_mem = '256MB'",
        "SET LOCAL maintenance_work_mem = '256MB'",
        // The columns as they are (not the index: it is built after the rows).
        "CREATE TABLE search_tokens_next (LIKE search_tokens)",
        """
        INSERT INTO search_tokens_next (token, doc_id, in_name)
        SELECT substr(w.word, 1, n), w.doc_id, bool_or(w.in_name)
        FROM (SELECT d.doc_id, unnest(string_to_array(d.name, ' ')) AS word, TRUE AS in_name FROM search_documents d
            UNION ALL
            SELECT d.doc_id, unnest(string_to_array(d.context, ' ')), FALSE FROM search_documents d) w,
            generate_series(1, least(6, length(w.word))) n
        WHERE w.word <> ''
        GROUP BY 2, 1 ORDER BY 1, 2
        """,
        "CREATE INDEX search_tokens_next_token ON search_tokens_next (token, doc_id) INCLUDE (in_name)",
        "ALTER TABLE search_tokens_next ALTER COLUMN token SET STATISTICS 1000",
        // Before the swap: from the DROP to the commit, searches wait (ANALYZE takes seconds at size).
        "ANALYZE search_tokens_next",
        "DROP TABLE search_tokens",
        "ALTER TABLE search_tokens_next RENAME TO search_tokens",
        "ALTER INDEX search_tokens_next_token RENAME TO search_tokens_token",
        "ALTER TABLE search_documents ENABLE TRIGGER search_documents_added",
        "ALTER TABLE search_documents ENABLE TRIGGER search_documents_removed",
    ]

    /// The token a query word looks up: every word is a prefix (`SearchQuery.isPrefix`), a longer one
    /// cut to the longest kept (`indexedPrefixLength`) and checked whole on the rows found.
    static func token(_ term: String) -> String {
        String(String.UnicodeScalarView(term.unicodeScalars.prefix(StoreDialect.indexedPrefixLength)))
    }
}
