/// Vorbis comments (FLAC, Ogg Vorbis, Opus): `KEY=value` pairs, keys case-insensitive. A picture
/// block inside them (`METADATA_BLOCK_PICTURE`) counts as an embedded picture.
struct VorbisComments {
    var tags: [String: String] = [:]
    var hasPicture = false

    /// Parses the comment structure starting at `offset` (vendor string, count, entries; all
    /// lengths little-endian). Nil when it runs past the bytes.
    static func parse(_ view: ByteView, at offset: Int) -> VorbisComments? {
        guard let vendorLength = view.littleEndian(offset, 4) else { return nil }
        var at = offset + 4 + vendorLength
        guard let count = view.littleEndian(at, 4), count <= 100_000 else { return nil }
        at += 4
        var comments = VorbisComments()
        for _ in 0..<count {
            guard let length = view.littleEndian(at, 4), let entry = view.slice(at + 4, length) else { return nil }
            at += 4 + length
            guard let equals = entry.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let key = tagText(entry[entry.startIndex..<equals]).lowercased()
            if key == "metadata_block_picture" || key == "coverart" {
                comments.hasPicture = true
                continue
            }
            let value = tagText(entry[(equals + 1)...])
            // ffprobe keeps the first of repeated keys' values joined; the scan needs the first.
            if comments.tags[key] == nil { comments.tags[key] = value }
        }
        return comments
    }
}
