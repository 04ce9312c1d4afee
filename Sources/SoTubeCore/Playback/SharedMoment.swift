import Foundation

/// A link to a moment of a song (SPEC M10): `?t=83`, `?t=1:23` or `?t=1m23s`.
public enum SharedMoment {
    /// Whole seconds in `text`, nil when it is not a time.
    public static func seconds(_ text: String) -> Int? {
        let value = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !value.isEmpty, value.count <= 12 else { return nil }
        // `Int(exactly:)`: a moment past `Int.max` ("1e19") is no time rather than a trap.
        if let number = Double(value), number.isFinite, number >= 0 { return Int(exactly: number.rounded(.down)) }
        if value.contains(":") {
            let parts = value.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
            guard parts.count <= 3, parts.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
            return parts.reduce(0) { $0 * 60 + $1! }
        }
        var total = 0
        var digits = ""
        for character in value {
            if character.isASCII && character.isNumber {
                digits.append(character)
            } else if let unit = ["h": 3600, "m": 60, "s": 1][String(character)], let number = Int(digits) {
                total += number * unit
                digits = ""
            } else {
                return nil
            }
        }
        return digits.isEmpty ? total : nil
    }

    /// Where playback starts for a moment `at` seconds of a song: owners (no `previewSeconds`) there
    /// (before the song's end); a preview only inside its first `previewSeconds`, else at 0.
    public static func start(at seconds: Int, durationMs: Int, previewSeconds: Int?) -> Int {
        let end = max(0, durationMs / 1000 - 1)
        if let previewSeconds { return seconds < previewSeconds ? min(seconds, end) : 0 }
        return min(seconds, end)
    }

    /// `m:ss` (or `h:mm:ss`).
    public static func clock(_ seconds: Int) -> String {
        let pad = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
        if seconds >= 3600 { return "\(seconds / 3600):\(pad(seconds / 60 % 60)):\(pad(seconds % 60))" }
        return "\(seconds / 60):\(pad(seconds % 60))"
    }
}
