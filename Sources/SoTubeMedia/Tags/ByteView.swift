/// Bounds-checked reads from a file's bytes: every read past the end gives nil, never a trap, so
/// hostile or truncated files can only make a reader give up (and the scan fall back to ffprobe).
struct ByteView {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var count: Int { bytes.count }

    func slice(_ start: Int, _ length: Int) -> ArraySlice<UInt8>? {
        guard start >= 0, length >= 0, start <= bytes.count, length <= bytes.count - start else { return nil }
        return bytes[start..<start + length]
    }

    func u8(_ at: Int) -> Int? {
        guard at >= 0, at < bytes.count else { return nil }
        return Int(bytes[at])
    }

    func bigEndian(_ at: Int, _ width: Int) -> Int? {
        guard let part = slice(at, width) else { return nil }
        return part.reduce(0) { $0 << 8 | Int($1) }
    }

    func littleEndian(_ at: Int, _ width: Int) -> Int? {
        guard let part = slice(at, width) else { return nil }
        return part.reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    func ascii(_ at: Int, _ length: Int) -> String? {
        guard let part = slice(at, length), part.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        return String(decoding: part, as: UTF8.self)
    }

    func matches(_ at: Int, _ text: String) -> Bool {
        guard let part = slice(at, text.utf8.count) else { return false }
        return part.elementsEqual(text.utf8)
    }
}

/// Text from tag bytes: UTF-8 when valid, else Latin-1 (every byte a character), NULs trimmed.
func tagText(_ bytes: some Collection<UInt8>) -> String {
    var bytes = Array(bytes)
    while let last = bytes.last, last == 0 { bytes.removeLast() }
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    return String(bytes.map { Character(Unicode.Scalar($0)) })
}
