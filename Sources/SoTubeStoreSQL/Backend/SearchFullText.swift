import SoTubeCore

/// SQLite's full-text indexes over `search_documents` (FTS5, external content): one per kind over
/// names and context, and one over song titles alone.
///
/// One per kind, because FTS5 looks for a query's first hit from the start of the index and only
/// then skips to the rowid range asked for. In one index over every kind, a search over the 20,000
/// artists first walked the million songs' lists up to a document holding every word: for words
/// that rarely meet, each of a search's eight passes over albums, artists and playlists cost about
/// 0.4 ms before it reached its own band.
enum SearchFullText {
    /// Names and context of `kind`'s documents.
    static func table(_ kind: SearchKind) -> String {
        switch kind {
        case .track: return "search_index"
        case .album: return "search_albums"
        case .artist: return "search_artists"
        case .playlist: return "search_playlists"
        }
    }

    /// Song titles alone, no positions (`detail=none`): the songs' names pass.
    static let titles = "search_names"

    /// Empties every full-text index and fills it again from `search_documents` in doc_id order,
    /// then merges each into one b-tree (at 1M songs, 10–15 % off every search).
    static var rebuild: [String] {
        var statements: [String] = []
        for kind in SearchKind.allCases {
            statements += fill(table(kind), columns: "name, context", kind: kind)
        }
        return statements + fill(titles, columns: "name", kind: .track)
    }

    static func fill(_ table: String, columns: String, kind: SearchKind) -> [String] {
        [
            "INSERT INTO \(table)(\(table)) VALUES('delete-all')",
            """
            INSERT INTO \(table)(rowid, \(columns)) SELECT doc_id, \(columns) FROM search_documents
            WHERE kind = '\(kind.rawValue)' ORDER BY doc_id
            """,
            "INSERT INTO \(table)(\(table)) VALUES('optimize')",
        ]
    }
}
