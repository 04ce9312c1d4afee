/// Header values read as HTTP writes them: optional white space is spaces and tabs, nothing more
/// (Foundation's Unicode trimming cost more than the rest of reading a header).
enum HeaderText {
    /// `text` without the spaces and tabs around it.
    static func trimmed(_ text: Substring) -> Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) })
        else { return "" }
        return text[first...last]
    }

    /// A case-insensitive header element (a coding, a media type, a scheme): trimmed and lowercased.
    static func token(_ text: Substring) -> String { trimmed(text).lowercased() }
}
