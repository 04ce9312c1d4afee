import Foundation
import SQLKit
import SoTubeCore

/// Ranked full-text search over artists, albums, tracks and playlists.
public struct SQLSearchStore: Sendable {
    let backend: any SQLBackend
    public init(backend: any SQLBackend) { self.backend = backend }

    /// How many index hits per kind are ranked for one query. FTS walks the index in doc_id order
    /// and stops here, which bounds the cost of one-letter prefixes over a million tracks.
    public static let candidateCap = 1000

    struct Candidate {
        var entityID: String
        var display: String
        var name: String
        var score: Double
        var docID: Int64
    }

    /// Ids of the best matches per kind, `offset`/`limit` applied to each kind's ranking.
    /// Ranking: exact name match first, then names starting with the query, then bm25 (names
    /// weigh more than artist/album context).
    public func search(
        _ query: SearchQuery, allowExplicit: Bool, limit: Int, offset: Int, kinds: [SearchKind] = SearchKind.allCases
    ) async throws -> SearchHits {
        var hits = SearchHits()
        guard !query.isEmpty else { return hits }
        let ranked = try await candidates(
            query, allowExplicit: allowExplicit, cap: max(Self.candidateCap, offset + limit), kinds: kinds)
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
            query, allowExplicit: allowExplicit, cap: 200, kinds: [.artist, .album, .track])
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

    func candidates(_ query: SearchQuery, allowExplicit: Bool, cap: Int, kinds: [SearchKind]) async throws
        -> [(SearchKind, [Candidate])]
    {
        let dialect = backend.dialect
        return try await backend.read { db in
            var result: [(SearchKind, [Candidate])] = []
            for kind in kinds {
                let (lo, hi) = SearchBands.range(kind, allowExplicit: allowExplicit)
                let rows = try await db.raw(dialect.searchCandidates(query, lo: lo, hi: hi, cap: cap)).all()
                var list = try rows.map { row in
                    Candidate(
                        entityID: try row.decode(column: "entity_id", as: String.self),
                        display: try row.decode(column: "display", as: String.self),
                        name: try row.decode(column: "name", as: String.self),
                        score: try row.decode(column: "score", as: Double.self),
                        docID: try row.decode(column: "doc_id", as: Int64.self))
                }
                let key = query.key
                list.sort { a, b in
                    let ra = Self.tier(a.name, key)
                    let rb = Self.tier(b.name, key)
                    if ra != rb { return ra < rb }
                    if a.score != b.score { return a.score < b.score }
                    return a.docID < b.docID
                }
                result.append((kind, list))
            }
            return result
        }
    }

    /// Does every term start a word of `name`?
    static func nameMatches(_ name: String, _ terms: [String]) -> Bool {
        let words = name.split(separator: " ")
        return terms.allSatisfy { term in words.contains { $0.hasPrefix(term) } }
    }

    /// 0: the name is the query; 1: the name starts with it; 2: anything else.
    static func tier(_ name: String, _ key: String) -> Int {
        if name == key { return 0 }
        if name.hasPrefix(key) { return 1 }
        return 2
    }
}
