import Foundation

/// How catalog text and search queries are compared: case- and diacritic-insensitive in Latin and
/// Cyrillic ("Björk" ~ "bjork", "ЁЛКА" ~ "елка"), split into words of letters and digits.
/// The same normal form is stored per entity and computed for every query, on every engine.
public enum SearchText {
    /// The longest query taken into account (characters) and the most words used from it.
    public static let maxQueryLength = 200
    public static let maxTerms = 8

    /// Lower-cased, diacritics removed (ё→е; й stays й, a letter of its own in Russian), words of
    /// letters and digits separated by single spaces.
    public static func normalize(_ text: String) -> String {
        words(text).joined(separator: " ")
    }

    /// The normalised words of `text`.
    public static func words(_ text: String) -> [String] {
        asciiWords(text) ?? foldedWords(text)
    }

    /// The words of a text of ASCII characters only (most names), as `foldedWords` gives them
    /// (lower-cased runs of letters and digits) without its Unicode passes, about 30 times faster
    /// (a player's owned list of 50,000 songs is normalised to be searched); nil for other text.
    static func asciiWords(_ text: String) -> [String]? {
        var result: [String] = []
        var current: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case 0x80...: return nil
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): current.append(byte + 0x20)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): current.append(byte)
            default:
                if !current.isEmpty {
                    result.append(String(decoding: current, as: UTF8.self))
                    current.removeAll(keepingCapacity: true)
                }
            }
        }
        if !current.isEmpty { result.append(String(decoding: current, as: UTF8.self)) }
        return result
    }

    /// The words of any text: case and diacritics folded, split on what is not a letter or digit.
    static func foldedWords(_ text: String) -> [String] {
        // Protect й/Й: diacritic folding would turn it into и, a different letter. Each replacement
        // runs only when its letter is there: four unconditional ones were half of the search
        // index's rebuild at 10M songs (perf), for names that are mostly Latin.
        let composed = text.precomposedStringWithCanonicalMapping
        let hasShortI = composed.unicodeScalars.contains { $0 == "й" || $0 == "Й" }
        let protected =
            hasShortI
            ? composed.replacingOccurrences(of: "й", with: "\u{E000}").replacingOccurrences(of: "Й", with: "\u{E000}")
            : composed
        var folded = protected.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
        if folded.unicodeScalars.contains("ё") { folded = folded.replacingOccurrences(of: "ё", with: "е") }
        if hasShortI { folded = folded.replacingOccurrences(of: "\u{E000}", with: "й") }
        var result: [String] = []
        var current = ""
        for scalar in folded.unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) || scalar == "й" {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                result.append(current)
                current = ""
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }
}

/// A parsed search query: its normalised words, each matched as a word prefix ("bjo" finds "Björk").
public struct SearchQuery: Sendable, Equatable {
    /// The text as typed (trimmed, shortened to `SearchText.maxQueryLength`).
    public let text: String
    /// Normalised words, at most `SearchText.maxTerms`.
    public let terms: [String]

    public init(_ raw: String) {
        let trimmed = String(raw.trimmingCharacters(in: .whitespacesAndNewlines).prefix(SearchText.maxQueryLength))
        self.text = trimmed
        self.terms = Array(SearchText.words(trimmed).prefix(SearchText.maxTerms))
    }

    public var isEmpty: Bool { terms.isEmpty }
    /// The normalised whole query, compared with normalised names for the exact-match boost.
    public var key: String { terms.joined(separator: " ") }

    /// Every word is taken as a prefix, as typed: "lovel son" finds "Lovely Song". Short prefixes
    /// are cheap through the index's prefix tables (`StoreDialect.searchIndexSchema`); a longer one
    /// is looked up by its start and checked whole (`StoreDialect.matchExpression`).
    public func isPrefix(_ index: Int) -> Bool { terms.indices.contains(index) }

    /// Does every term start a word of `text` (normalised by `SearchText.normalize`: words apart
    /// by single spaces)? The rule of the full-text index, for lists searched outside it (a
    /// player's owned songs, `/rest` search). A query without words matches nothing.
    public func matches(normalized text: String) -> Bool {
        guard !terms.isEmpty else { return false }
        let words = text.split(separator: " ")
        return terms.allSatisfy { term in words.contains { $0.hasPrefix(term) } }
    }
}
