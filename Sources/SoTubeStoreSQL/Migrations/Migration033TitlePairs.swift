/// SQLite: song titles' word pairs get a full-text index (`search_title_pairs`, `SearchTitlePairs`,
/// issue 35). The songs' names pass of two longer words or more walked each word's list in the titles'
/// index: at 10M songs, three common words meeting in a few dozen titles (`heaven velvet tan`: 148,000,
/// 149,000 and 219,000 titles) cost 4.4–6 ms, the longest statement of such a search. The pairs' lists
/// hold only the titles where two of the words meet. Contentless, no positions; the `ascii` tokenizer
/// with `_` kept keeps each pair one token whatever its letters (normalised titles are letters and
/// digits). PostgreSQL probes each word's b-tree by document: nothing changes there. The statements are
/// written out here: this migration must keep meaning what it meant.
enum Migration033TitlePairs {
    static let migration = Migration(version: 33, name: "title pairs") { dialect in
        guard dialect.hasSeparateSearchIndex else { return [] }
        return [
            """
            CREATE VIRTUAL TABLE search_title_pairs USING fts5(
                pairs, content='', columnsize=0, detail=none, tokenize="ascii tokenchars '_'")
            """,
            "INSERT INTO search_title_pairs(search_title_pairs, rank) VALUES('hashsize', 134217728)",
            "INSERT INTO search_title_pairs(search_title_pairs, rank) VALUES('automerge', 0)",
            """
            INSERT INTO search_title_pairs(rowid, pairs) SELECT doc_id, sotube_title_pairs(name)
            FROM search_documents WHERE kind = 'track' ORDER BY doc_id
            """,
            "INSERT INTO search_title_pairs(search_title_pairs) VALUES('optimize')",
            "INSERT INTO search_title_pairs(search_title_pairs, rank) VALUES('hashsize', 1048576)",
            "INSERT INTO search_title_pairs(search_title_pairs, rank) VALUES('automerge', 4)",
        ]
    }
}
