import SQLKit
import SoTubeCore

/// SQLite's full-text indexes over `search_documents` (FTS5, external content): one per kind over
/// names and context, and one over song titles alone.
///
/// One per kind, because FTS5 looks for a query's first hit from the start of the index and only
/// then skips to the rowid range asked for. In one index over every kind, a search over the 20,000
/// artists first walked the million songs' lists up to a document holding every word: for words
/// that rarely meet, each of a search's eight passes over albums, artists and playlists cost about
/// 0.4 ms before it reached its own band.
///
/// For the same reason explicit songs and albums are indexed a second time, on their own
/// (`explicitTable`, migration 32): the full pass asks each band alone, and its pass over the explicit
/// band of `search_index` first walked the clean band up to a song holding every word. At 10M songs,
/// for three words that rarely meet (`red green darbr`: 6 songs), that walk cost about 2 ms of the
/// pass's 6.
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

    /// Word pairs of song titles (`SearchTitlePairs`, migration 33): the songs' names pass for two
    /// longer words or more. Contentless: its column is written from `sotube_title_pairs(name)`.
    static let titlePairs = "search_title_pairs"

    /// The explicit band of `kind` (songs, albums) again, names and context: nil for kinds without one.
    static func explicitTable(_ kind: SearchKind) -> String? {
        switch kind {
        case .track: return "search_explicit_songs"
        case .album: return "search_explicit_albums"
        case .artist, .playlist: return nil
        }
    }

    /// The doc_ids `[lo, hi)` of `kind`'s explicit band, nil for kinds without one.
    static func explicitBand(_ kind: SearchKind) -> (lo: Int64, hi: Int64)? {
        guard explicitTable(kind) != nil else { return nil }
        let band = SearchRanking.Bands.band(kind, explicit: true)
        return (band * SearchRanking.Bands.width, (band + 1) * SearchRanking.Bands.width)
    }

    /// The table a pass over names and context of `kind`'s documents `lo <= doc_id < hi` walks: the
    /// explicit band's own when the range lies in it, else the kind's.
    static func table(_ kind: SearchKind, lo: Int64, hi: Int64) -> String {
        if let band = explicitBand(kind), let explicit = explicitTable(kind), lo >= band.lo, hi <= band.hi {
            return explicit
        }
        return table(kind)
    }

    /// A full-text table over `search_documents`: the columns it indexes, what each is written from
    /// (`values`, the `search_documents` columns themselves unless given), and the doc_ids it holds of its
    /// kind's (nil: every one).
    struct Table {
        let name: String
        let columns: String
        var values: String? = nil
        let band: (lo: Int64, hi: Int64)?

        var written: String { values ?? columns }

        func holds(_ docID: Int64) -> Bool {
            guard let band else { return true }
            return docID >= band.lo && docID < band.hi
        }
    }

    /// The full-text tables holding `kind`'s documents: the kind's own, for songs the titles as well, and
    /// for songs and albums the explicit band's.
    static func tables(_ kind: SearchKind) -> [Table] {
        var tables = [Table(name: table(kind), columns: "name, context", band: nil)]
        if kind == .track {
            tables.append(Table(name: titles, columns: "name", band: nil))
            tables.append(Table(name: titlePairs, columns: "pairs", values: "sotube_title_pairs(name)", band: nil))
        }
        if let explicit = explicitTable(kind), let band = explicitBand(kind) {
            tables.append(Table(name: explicit, columns: "name, context", band: band))
        }
        return tables
    }

    /// Empties every full-text index and fills it again from `search_documents` in doc_id order,
    /// then merges each into one b-tree (at 1M songs, 10–15 % off every search).
    ///
    /// The fill gathers `bulkHashBytes` of words in memory before it writes a segment, and merges
    /// nothing until the final `optimize`; both settings go back to FTS5's defaults after it, for
    /// the small updates that follow. At 3M songs the songs' index filled in 25 s against 57 s with
    /// the defaults (1 MB, merging as it goes), which wrote and merged hundreds of small segments.
    static var rebuild: [String] {
        SearchKind.allCases.flatMap { kind in
            tables(kind).flatMap { table in
                [
                    configure(table.name, "hashsize", bulkHashBytes),
                    configure(table.name, "automerge", 0),
                    "INSERT INTO \(table.name)(\(table.name)) VALUES('delete-all')",
                    """
                    INSERT INTO \(table.name)(rowid, \(table.columns)) SELECT doc_id, \(table.written)
                    FROM search_documents WHERE kind = '\(kind.rawValue)'\(
                        table.band.map { " AND doc_id >= \($0.lo) AND doc_id < \($0.hi)" } ?? "") ORDER BY doc_id
                    """,
                    "INSERT INTO \(table.name)(\(table.name)) VALUES('optimize')",
                    configure(table.name, "hashsize", defaultHashBytes),
                    configure(table.name, "automerge", defaultAutomerge),
                ]
            }
        }
    }

    /// Words a rebuild gathers in memory before it writes them (FTS5's `hashsize`).
    static let bulkHashBytes = 128 << 20
    /// FTS5's own defaults, which the small updates after a rebuild run with.
    static let defaultHashBytes = 1 << 20
    static let defaultAutomerge = 4

    static func configure(_ table: String, _ option: String, _ value: Int) -> String {
        "INSERT INTO \(table)(\(table), rank) VALUES('\(option)', \(value))"
    }

    /// Around a rebuild's bulk insert: the index by name is dropped and made again after, in one
    /// sorted pass (SQLite readers keep the old one until the commit). At 3M songs, writing the
    /// documents with it took 23.6 s, each insert landing on a random page; without it, and
    /// then `CREATE INDEX`, 9.8 s.
    static let documentsLoadStart = ["DROP INDEX IF EXISTS search_documents_name"]
    static let documentsLoadEnd = [
        "CREATE INDEX IF NOT EXISTS search_documents_name ON search_documents (name, doc_id)"
    ]

    /// Adds the document `docID` of `kind` to its full-text tables, from its `search_documents` row.
    static func add(_ kind: SearchKind, docID: Int64) -> [SQLQueryString] {
        tables(kind).filter { $0.holds(docID) }.map { table in
            """
            INSERT INTO \(unsafeRaw: table.name)(rowid, \(unsafeRaw: table.columns))
            SELECT doc_id, \(unsafeRaw: table.written) FROM search_documents WHERE doc_id = \(bind: docID)
            """
        }
    }

    /// Takes the document `docID` of `kind` out of its full-text tables, before its row goes:
    /// external-content and contentless FTS5 need the indexed values to remove its words.
    static func delete(_ kind: SearchKind, docID: Int64) -> [SQLQueryString] {
        tables(kind).filter { $0.holds(docID) }.map { table in
            """
            INSERT INTO \(unsafeRaw: table.name)(\(unsafeRaw: table.name), rowid, \(unsafeRaw: table.columns))
            SELECT 'delete', doc_id, \(unsafeRaw: table.written) FROM search_documents WHERE doc_id = \(bind: docID)
            """
        }
    }
}
