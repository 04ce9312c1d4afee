import Foundation

/// The encodings a mail message needs: quoted-printable bodies, RFC 2047 encoded-word headers, folding.
public enum MIMEEncoding {
    /// Quoted-printable (RFC 2045 §6.7) of UTF-8 text. Any line end in `text` (LF, CRLF, CR) becomes CRLF;
    /// output lines are at most 76 characters, with `=` soft line breaks.
    public static func quotedPrintable(_ text: String) -> String {
        let lines = normalizedLines(text)
        var output: [String] = []
        for line in lines {
            let bytes = Array(line.utf8)
            var current = ""
            for (index, byte) in bytes.enumerated() {
                let isLast = index == bytes.count - 1
                let token: String
                switch byte {
                case UInt8(ascii: " "), UInt8(ascii: "\t"):
                    token = isLast ? hexEscape(byte) : String(UnicodeScalar(byte))
                case _ where index == 0 && (byte == UInt8(ascii: ".") || byte == UInt8(ascii: "F")):
                    token = hexEscape(byte)  // survives dot-stuffing mishaps and mbox "From " mangling
                case 33...126 where byte != UInt8(ascii: "="):
                    token = String(UnicodeScalar(byte))
                default:
                    token = hexEscape(byte)
                }
                // 76 with the soft break "=": at most 75 characters of content before it. The last token of a
                // line needs no soft break, so it may use all 76.
                let limit = isLast ? 76 : 75
                if current.utf8.count + token.utf8.count > limit {
                    output.append(current + "=")
                    current = ""
                }
                current += token
            }
            output.append(current)
        }
        return output.joined(separator: "\r\n")
    }

    /// Base64 in lines of 76 characters joined by CRLF.
    public static func base64Lines(_ data: Data) -> String {
        let encoded = Array(data.base64EncodedString().utf8)
        return stride(from: 0, to: encoded.count, by: 76).map {
            String(decoding: encoded[$0..<min($0 + 76, encoded.count)], as: UTF8.self)
        }.joined(separator: "\r\n")
    }

    /// RFC 2047 `=?UTF-8?B?…?=` words for `text`, each at most 75 characters; the first one also fits a line that
    /// already holds `firstLineUsed` characters (76 per line). Never splits a character, and splits a grapheme
    /// cluster only if it alone is too long for one word.
    public static func encodedWords(_ text: String, firstLineUsed: Int = 0) -> [String] {
        let overhead = "=?UTF-8?B??=".count
        func maxBytes(lineUsed: Int) -> Int { max(3, (76 - lineUsed - overhead) / 4 * 3) }
        var words: [String] = []
        var chunk: [UInt8] = []
        var budget = maxBytes(lineUsed: firstLineUsed + 1)
        func flush() {
            guard !chunk.isEmpty else { return }
            words.append("=?UTF-8?B?" + Data(chunk).base64EncodedString() + "?=")
            chunk = []
            budget = maxBytes(lineUsed: 1)
        }
        for character in text {
            let pieces: [[UInt8]] =
                character.utf8.count <= maxBytes(lineUsed: 1)
                ? [Array(character.utf8)] : character.unicodeScalars.map { Array(String($0).utf8) }
            for piece in pieces {
                if chunk.count + piece.count > budget { flush() }
                chunk += piece
            }
        }
        flush()
        return words
    }

    /// An unstructured header value (Subject): plain if printable ASCII that folds cleanly, else encoded words.
    public static func unstructured(_ value: String, headerName: String) -> [String] {
        let clean = sanitizedHeaderValue(value)
        let words = clean.split(separator: " ", omittingEmptySubsequences: false)
        let plainOK =
            clean.allSatisfy { $0.isASCII } && !clean.contains("=?")
            && !words.contains { $0.isEmpty && words.count > 1 }
            && words.allSatisfy { $0.count <= 76 - headerName.count - 2 }
        if plainOK { return words.map(String.init) }
        return encodedWords(clean, firstLineUsed: headerName.count + 1)
    }

    /// A display name as a phrase: an atom sequence, a quoted string when ASCII with specials, or encoded words.
    public static func phrase(_ name: String, headerName: String) -> [String] {
        let clean = sanitizedHeaderValue(name).trimmingCharacters(in: .whitespaces)
        guard !clean.isEmpty else { return [] }
        guard clean.allSatisfy({ $0.isASCII }), !clean.contains("=?") else {
            return encodedWords(clean, firstLineUsed: headerName.count + 1)
        }
        let atext = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "!#$%&'*+-/=?^_`{|}~ "))
        if clean.unicodeScalars.allSatisfy({ atext.contains($0) }), !clean.contains("  "), clean.count < 60 {
            return clean.split(separator: " ").map(String.init)
        }
        let escaped = clean.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return ["\"\(escaped)\""]
    }

    /// `Name: tok tok` folded before a token whenever a line would pass 76 characters.
    public static func header(_ name: String, tokens: [String]) -> String {
        var lines: [String] = []
        var line = name + ":"
        for token in tokens {
            if line.count + 1 + token.count > 76 && line != name + ":" {
                lines.append(line)
                line = ""
            }
            line += " " + token
        }
        lines.append(line)
        return lines.joined(separator: "\r\n")
    }

    /// Control characters (CR and LF among them) become spaces: no header can be injected.
    public static func sanitizedHeaderValue(_ value: String) -> String {
        String(
            String.UnicodeScalarView(
                value.unicodeScalars.map { scalar in
                    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}"
                        || scalar == "\u{2029}" ? " " : scalar
                }))
    }

    /// An address for a header: only printable ASCII other than `<>`, spaces, `"`, `,` and `;`.
    public static func sanitizedAddress(_ address: String) -> String {
        String(
            String.UnicodeScalarView(
                address.unicodeScalars.filter {
                    $0.value > 0x20 && $0.value < 0x7F && !"<>\",;()\\".unicodeScalars.contains($0)
                }))
    }

    static func normalizedLines(_ text: String) -> [Substring] {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
    }

    private static func hexEscape(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "=" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }
}
