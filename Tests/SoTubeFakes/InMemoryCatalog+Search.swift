import Foundation
import SoTubeCore

/// Search without an index: every name scanned, ranked in the SQL store's tiers.
extension InMemoryCatalog {
    /// One searchable entity as the search index holds it: its normalised name and what else finds
    /// it (a song's artist and album, an album's artist, a playlist's description).
    struct Document {
        var id: String
        var display: String
        var name: String
        var context: String
        var explicit: Bool

        init(id: String, display: String, context: [String], explicit: Bool = false) {
            self.id = id
            self.display = display
            self.name = SearchText.normalize(display)
            self.context = context.map(SearchText.normalize).joined(separator: " ")
            self.explicit = explicit
        }
    }

    func documents(_ kind: SearchKind) -> [Document] {
        switch kind {
        case .artist:
            return artistRows.map { Document(id: $0.id, display: $0.name, context: []) }
        case .album:
            return albumRows.compactMap { album($0) }.map {
                Document(id: $0.id, display: $0.title, context: [$0.artistName], explicit: $0.explicit)
            }
        case .track:
            return songs.compactMap { track($0) }.map {
                Document(id: $0.id, display: $0.title, context: [$0.artistName, $0.albumTitle], explicit: $0.explicit)
            }
        case .playlist:
            return playlistRows.map { Document(id: $0.id, display: $0.name, context: [$0.description]) }
        }
    }

    /// The SQL store's tiers (the exact name, a name starting with the query, a name holding every
    /// word, then a match through the context), shorter names first within a tier.
    func ranked(_ kind: SearchKind, _ query: SearchQuery, allowExplicit: Bool) -> [Document] {
        func tier(_ document: Document) -> Int? {
            if document.name == query.key { return 0 }
            if query.matches(normalized: document.name) { return document.name.hasPrefix(query.key) ? 1 : 2 }
            return query.matches(normalized: document.name + " " + document.context) ? 3 : nil
        }
        let found = documents(kind).filter { allowExplicit || !$0.explicit }.compactMap { document in
            tier(document).map { (document, $0) }
        }
        return found.sorted { left, right in
            (left.1, left.0.name.unicodeScalars.count, left.0.explicit ? 1 : 0, left.0.id)
                < (right.1, right.0.name.unicodeScalars.count, right.0.explicit ? 1 : 0, right.0.id)
        }.map(\.0)
    }

    public func search(_ query: SearchQuery, allowExplicit: Bool, limit: Int, offset: Int) -> SearchHits {
        func page(_ kind: SearchKind) -> [String] {
            Array(
                ranked(kind, query, allowExplicit: allowExplicit).dropFirst(max(0, offset)).prefix(max(0, limit)).map(
                    \.id))
        }
        var hits = SearchHits()
        hits.artistIDs = page(.artist)
        hits.albumIDs = page(.album)
        hits.trackIDs = page(.track)
        hits.playlistIDs = page(.playlist)
        return hits
    }

    /// Artist, album and song names that match themselves (not through their context), kinds taken
    /// in turn, each name once.
    public func names(_ query: SearchQuery, allowExplicit: Bool, limit: Int) -> [String] {
        let lists = [SearchKind.artist, .album, .track].map { kind in
            ranked(kind, query, allowExplicit: allowExplicit).filter { query.matches(normalized: $0.name) }
        }
        var seen = Set<String>()
        var names: [String] = []
        var index = 0
        while names.count < limit, lists.contains(where: { index < $0.count }) {
            for list in lists where index < list.count && names.count < limit {
                if seen.insert(list[index].name).inserted { names.append(list[index].display) }
            }
            index += 1
        }
        return names
    }
}
