/// Typo-forgiving search (SPEC C2): when a query finds nothing, each word no catalog word starts
/// with is replaced by the catalog word it most likely meant ("glaicer" → "glacier"), and the
/// corrected query is searched instead. Pure rules; the store lists the candidate words.
public enum Spelling {
    /// A word from the catalog's vocabulary and how many index documents hold it.
    public struct Word: Sendable, Equatable {
        public var text: String
        public var documents: Int
        public init(_ text: String, documents: Int) {
            self.text = text
            self.documents = documents
        }
    }

    /// Words shorter than this are never corrected ("abc" is too close to too much).
    public static let shortestCorrected = 4

    /// How many edits a typed word of `length` characters may be from what was meant: one up to six
    /// characters, two from seven.
    public static func allowedEdits(length: Int) -> Int {
        length < shortestCorrected ? 0 : length < 7 ? 1 : 2
    }

    /// The optimal-string-alignment distance (insertions, deletions, substitutions and swaps of two
    /// neighbours), or nil when it is over `limit`.
    public static func distance(_ a: [Character], _ b: [Character], limit: Int) -> Int? {
        guard abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) <= limit ? max(a.count, b.count) : nil }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowBest = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, before[j - 2] + 1)
                }
                current[j] = value
                rowBest = min(rowBest, value)
            }
            if rowBest > limit { return nil }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }

    /// The word `typed` most likely stands for among `candidates`: the fewest edits to the candidate
    /// or to its start (a word typed partly: "glaic" → "glacier"), then the most documents, then the
    /// shorter; nil when none is within `allowedEdits`.
    public static func best(for typed: String, among candidates: [Word]) -> String? {
        let typedCharacters = Array(typed)
        let limit = allowedEdits(length: typedCharacters.count)
        guard limit > 0 else { return nil }
        var best: (edits: Int, documents: Int, length: Int, text: String)?
        for candidate in candidates where candidate.text != typed {
            let characters = Array(candidate.text)
            // The whole word, or its start a character shorter, as long or longer than what was typed.
            var edits: Int?
            for length in [characters.count] + (typedCharacters.count - 1...typedCharacters.count + 1)
            where length >= 1 && length <= characters.count {
                if let found = distance(typedCharacters, Array(characters.prefix(length)), limit: limit),
                    found < (edits ?? Int.max)
                {
                    edits = found
                }
            }
            guard let edits else { continue }
            let key = (edits, -candidate.documents, characters.count)
            if let current = best, (current.edits, -current.documents, current.length) <= key { continue }
            best = (edits, candidate.documents, characters.count, candidate.text)
        }
        return best?.text
    }
}

extension Spelling {
    /// `query` with each word that starts no catalog word (`isKnown` false) replaced by its best
    /// candidate (`candidates` lists the catalog's words near it); nil when no word was replaced.
    public static func correct(
        _ query: SearchQuery, isKnown: (String) async throws -> Bool,
        candidates: (String) async throws -> [Word]
    ) async throws -> SearchQuery? {
        var corrected: [String] = []
        var changed = false
        for term in query.terms {
            if term.count >= shortestCorrected, try await !isKnown(term),
                let better = best(for: term, among: try await candidates(term))
            {
                corrected.append(better)
                changed = true
            } else {
                corrected.append(term)
            }
        }
        return changed ? SearchQuery(corrected.joined(separator: " ")) : nil
    }
}
