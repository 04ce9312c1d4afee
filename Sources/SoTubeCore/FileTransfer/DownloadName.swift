import Foundation

/// File names for downloads (SPEC P9): `Artist - Title.ext` for a song, numbered entries inside an
/// album's ZIP. Unicode is kept; characters that no file system or shell takes well are replaced, and
/// invisible format characters are dropped (a right-to-left override would show `clip\u{202E}gpj.exe.mp3`
/// as `clip3pm.exe.jpg`).
public enum DownloadName {
    /// Characters left out: Unicode format characters (general category Cf: the direction marks,
    /// embeddings, overrides and isolates U+200E, U+200F, U+202A–U+202E, U+2066–U+2069, U+061C, the
    /// byte order mark, invisible operators …), but the joiners U+200C and U+200D that some scripts and
    /// emoji need; also line and paragraph separators.
    static func isDropped(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value == 0x200C || scalar.value == 0x200D { return false }
        switch scalar.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// Characters replaced by `_`: path separators, Windows' reserved ones and controls.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        "/\\:*?\"<>|".unicodeScalars.contains(scalar) || scalar.value < 0x20 || scalar.value == 0x7F
            || (0x80...0x9F).contains(scalar.value)
    }

    /// `text` with format characters dropped, unsafe ones replaced, runs of spaces folded, no leading or trailing dots or
    /// spaces, at most 120 characters; "Untitled" when nothing is left.
    public static func clean(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var lastWasSpace = false
        for scalar in text.unicodeScalars where !isDropped(scalar) {
            let isSpace = scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
            let replaced: Unicode.Scalar = isUnsafe(scalar) ? "_" : scalar
            if isSpace && lastWasSpace { continue }
            scalars.append(isSpace ? " " : replaced)
            lastWasSpace = isSpace
        }
        var result = String(scalars).trimmingCharacters(in: CharacterSet(charactersIn: " ."))
        if result.count > 120 {
            result = String(result.prefix(120)).trimmingCharacters(in: CharacterSet(charactersIn: " ."))
        }
        return result.isEmpty ? "Untitled" : result
    }

    /// `Artist - Title.ext` (the extension lower-cased, without a dot when empty).
    public static func song(artist: String, title: String, fileExtension: String) -> String {
        withExtension("\(clean(artist)) - \(clean(title))", fileExtension)
    }

    /// An album ZIP entry: `01 - Artist - Title.ext`, `2-01 - …` on albums of several discs.
    public static func albumEntry(
        trackNumber: Int, discNumber: Int, multiDisc: Bool, artist: String, title: String, fileExtension: String
    ) -> String {
        let number = trackNumber < 10 ? "0\(max(0, trackNumber))" : "\(trackNumber)"
        let prefix = multiDisc ? "\(discNumber)-\(number)" : number
        return withExtension("\(prefix) - \(clean(artist)) - \(clean(title))", fileExtension)
    }

    /// `Artist - Album.zip`.
    public static func album(artist: String, title: String) -> String {
        "\(clean(artist)) - \(clean(title)).zip"
    }

    /// The last path extension of `path`, lower-cased ("" when there is none).
    public static func fileExtension(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    static func withExtension(_ stem: String, _ ext: String) -> String {
        let cleanExt = ext.lowercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
        return cleanExt.isEmpty ? stem : "\(stem).\(cleanExt)"
    }
}
