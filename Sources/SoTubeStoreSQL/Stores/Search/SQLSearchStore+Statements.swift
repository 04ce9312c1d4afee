import SQLKit
import SoTubeCore

/// A search's passes as one statement, and its rows as ranked candidates.
extension SQLSearchStore {
    /// One kind's pass as a member of a UNION ALL.
    static func part(_ inner: SQLQueryString, kind: Int, part: Int) -> SQLQueryString {
        """
        SELECT \(literal: kind) AS kind_index, \(literal: part) AS part, x.doc_id, x.entity_id, x.display, x.name,
            x.tier, x.score, length(x.name) AS name_length
        FROM (\(inner)) x
        """
    }

    /// Runs the parts in one statement, after the common table expressions `ctes` they read (none or
    /// more); candidates grouped by (kind, part), in ranking order (`SearchRanking`: tier, the engine's
    /// score, shorter names, doc_id).
    /// `namesPass`: the parts are exact names and names passes (`StoreDialect.searchPlansOnce`).
    static func run(
        _ parts: [SQLQueryString], with ctes: [SQLQueryString] = [], for query: SearchQuery, on backend: any SQLBackend,
        namesPass: Bool = false
    ) async throws -> [(Int, Int, [Candidate])] {
        guard let first = parts.first else { return [] }
        var sql = ctes.isEmpty ? first : "WITH " + ctes.joined(separator: ", ") + " " + first
        for part in parts.dropFirst() { sql = sql + " UNION ALL " + part }
        sql = sql + " ORDER BY kind_index, part, tier, score, name_length, doc_id"
        var groups: [(Int, Int, [Candidate])] = []
        for row in try await backend.rows(
            of: sql, planOnce: backend.dialect.searchPlansOnce(query, namesPass: namesPass))
        {
            let kind = try row.decode(column: "kind_index", as: Int.self)
            let part = try row.decode(column: "part", as: Int.self)
            var candidate = try decode(row, rank: 0)
            if let last = groups.last, last.0 == kind, last.1 == part {
                candidate.rank = last.2.count
                groups[groups.count - 1].2.append(candidate)
            } else {
                groups.append((kind, part, [candidate]))
            }
        }
        return groups
    }

    /// `list` followed by the new candidates it does not hold yet. After a pass over names and
    /// context, what SQL ranked `.nameWords` is `.nameWords` or `.context` as `SearchRanking.wordsTier` says.
    static func merge(_ list: [Candidate], _ new: [Candidate], fullPass: Bool, query: SearchQuery) -> [Candidate] {
        let seen = Set(list.map(\.docID))
        var more = new.filter { !seen.contains($0.docID) }
        if fullPass {
            for index in more.indices where more[index].tier == SearchRanking.Tier.nameWords.rawValue {
                more[index].tier = SearchRanking.wordsTier(name: more[index].name, query: query).rawValue
            }
            more.sort { ($0.tier, $0.rank) < ($1.tier, $1.rank) }
        }
        return list + more
    }

    static func decode(_ row: any SQLRow, rank: Int) throws -> Candidate {
        Candidate(
            entityID: try row.decode(column: "entity_id", as: String.self),
            display: try row.decode(column: "display", as: String.self),
            name: try row.decode(column: "name", as: String.self),
            score: try row.decode(column: "score", as: Double.self),
            docID: try row.decode(column: "doc_id", as: Int64.self),
            tier: try row.decode(column: "tier", as: Int.self), rank: rank)
    }
}
