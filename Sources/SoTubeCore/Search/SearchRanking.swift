/// How search orders what it finds, written once: the SQL store (`SQLSearchStore`, `SQLSearchIndex`
/// and `StoreDialect.searchCandidates` in SoTubeStoreSQL) builds its statements and its document
/// numbers from this, on SQLite and PostgreSQL alike.
///
/// Each kind (artists, albums, songs, playlists) is ranked on its own, best first:
/// 1. by `Tier`: the name is the query, then names starting with it, then names holding every word
///    of it, then matches found only through the artist's or album's name (or a playlist's
///    description);
/// 2. within a tier, by the engine's relevance: PostgreSQL's `ts_rank` of the name (weight A) and
///    its context (weight D); none on SQLite, where FTS5's bm25 would count every hit of a short
///    prefix over the whole index (10–70 ms at a million songs);
/// 3. then shorter names first;
/// 4. then in the order the documents were indexed.
///
/// Documents are numbered (`search_documents.doc_id`) so that the full-text index's own order is
/// steps 3 and 4: see `Bands`.
public enum SearchRanking {
    /// How well a document matches a query; a lower tier ranks first. Names and queries are
    /// compared in their normal form (`SearchText`), so "bjork" is the name "Björk".
    public enum Tier: Int, Sendable, CaseIterable, Comparable {
        /// The name is the whole query.
        case exactName = 0
        /// The name starts with the whole query ("lovel" for "Lovely Song").
        case namePrefix = 1
        /// Every word of the query starts a word of the name ("son lov" for "Lovely Song").
        case nameWords = 2
        /// The query's words are found only with the document's context: a song through its artist's
        /// or album's name, an album through its artist's, a playlist through its description.
        case context = 3

        public static func < (lhs: Tier, rhs: Tier) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The tier of a document that matched a query through its name and context together, and whose
    /// name is neither the query nor starts with it: `.nameWords` when every word of the query
    /// starts a word of its (normalised) `name`, `.context` otherwise.
    public static func wordsTier(name: String, query: SearchQuery) -> Tier {
        query.matches(normalized: name) ? .nameWords : .context
    }

    /// Where each kind's documents are numbered (`search_documents.doc_id`): one band per kind
    /// (explicit albums and songs in a band of their own), so a doc_id range selects a kind — and
    /// hides explicit ones — in the full-text indexes.
    ///
    /// Inside a band, documents are in the order search ranks equal matches: shorter names first
    /// (`slotWidth` ids per name length), then in the order they were indexed. The full-text index
    /// yields hits in doc_id order, so its first hits are already the best of their tier: a pass
    /// that only adds lower-tier hits can stop at the number it needs.
    public enum Bands {
        /// Ids per band.
        public static let width: Int64 = 1_000_000_000_000
        /// Ids per name length; names longer than `longestSlot` letters share the last slot.
        public static let slotWidth: Int64 = 1_000_000_000
        public static let longestSlot: Int64 = 999
        // Largest kinds first (migration 13's numbering). A full-text scan over a band runs on past
        // its end until its next hit (FTS5 checks the upper rowid bound only on hits), so what
        // follows a band in its index should be small: on SQLite each kind has an index of its own,
        // where a clean band is followed only by the kind's explicit one. Before a band, FTS5 walks from
        // its index's start to the query's first hit, so explicit bands have an index of their own too.
        public static let track: Int64 = 1
        public static let explicitTrack: Int64 = 2
        public static let album: Int64 = 3
        public static let explicitAlbum: Int64 = 4
        public static let artist: Int64 = 5
        public static let playlist: Int64 = 6

        /// The band of a document of `kind`.
        public static func band(_ kind: SearchKind, explicit: Bool) -> Int64 {
            switch kind {
            case .artist: return artist
            case .album: return explicit ? explicitAlbum : album
            case .playlist: return playlist
            case .track: return explicit ? explicitTrack : track
            }
        }

        /// The first doc_id of the slot a document with this normalised `name` goes in.
        public static func slotStart(band: Int64, name: String) -> Int64 {
            band * width + min(Int64(name.unicodeScalars.count), longestSlot) * slotWidth
        }

        /// The doc_id range `[lo, hi)` searched for `kind`.
        public static func range(_ kind: SearchKind, allowExplicit: Bool) -> (Int64, Int64) {
            let bands = bands(kind, allowExplicit: allowExplicit)
            let first = bands.first?.lo ?? 0
            return (first, bands.last?.hi ?? first)
        }

        /// The range `[lo, hi)` of each band searched for `kind`, in doc_id order (each in ranking
        /// order): explicit albums and songs only when `allowExplicit`.
        public static func bands(_ kind: SearchKind, allowExplicit: Bool) -> [(lo: Int64, hi: Int64)] {
            let first = band(kind, explicit: false)
            let hasExplicitBand = kind == .album || kind == .track
            let count: Int64 = hasExplicitBand && allowExplicit ? 2 : 1
            return (first..<first + count).map { ($0 * width, ($0 + 1) * width) }
        }
    }
}
