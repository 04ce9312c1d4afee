/// PostgreSQL: each `search_tokens` row also says which letters start the words of its document's name
/// and context (`letters`, issue 35), so the full pass of a word and a one-letter prefix ("gradroke s")
/// walks the word's entries alone and checks the letter on each, as the names pass does with
/// `name_letters` (migration 27). At a million songs that pass probed the letter's list for each of the
/// word's entries (`s`: 500,000 entries; 714 probes for `gradro`, 3.2 ms) and was planned for each call
/// (about 1 ms more), because a plan made without the words merged the two lists.
///
/// The bits are `search_name_letters`' over the name and the context: a–z each their own, any other first
/// character one of five shared. `in_name` goes: `name_letters` is now 0 on the entries of a token that
/// is not in the name (a name holding a token has a word, so its letters are never 0 there). The entry
/// keeps its size: two `INTEGER`s where a `BOOLEAN`, its padding and one `INTEGER` were (a third column
/// took 8 bytes more per row and per index entry: at a million songs 1,635 → 1,887 MB and 1,274 →
/// 1,556 MB). The table is copied once with the new columns, as `SearchTokens.rebuildEnd` now writes it;
/// the triggers of migration 27, replaced here, fill them. The statements are written out here: this
/// migration must keep meaning what it meant.
enum Migration031SearchLetters {
    /// The trigger functions' statement for the added documents: their tokens with their names' letters
    /// (0 off the name) and their names' and contexts' letters, and their token sets (migration 27's).
    static let added = """
        WITH n AS MATERIALIZED (
            SELECT doc_id, name, context, search_name_letters(name) AS name_letters,
                search_name_letters(name) | search_name_letters(context) AS letters
            FROM added_documents),
        t AS MATERIALIZED (
            SELECT n.doc_id, t.token, CASE WHEN t.in_name THEN n.name_letters ELSE 0 END AS name_letters, n.letters
            FROM n, search_tokens_of(n.name, n.context) t),
        i AS (INSERT INTO search_tokens (token, doc_id, name_letters, letters)
            SELECT token, doc_id, name_letters, letters FROM t)
        INSERT INTO search_token_sets (doc_id, name_tokens, tokens)
        SELECT doc_id, coalesce(array_agg(token) FILTER (WHERE name_letters <> 0), '{}'), array_agg(token)
        FROM t GROUP BY doc_id;
        """

    static let migration = Migration(version: 31, name: "search letters") { dialect in
        guard dialect == .postgres else { return [] }
        return [
            "SET LOCAL statement_timeout = 0",
            "SET LOCAL work_mem = '256MB'",
            "SET LOCAL maintenance_work_mem = '256MB'",
            """
            CREATE TABLE search_tokens_next (
                token TEXT NOT NULL, doc_id BIGINT NOT NULL, name_letters INTEGER NOT NULL, letters INTEGER NOT NULL)
            """,
            """
            INSERT INTO search_tokens_next (token, doc_id, name_letters, letters)
            SELECT s.token, s.doc_id, CASE WHEN s.in_name THEN s.name_letters ELSE 0 END, coalesce(l.letters, 0)
            FROM search_tokens s
            LEFT JOIN (
                SELECT doc_id, search_name_letters(name) | search_name_letters(context) AS letters FROM search_documents
            ) l
                ON l.doc_id = s.doc_id
            ORDER BY 1, 2
            """,
            """
            CREATE INDEX search_tokens_next_token ON search_tokens_next (token, doc_id)
            INCLUDE (name_letters, letters)
            """,
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
