/// PostgreSQL: each document's tokens as two arrays (those of its name, and all of them) under GIN
/// indexes (issue 35). Two common words that rarely meet ("storm fire": 16,000 song titles each, 193
/// together, at a million songs) made the `search_tokens` walk read both lists whole, 9–29 ms a pass;
/// GIN intersects its compressed lists in 1–2 ms. A query's pass asks the sets first and walks the
/// tokens only when they find many (`StoreDialect.searchCandidates`). The rows come from
/// `search_tokens` as they are; the triggers of migration 24 now keep both tables.
/// The statements are written out here: this migration must keep meaning what it meant.
enum Migration025SearchTokenSets {
    static let migration = Migration(version: 25, name: "search token sets") { dialect in
        guard dialect == .postgres else { return [] }
        return [
            """
            CREATE TABLE search_token_sets (
                doc_id BIGINT PRIMARY KEY, name_tokens TEXT[] NOT NULL, tokens TEXT[] NOT NULL)
            """,
            """
            INSERT INTO search_token_sets (doc_id, name_tokens, tokens)
            SELECT doc_id, coalesce(array_agg(token) FILTER (WHERE in_name), '{}'), array_agg(token)
            FROM search_tokens GROUP BY doc_id
            """,
            "CREATE INDEX search_token_sets_names ON search_token_sets USING GIN (name_tokens)",
            "CREATE INDEX search_token_sets_all ON search_token_sets USING GIN (tokens)",
            // A document's tokens are split once, for both tables.
            """
            CREATE OR REPLACE FUNCTION search_tokens_added() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
            WITH t AS MATERIALIZED (
                SELECT n.doc_id, t.token, t.in_name FROM added_documents n, search_tokens_of(n.name, n.context) t),
            i AS (INSERT INTO search_tokens (token, doc_id, in_name) SELECT token, doc_id, in_name FROM t)
            INSERT INTO search_token_sets (doc_id, name_tokens, tokens)
            SELECT doc_id, coalesce(array_agg(token) FILTER (WHERE in_name), '{}'), array_agg(token)
            FROM t GROUP BY doc_id;
            RETURN NULL;
            END $$
            """,
            """
            CREATE OR REPLACE FUNCTION search_tokens_removed() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
            DELETE FROM search_tokens s USING removed_documents o, search_tokens_of(o.name, o.context) t
            WHERE s.token = t.token AND s.doc_id = o.doc_id;
            DELETE FROM search_token_sets s USING removed_documents o WHERE s.doc_id = o.doc_id;
            RETURN NULL;
            END $$
            """,
            """
            CREATE OR REPLACE FUNCTION search_tokens_changed() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
            DELETE FROM search_tokens s USING removed_documents o, search_tokens_of(o.name, o.context) t
            WHERE s.token = t.token AND s.doc_id = o.doc_id;
            DELETE FROM search_token_sets s USING removed_documents o WHERE s.doc_id = o.doc_id;
            WITH t AS MATERIALIZED (
                SELECT n.doc_id, t.token, t.in_name FROM added_documents n, search_tokens_of(n.name, n.context) t),
            i AS (INSERT INTO search_tokens (token, doc_id, in_name) SELECT token, doc_id, in_name FROM t)
            INSERT INTO search_token_sets (doc_id, name_tokens, tokens)
            SELECT doc_id, coalesce(array_agg(token) FILTER (WHERE in_name), '{}'), array_agg(token)
            FROM t GROUP BY doc_id;
            RETURN NULL;
            END $$
            """,
            "ANALYZE search_token_sets",
        ]
    }
}
