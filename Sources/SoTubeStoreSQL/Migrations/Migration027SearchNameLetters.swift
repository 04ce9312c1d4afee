/// PostgreSQL: each `search_tokens` row also says which letters start the words of its document's name
/// (`name_letters`, issue 35), so the names pass of a word and a one-letter prefix ("road s") walks the
/// word's entries alone, checking the letter on each (`StoreDialect.searchCandidates`). At a million
/// songs that pass either merged the word's list with the letter's (`road` + 60,000 entries of `s`:
/// 20 ms) or asked the token sets, which read a heap row for each of the 2,680 songs whose names hold
/// both (14 ms); the walk reads about 12,000 index entries (under 1 ms). The column fits in the padding
/// of the index entry and of the row: the table and its index keep their size.
///
/// A bit per letter a–z; any other first character (a digit, `é`, `д`) sets one of five bits shared by
/// many, so such a letter is checked against its token as well. The table is copied once with the new
/// column (a million songs: 61 s), as `SearchTokens.rebuildEnd` now writes it; the triggers of
/// migration 25, replaced here, fill it. The statements are written out here: this migration must keep
/// meaning what it meant.
enum Migration027SearchNameLetters {
    /// The trigger functions' statement for the added documents: their tokens, with their names'
    /// letters, and their token sets (migration 25's, `name_letters` added).
    static let added = """
        WITH t AS MATERIALIZED (
            SELECT n.doc_id, t.token, t.in_name, search_name_letters(n.name) AS name_letters
            FROM added_documents n, search_tokens_of(n.name, n.context) t),
        i AS (INSERT INTO search_tokens (token, doc_id, in_name, name_letters)
            SELECT token, doc_id, in_name, name_letters FROM t)
        INSERT INTO search_token_sets (doc_id, name_tokens, tokens)
        SELECT doc_id, coalesce(array_agg(token) FILTER (WHERE in_name), '{}'), array_agg(token)
        FROM t GROUP BY doc_id;
        """

    static let migration = Migration(version: 27, name: "search name letters") { dialect in
        guard dialect == .postgres else { return [] }
        return [
            "SET LOCAL statement_timeout = 0",
            "SET LOCAL work_mem = '256MB'",
            "SET LOCAL maintenance_work_mem = '256MB'",
            // Normalised text is words of letters and digits joined by single spaces.
            """
            CREATE FUNCTION search_name_letters(doc_name TEXT) RETURNS INTEGER LANGUAGE SQL IMMUTABLE AS $$
                SELECT CAST(coalesce(bit_or(CASE WHEN ascii(w) BETWEEN 97 AND 122 THEN 1 << (ascii(w) - 97)
                    ELSE 1 << (26 + ascii(w) % 5) END), 0) AS INTEGER)
                FROM unnest(string_to_array(doc_name, ' ')) w WHERE w <> ''
            $$
            """,
            """
            CREATE TABLE search_tokens_next (
                token TEXT NOT NULL, doc_id BIGINT NOT NULL, in_name BOOLEAN NOT NULL, name_letters INTEGER NOT NULL)
            """,
            """
            INSERT INTO search_tokens_next (token, doc_id, in_name, name_letters)
            SELECT s.token, s.doc_id, s.in_name, coalesce(l.letters, 0) FROM search_tokens s
            LEFT JOIN (SELECT doc_id, search_name_letters(name) AS letters FROM search_documents) l ON l.doc_id = s.doc_id
            ORDER BY 1, 2
            """,
            "CREATE INDEX search_tokens_next_token ON search_tokens_next (token, doc_id) INCLUDE (in_name, name_letters)",
            "ALTER TABLE search_tokens_next ALTER COLUMN token SET STATISTICS 1000",
            "ANALYZE search_tokens_next",
            "DROP TABLE search_tokens",
            "ALTER TABLE search_tokens_next RENAME TO search_tokens",
            "ALTER INDEX search_tokens_next_token RENAME TO search_tokens_token",
            """
            CREATE OR REPLACE FUNCTION search_tokens_added() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
            \(added)
            RETURN NULL;
            END $$
            """,
            """
            CREATE OR REPLACE FUNCTION search_tokens_changed() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
            DELETE FROM search_tokens s USING removed_documents o, search_tokens_of(o.name, o.context) t
            WHERE s.token = t.token AND s.doc_id = o.doc_id;
            DELETE FROM search_token_sets s USING removed_documents o WHERE s.doc_id = o.doc_id;
            \(added)
            RETURN NULL;
            END $$
            """,
        ]
    }
}
