/// The search index's words (issue 32 #19): each normalised word of three or more characters in the
/// index's names and contexts, its first character and length (the candidates for a mistyped word are
/// looked up by both), and how many documents hold it. Kept by `SQLSearchIndex` with the documents;
/// a store indexed before this migration has its words counted once at the next start.
enum Migration022SearchWords {
    static let migration = Migration(version: 22, name: "search words") { _ in
        [
            """
            CREATE TABLE search_words (
                word TEXT PRIMARY KEY,
                initial TEXT NOT NULL,
                length BIGINT NOT NULL,
                documents BIGINT NOT NULL)
            """,
            "CREATE INDEX search_words_initial ON search_words (initial, length)",
        ]
    }
}
