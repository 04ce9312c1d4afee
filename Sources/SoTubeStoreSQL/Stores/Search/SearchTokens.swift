import SoTubeCore

/// PostgreSQL's search index (migration 24): `search_tokens` rows, a word's documents in doc_id order;
/// and each document's tokens as sets (`search_token_sets`, migration 25).
package enum SearchTokens {
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
    /// word, with the letters that start the name's words when one of them starts so (else 0:
    /// `search_name_letters`, migrations 27 and 31) and those that start the name's and context's.
    static let rebuildEnd = [
        "SET LOCAL work_mem = '256MB'",
        "SET LOCAL maintenance_work_mem = '256MB'",
        // The columns as they are (not the index: it is built after the rows).
        "CREATE TABLE search_tokens_next (LIKE search_tokens)",
        """
        WITH d AS MATERIALIZED (
            SELECT doc_id, name, context, l.name_letters, l.name_letters | search_name_letters(context) AS letters
            FROM search_documents, LATERAL (SELECT search_name_letters(name) AS name_letters) l)
        INSERT INTO search_tokens_next (token, doc_id, name_letters, letters)
        SELECT substr(w.word, 1, n), w.doc_id, max(w.name_letters), max(w.letters)
        FROM (SELECT d.doc_id, unnest(string_to_array(d.name, ' ')) AS word, d.name_letters, d.letters FROM d
            UNION ALL
            SELECT d.doc_id, unnest(string_to_array(d.context, ' ')), 0, d.letters FROM d) w,
            generate_series(1, least(6, length(w.word))) n
        WHERE w.word <> ''
        GROUP BY 2, 1 ORDER BY 1, 2
        """,
        "CREATE INDEX search_tokens_next_token ON search_tokens_next (token, doc_id) INCLUDE (name_letters, letters)",
        "ALTER TABLE search_tokens_next ALTER COLUMN token SET STATISTICS 1000",
        // Each document's token sets (migration 25), from the new tokens.
        "CREATE TABLE search_token_sets_next (LIKE search_token_sets)",
        """
        INSERT INTO search_token_sets_next (doc_id, name_tokens, tokens)
        SELECT doc_id, coalesce(array_agg(token) FILTER (WHERE name_letters <> 0), '{}'), array_agg(token)
        FROM search_tokens_next GROUP BY doc_id
        """,
        "ALTER TABLE search_token_sets_next ADD CONSTRAINT search_token_sets_next_pkey PRIMARY KEY (doc_id)",
        "CREATE INDEX search_token_sets_next_names ON search_token_sets_next USING GIN (name_tokens)",
        "CREATE INDEX search_token_sets_next_all ON search_token_sets_next USING GIN (tokens)",
        // Album names' sets (migration 26).
        """
        CREATE INDEX search_token_sets_next_album_names ON search_token_sets_next USING GIN (name_tokens)
        WHERE doc_id >= \(SearchRanking.Bands.album * SearchRanking.Bands.width)
        AND doc_id < \((SearchRanking.Bands.explicitAlbum + 1) * SearchRanking.Bands.width)
        """,
        // Before the swap: from the DROP to the commit, searches wait (ANALYZE takes seconds at size).
        "ANALYZE search_tokens_next",
        "ANALYZE search_token_sets_next",
        "DROP TABLE search_tokens",
        "ALTER TABLE search_tokens_next RENAME TO search_tokens",
        "ALTER INDEX search_tokens_next_token RENAME TO search_tokens_token",
        "DROP TABLE search_token_sets",
        "ALTER TABLE search_token_sets_next RENAME TO search_token_sets",
        "ALTER INDEX search_token_sets_next_pkey RENAME TO search_token_sets_pkey",
        "ALTER INDEX search_token_sets_next_names RENAME TO search_token_sets_names",
        "ALTER INDEX search_token_sets_next_all RENAME TO search_token_sets_all",
        "ALTER INDEX search_token_sets_next_album_names RENAME TO search_token_sets_album_names",
        "ALTER TABLE search_documents ENABLE TRIGGER search_documents_added",
        "ALTER TABLE search_documents ENABLE TRIGGER search_documents_removed",
    ]

    /// The tokens a query looks up: each word's (`token`), less those that start another of them. Every
    /// word is a prefix, so a document holding a word that starts with `shadow` holds one that starts
    /// with `s` (in the same place): "shadow s" finds what "shadow" finds, and looking `s` up read
    /// 55,000 entries of its list at a million songs.
    package static func lookedUp(_ query: SearchQuery) -> Set<String> {
        let tokens = Set(query.terms.map(token))
        return tokens.filter { short in
            !tokens.contains { $0 != short && $0.unicodeScalars.starts(with: short.unicodeScalars) }
        }
    }

    /// The bit of `name_letters` (migration 27's `search_name_letters`) that a name word starting with
    /// `letter` sets: one for each of a–z, and one of five shared bits for any other character. `letters`
    /// (migration 31) sets the same bits for the words of the name and the context.
    package static func nameLetterBit(_ letter: Unicode.Scalar) -> Int32 {
        let value = letter.value
        guard isOwnNameLetter(letter) else { return 1 << Int32(26 + value % 5) }
        return 1 << Int32(value - 97)
    }

    /// Does `letter` have a `name_letters` bit of its own (a–z), so that the bit alone says a word of the
    /// name starts with it?
    package static func isOwnNameLetter(_ letter: Unicode.Scalar) -> Bool { (97...122).contains(letter.value) }

    /// The token a query word looks up: every word is a prefix (`SearchQuery.isPrefix`), a longer one
    /// cut to the longest kept (`indexedPrefixLength`) and checked whole on the rows found.
    static func token(_ term: String) -> String {
        String(String.UnicodeScalarView(term.unicodeScalars.prefix(StoreDialect.indexedPrefixLength)))
    }
}
