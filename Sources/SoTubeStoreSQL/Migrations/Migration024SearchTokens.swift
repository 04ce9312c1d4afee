/// PostgreSQL's search index as SQLite's (issue 35): a word's documents in doc_id order, so a search
/// reads the first hits and stops. The GIN index over `to_tsvector` answered a prefix with a bitmap of
/// every document holding it, each re-read and re-tokenised before a sort: at a million songs 'a':*
/// took 240 ms and the benchmark's p99 was 253 ms. `search_tokens` holds, per document, each prefix of
/// one to six letters of its words (FTS5's `prefix='1 2 3 4 5 6'`: every query word is a prefix, a longer
/// one cut to six and checked whole on the rows found) and whether it is in the name; a B-tree on
/// (token, doc_id) walks one in doc_id order ('a':* with a LIMIT: 0.3 ms).
/// Triggers keep it with `search_documents`. SQLite keeps its FTS5 tables: nothing changes there.
/// The statements are written out here: this migration must keep meaning what it meant.
enum Migration024SearchTokens {
    static let migration = Migration(version: 24, name: "search tokens") { dialect in
        guard dialect == .postgres else { return [] }
        return [
            "CREATE TABLE search_tokens (token TEXT NOT NULL, doc_id BIGINT NOT NULL, in_name BOOLEAN NOT NULL)",
            // Normalised text is words of letters and digits joined by single spaces.
            """
            CREATE FUNCTION search_tokens_of(doc_name TEXT, doc_context TEXT)
            RETURNS TABLE (token TEXT, in_name BOOLEAN) LANGUAGE SQL IMMUTABLE AS $$
                WITH words AS (
                    SELECT w AS word, TRUE AS in_name FROM regexp_split_to_table(doc_name, ' ') w WHERE w <> ''
                    UNION ALL
                    SELECT w, FALSE FROM regexp_split_to_table(doc_context, ' ') w WHERE w <> '')
                SELECT substr(word, 1, n), bool_or(in_name)
                FROM words, generate_series(1, least(6, length(word))) n GROUP BY 1
            $$
            """,
            """
            INSERT INTO search_tokens (token, doc_id, in_name)
            SELECT t.token, d.doc_id, t.in_name FROM search_documents d, search_tokens_of(d.name, d.context) t
            ORDER BY 1, 2
            """,
            "CREATE INDEX search_tokens_token ON search_tokens (token, doc_id) INCLUDE (in_name)",
            // A common prefix and a rare one differ by 1000×: the planner needs to know which is which
            // (at a million songs p50 12.3 → 9.1 ms, p99 41.6 → 32.3 ms against the default 100).
            "ALTER TABLE search_tokens ALTER COLUMN token SET STATISTICS 1000",
            """
            CREATE FUNCTION search_tokens_added() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
            INSERT INTO search_tokens (token, doc_id, in_name)
            SELECT t.token, n.doc_id, t.in_name FROM added_documents n, search_tokens_of(n.name, n.context) t;
            RETURN NULL;
            END $$
            """,
            // A document's rows are found by its own tokens (the index has no doc_id of its own).
            """
            CREATE FUNCTION search_tokens_removed() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
            DELETE FROM search_tokens s USING removed_documents o, search_tokens_of(o.name, o.context) t
            WHERE s.token = t.token AND s.doc_id = o.doc_id;
            RETURN NULL;
            END $$
            """,
            """
            CREATE TRIGGER search_documents_added AFTER INSERT ON search_documents
            REFERENCING NEW TABLE AS added_documents FOR EACH STATEMENT EXECUTE FUNCTION search_tokens_added()
            """,
            """
            CREATE TRIGGER search_documents_removed AFTER DELETE ON search_documents
            REFERENCING OLD TABLE AS removed_documents FOR EACH STATEMENT EXECUTE FUNCTION search_tokens_removed()
            """,
            // No code updates a document in place (it is removed and added), but a hand-made change
            // keeps the tokens right too.
            """
            CREATE FUNCTION search_tokens_changed() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
            DELETE FROM search_tokens s USING removed_documents o, search_tokens_of(o.name, o.context) t
            WHERE s.token = t.token AND s.doc_id = o.doc_id;
            INSERT INTO search_tokens (token, doc_id, in_name)
            SELECT t.token, n.doc_id, t.in_name FROM added_documents n, search_tokens_of(n.name, n.context) t;
            RETURN NULL;
            END $$
            """,
            """
            CREATE TRIGGER search_documents_changed AFTER UPDATE ON search_documents
            REFERENCING OLD TABLE AS removed_documents NEW TABLE AS added_documents
            FOR EACH STATEMENT EXECUTE FUNCTION search_tokens_changed()
            """,
            "DROP INDEX IF EXISTS search_documents_fts",
            "ANALYZE search_tokens",
        ]
    }
}
