import Foundation
import SQLKit
import SoTubeCore

/// Ranked full-text search over artists, albums, tracks and playlists.
public struct SQLSearchStore: Sendable {
    let backend: any SQLBackend
    public init(backend: any SQLBackend) { self.backend = backend }

    /// How many index hits per kind are ranked for one query. FTS walks the index in doc_id order
    /// and stops here, which bounds the cost of one-letter prefixes over a million tracks.
    public static let candidateCap = 300

    struct Candidate {
        var entityID: String
        var display: String
        var name: String
        var score: Double
        var docID: Int64
        var tier: Int
        /// Order inside a tier (position in the SQL ranking).
        var rank: Int
    }

    /// Ids of the best matches per kind, `offset`/`limit` applied to each kind's ranking.
    /// Ranking (`tier`): exact name, then names starting with the query, then names holding every
    /// word, then matches through the artist's/album's name; within a tier PostgreSQL's ts_rank,
    /// then shorter names first.
    public func search(
        _ query: SearchQuery, allowExplicit: Bool, limit: Int, offset: Int, kinds: [SearchKind] = SearchKind.allCases
    ) async throws -> SearchHits {
        var hits = SearchHits()
        guard !query.isEmpty else { return hits }
        let ranked = try await candidates(
            query, allowExplicit: allowExplicit, cap: max(Self.candidateCap, offset + limit), top: offset + limit,
            kinds: kinds)
        for (kind, list) in ranked {
            let ids = list.dropFirst(offset).prefix(limit).map(\.entityID)
            switch kind {
            case .artist: hits.artistIDs = Array(ids)
            case .album: hits.albumIDs = Array(ids)
            case .track: hits.trackIDs = Array(ids)
            case .playlist: hits.playlistIDs = Array(ids)
            }
        }
        return hits
    }

    /// Names of catalog entities matching `query`, best first (for suggestions while typing).
    public func names(_ query: SearchQuery, allowExplicit: Bool, limit: Int) async throws -> [String] {
        guard !query.isEmpty else { return [] }
        let ranked = try await candidates(
            query, allowExplicit: allowExplicit, cap: 200, top: limit * 2, kinds: [.artist, .album, .track])
        var seen = Set<String>()
        var names: [String] = []
        // Interleave kinds so one artist does not crowd out album and song names.
        // Only entities whose own name matches: a song found through its artist's name is no suggestion.
        let lists = ranked.map { $0.1.filter { Self.nameMatches($0.name, query.terms) } }
        var index = 0
        while names.count < limit, lists.contains(where: { index < $0.count }) {
            for list in lists where index < list.count && names.count < limit {
                let candidate = list[index]
                if seen.insert(candidate.name).inserted { names.append(candidate.display) }
            }
            index += 1
        }
        return names
    }

    /// The best `top` candidates per kind, best first, ranked in SQL over at most `cap` index hits.
    func candidates(_ query: SearchQuery, allowExplicit: Bool, cap: Int, top: Int, kinds: [SearchKind])
        async throws -> [(SearchKind, [Candidate])]
    {
        let dialect = backend.dialect
        return try await backend.read { db in
            var result: [(SearchKind, [Candidate])] = []
            for kind in kinds {
                let (lo, hi) = SearchBands.range(kind, allowExplicit: allowExplicit)
                // 1. exact names (index lookup), 2. names (SQLite), 3. names and context; each pass
                // only when the earlier ones left room, so common words stay cheap and exact and
                // name matches are never crowded out by songs found through their artist.
                var list = try await Self.decode(
                    db.raw(
                        """
                        SELECT doc_id, entity_id, display, name, 0 AS tier, CAST(0 AS DOUBLE PRECISION) AS score
                        FROM search_documents
                        WHERE name = \(bind: query.key) AND doc_id >= \(bind: lo) AND doc_id < \(bind: hi)
                        ORDER BY doc_id LIMIT \(bind: top)
                        """
                    ).all())
                var passes: [Bool] = dialect.searchesNamesFirst ? [true, false] : [false]
                while list.count < top, let nameOnly = passes.first {
                    passes.removeFirst()
                    let seen = Set(list.map(\.docID))
                    var more = try await Self.decode(
                        db.raw(
                            dialect.searchCandidates(
                                query, lo: lo, hi: hi, cap: cap, nameOnly: nameOnly, top: top + list.count)
                        ).all()
                    ).filter { !seen.contains($0.docID) }
                    if !nameOnly || !dialect.searchesNamesFirst {
                        // Tier 2 is for names holding every word; the rest matched through context.
                        for index in more.indices where more[index].tier == 2 {
                            if !Self.nameMatches(more[index].name, query.terms) { more[index].tier = 3 }
                        }
                        more.sort { ($0.tier, $0.rank) < ($1.tier, $1.rank) }
                    }
                    list += more
                }
                result.append((kind, Array(list.prefix(top))))
            }
            return result
        }
    }

    static func decode(_ rows: [any SQLRow]) throws -> [Candidate] {
        try rows.enumerated().map { rank, row in
            Candidate(
                entityID: try row.decode(column: "entity_id", as: String.self),
                display: try row.decode(column: "display", as: String.self),
                name: try row.decode(column: "name", as: String.self),
                score: try row.decode(column: "score", as: Double.self),
                docID: try row.decode(column: "doc_id", as: Int64.self),
                tier: try row.decode(column: "tier", as: Int.self), rank: rank)
        }
    }

    /// Does every term start a word of `name`?
    static func nameMatches(_ name: String, _ terms: [String]) -> Bool {
        let words = name.split(separator: " ")
        return terms.allSatisfy { term in words.contains { $0.hasPrefix(term) } }
    }
}
