/// Word pairs of song titles: the SQLite index that finds a title holding two or more longer query words
/// (`search_title_pairs`, migration 33) without walking each word's list.
///
/// A title of normalised words (`SearchText.normalize`) holds, for each ordered pair of two different
/// words of `firstLength` letters or more, the token `first_second`: the first word's first
/// `firstLength` letters, `_`, the second's first `secondLength`. A query word of `firstLength` letters
/// or more that starts a word of the title starts with that word's first `firstLength` letters, so for
/// two such query words neither of which starts the other (they start two different words), the title
/// holds a token starting with `queryToken(first, second)`. The tokens find a superset of the titles
/// holding every word; each is then checked whole.
public enum SearchTitlePairs {
    /// Letters of a pair's first word: a query word must have this many to be paired.
    public static let firstLength = 3
    /// Letters kept of a pair's second word (the full-text index's longest prefix).
    public static let secondLength = 6
    /// Different words of `firstLength` letters or more a title is paired for; a title with more
    /// holds `manyWords` alone, which every pair search asks too, and is checked whole (a title of
    /// thousands of words would otherwise hold millions of pairs).
    public static let maxWords = 24
    public static let manyWords = "_many"

    /// The pair tokens of a normalised title, each once, space-separated ("" when it has fewer than two
    /// different words of `firstLength` letters or more; `manyWords` when it has more than `maxWords`).
    public static func tokens(ofNormalized title: String) -> String {
        var title = title
        var out: [UInt8] = []
        title.withUTF8 { tokens(ofNormalizedUTF8: $0, into: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    /// `tokens(ofNormalized:)` over the title's UTF-8 bytes, written into `out` (emptied first): what
    /// SQLite's `sotube_title_pairs` answers for each of millions of titles in a rebuild, without a
    /// `String` per word or token.
    public static func tokens(ofNormalizedUTF8 title: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        out.removeAll(keepingCapacity: true)
        // Each different word of `firstLength` letters or more: its bytes, and where its first
        // `firstLength` and `secondLength` letters end.
        var words: [(start: Int, end: Int, head: Int, kept: Int)] = []
        let space = UInt8(ascii: " ")
        var index = 0
        while index < title.count {
            while index < title.count, title[index] == space { index += 1 }
            let start = index
            var letters = 0
            var (head, kept) = (start, start)
            while index < title.count, title[index] != space {
                index += 1
                // A letter ends where the next byte does not continue it (UTF-8: 10xxxxxx continues).
                if index == title.count || title[index] & 0xC0 != 0x80 {
                    letters += 1
                    if letters == firstLength { head = index }
                    if letters == secondLength { kept = index }
                }
            }
            guard letters >= firstLength else { continue }
            if letters < secondLength { kept = index }
            let word = (start: start, end: index, head: head, kept: kept)
            if !words.contains(where: { equal(title, $0.start..<$0.end, title, word.start..<word.end) }) {
                words.append(word)
                if words.count > maxWords {
                    out.append(contentsOf: manyWords.utf8)
                    return
                }
            }
        }
        guard words.count > 1 else { return }
        var tokens: [Range<Int>] = []
        for first in words.indices {
            for second in words.indices where second != first {
                let (a, b) = (words[first], words[second])
                let begin = out.count + (out.isEmpty ? 0 : 1)
                if !out.isEmpty { out.append(space) }
                out.append(contentsOf: title[a.start..<a.head])
                out.append(UInt8(ascii: "_"))
                out.append(contentsOf: title[b.start..<b.kept])
                let token = begin..<out.count
                let seen = out.withUnsafeBufferPointer { buffer in
                    tokens.contains { equal(buffer, $0, buffer, token) }
                }
                if seen {
                    out.removeLast(out.count - (begin == 0 ? 0 : begin - 1))
                } else {
                    tokens.append(token)
                }
            }
        }
    }

    private static func equal(
        _ a: UnsafeBufferPointer<UInt8>, _ x: Range<Int>, _ b: UnsafeBufferPointer<UInt8>, _ y: Range<Int>
    ) -> Bool {
        guard x.count == y.count else { return false }
        var (i, j) = (x.lowerBound, y.lowerBound)
        while i < x.upperBound {
            if a[i] != b[j] { return false }
            i += 1
            j += 1
        }
        return true
    }

    /// The words of `terms` a pair search looks up: those of `firstLength` letters or more, less any
    /// that starts another of them (a title holding `shadows` holds a word starting with `shadow`), in
    /// the query's order. Nil when fewer than two are left: the pairs do not help.
    public static func pairedWords(_ terms: [String]) -> [String]? {
        let long = terms.filter { $0.unicodeScalars.count >= firstLength }
        var kept: [String] = []
        for (index, term) in long.enumerated() {
            let startsAnother = long.indices.contains { other in
                other != index && long[other] != term && long[other].unicodeScalars.starts(with: term.unicodeScalars)
            }
            if !startsAnother, !kept.contains(term) { kept.append(term) }
        }
        return kept.count > 1 ? kept : nil
    }

    /// What a title holding both words holds a token starting with: `first`'s first `firstLength`
    /// letters, `_`, `second`'s first `secondLength`.
    public static func queryToken(_ first: String, _ second: String) -> String {
        var token = String.UnicodeScalarView(first.unicodeScalars.prefix(firstLength))
        token.append("_")
        token.append(contentsOf: second.unicodeScalars.prefix(secondLength))
        return String(token)
    }

    /// The prefix tokens a title holding every one of `words` (`pairedWords`) holds tokens starting
    /// with: each ordered pair of them, but for a word of `firstLength` letters after a longer one.
    ///
    /// A token's list is about as long as the titles where the first word's first three letters start
    /// a word and the second word's first six start one: each order of a pair can be the longer one
    /// (`tanlo gold`, at 10M songs: `tan_gold` held 5,153 titles, `gol_tanlo` 100), and the full-text
    /// index meets the two at the cost of about the shorter. A word of three letters is whole where it
    /// goes first, and as a second word a prefix of many tokens (`hea_tan*`: 716, each with its list):
    /// it goes first only.
    public static func queryTokens(_ words: [String]) -> [String] {
        var tokens: [String] = []
        for i in words.indices {
            for j in words.indices where j != i {
                let (first, second) = (words[i].unicodeScalars.count, words[j].unicodeScalars.count)
                if second == firstLength, first != firstLength { continue }
                let token = queryToken(words[i], words[j])
                if !tokens.contains(token) { tokens.append(token) }
            }
        }
        return tokens
    }
}
