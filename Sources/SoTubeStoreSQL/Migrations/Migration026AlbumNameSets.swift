/// PostgreSQL: album names' token sets under a GIN index of their own (issue 35). The albums' names
/// pass walked `search_tokens`, and a common word with a one-letter prefix merged long lists: at a
/// million songs `heart s` read 18,000 entries of `s` to find 148 of the 1,200 albums holding `heart`
/// (3.2 ms). Asking the sets over every kind's names found the songs' as well and read each from the
/// heap; this index holds the albums' alone (both bands), so the pass asks it first
/// (`StoreDialect.asksTokenSets`). The statements are written out here: this migration must keep
/// meaning what it meant.
enum Migration026AlbumNameSets {
    static let migration = Migration(version: 26, name: "album name sets") { dialect in
        guard dialect == .postgres else { return [] }
        return [
            """
            CREATE INDEX search_token_sets_album_names ON search_token_sets USING GIN (name_tokens)
            WHERE doc_id >= 3000000000000 AND doc_id < 5000000000000
            """,
            "ANALYZE search_token_sets",
        ]
    }
}
