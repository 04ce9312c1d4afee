/// MP3 (MPEG audio layer III): an ID3v2.3/2.4 tag's text frames and pictures, then the first frame's
/// Xing/Info or VBRI header (frame count) or, without one, the constant bit rate for the length.
/// ID3v2.2, unsynchronised or compressed tags, ID3v1-only and APE tags are left to ffprobe.
enum MP3Reader {
    static func read(_ file: FileBytes) -> ProbeResult? {
        var tags: [String: String] = [:]
        var picture = false
        var audioStart = 0
        if let head = file.read(at: 0, count: 10), ByteView(head).matches(0, "ID3") {
            guard let tag = ID3v2.read(file) else { return nil }
            tags = tag.tags
            picture = tag.hasPicture
            audioStart = tag.end
        }
        var audioEnd = file.size
        if let tail = file.read(at: max(0, file.size - 160), count: 160) {
            let view = ByteView(tail)
            if tail.count >= 128, view.matches(tail.count - 128, "TAG") {
                // ffprobe reads an ID3v1 tag when the file has no other: left to it.
                if tags.isEmpty { return nil }
                audioEnd -= 128
            }
            if tail.count >= 32, view.matches(tail.count - 32, "APETAGEX") || view.matches(0, "APETAGEX") {
                return nil
            }
        }
        guard let window = file.read(at: audioStart, count: 64 << 10) else { return nil }
        let view = ByteView(window)
        // Another container behind an ID3 tag (FLAC, Ogg, WAV): its data could hold a false frame sync.
        if ["fLaC", "OggS", "RIFF", "FORM"].contains(where: { view.matches(0, $0) }) || view.matches(4, "ftyp") {
            return nil
        }
        // The first frame: usually at once; encoders may pad after the tag.
        var at = 0
        var frame: FrameHeader?
        while at + 4 <= window.count && at < 32 << 10 {
            if window[at] == 0xFF, let found = FrameHeader(view, at: at),
                let next = FrameHeader(view, at: at + found.length),
                next.sampleRate == found.sampleRate
                    || at + found.length >= window.count
            {
                frame = found
                break
            }
            at += 1
        }
        guard let frame else { return nil }
        let frameStart = audioStart + at
        let seconds: Double
        let counted = frame.vbrFrameCount(view, at: at).flatMap { $0 > 0 ? $0 : nil }
        if let frames = counted {
            seconds = Double(frames * frame.samplesPerFrame) / Double(frame.sampleRate)
        } else {
            seconds = Double(audioEnd - frameStart) * 8 / Double(frame.bitRate)
        }
        return ProbeResult(
            formatName: "mp3", durationSeconds: seconds, audioCodec: "mp3", tags: tags, hasPicture: picture,
            inputOptions: [], durationIsExact: counted != nil, sampleRate: frame.sampleRate)
    }

    struct FrameHeader {
        var version: Int  // 1, 2 (2 and 2.5 share the sizes of layer III)
        var bitRate: Int
        var sampleRate: Int
        var samplesPerFrame: Int
        var length: Int
        var mono: Bool

        static let bitRatesV1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
        static let bitRatesV2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]

        init?(_ view: ByteView, at: Int) {
            guard let header = view.bigEndian(at, 4), header >> 21 & 0x7FF == 0x7FF else { return nil }
            let versionBits = header >> 19 & 3
            let layerBits = header >> 17 & 3
            let bitRateIndex = header >> 12 & 0xF
            let rateIndex = header >> 10 & 3
            guard versionBits != 1, layerBits == 1, bitRateIndex != 0, bitRateIndex != 15, rateIndex != 3 else {
                return nil
            }
            let rates = [44100, 48000, 32000][rateIndex]
            version = versionBits == 3 ? 1 : 2
            sampleRate = versionBits == 3 ? rates : versionBits == 2 ? rates / 2 : rates / 4
            bitRate = (version == 1 ? Self.bitRatesV1 : Self.bitRatesV2)[bitRateIndex] * 1000
            samplesPerFrame = version == 1 ? 1152 : 576
            let padding = header >> 9 & 1
            length = samplesPerFrame / 8 * bitRate / sampleRate + padding
            mono = header >> 6 & 3 == 3
            guard length > 4 else { return nil }
        }

        /// The frame count of a Xing/Info or VBRI header in this frame, if it has one.
        func vbrFrameCount(_ view: ByteView, at: Int) -> Int? {
            let side = version == 1 ? (mono ? 17 : 32) : (mono ? 9 : 17)
            let xing = at + 4 + side
            if view.matches(xing, "Xing") || view.matches(xing, "Info") {
                guard let flags = view.bigEndian(xing + 4, 4), flags & 1 != 0 else { return nil }
                return view.bigEndian(xing + 8, 4)
            }
            if view.matches(at + 36, "VBRI") { return view.bigEndian(at + 36 + 14, 4) }
            return nil
        }
    }
}

/// ID3v2.3 and 2.4 tags: text frames under ffprobe's names, TXXX under their description, and
/// whether an APIC picture is there.
enum ID3v2 {
    struct Tag {
        var tags: [String: String]
        var hasPicture: Bool
        var end: Int
    }

    static let names: [String: String] = [
        "TIT2": "title", "TPE1": "artist", "TPE2": "album_artist", "TALB": "album", "TRCK": "track",
        "TPOS": "disc", "TDRC": "date", "TYER": "date", "TCON": "genre", "TCOM": "composer",
        "TDOR": "originaldate", "TORY": "originaldate",
    ]

    static func read(_ file: FileBytes) -> Tag? {
        guard let header = file.read(at: 0, count: 10), header.count == 10 else { return nil }
        let major = Int(header[3])
        let flags = header[5]
        // Unsynchronisation (0x80), an extended header (0x40) or an unknown flag: ffprobe's job.
        guard major == 3 || major == 4, flags & 0xCF == 0, let size = syncsafe(header[6..<10]) else { return nil }
        var end = 10 + size + (flags & 0x10 != 0 ? 10 : 0)
        guard size <= 64 << 20, let body = file.read(at: 10, count: size), body.count == size else { return nil }
        let view = ByteView(body)
        var tags: [String: String] = [:]
        var picture = false
        var at = 0
        while at + 10 <= body.count, body[at] != 0 {
            guard let id = view.ascii(at, 4), id.allSatisfy({ $0.isUppercase || $0.isNumber }) else { return nil }
            let length: Int?
            if major == 4 { length = syncsafe(body[at + 4..<at + 8]) } else { length = view.bigEndian(at + 4, 4) }
            guard let length, let frameFlags = view.bigEndian(at + 8, 2), let content = view.slice(at + 10, length)
            else { return nil }
            // Compressed, encrypted, grouped or unsynchronised frames (and v2.4 data-length prefixes): ffprobe.
            let refused = major == 4 ? 0x004F : 0x00E0
            guard frameFlags & refused == 0 else { return nil }
            if id == "APIC" {
                picture = true
            } else if id == "TXXX" {
                let values = textValues(content)
                if values.count >= 2, !values[0].isEmpty, tags[values[0].lowercased()] == nil {
                    tags[values[0].lowercased()] = values[1]
                }
            } else if let name = names[id], tags[name] == nil {
                let value = textValues(content).first ?? ""
                // A genre given as an ID3v1 number, "(13)" or "13": ffprobe names it; left to it.
                if id == "TCON", value.first == "(" || (!value.isEmpty && value.allSatisfy(\.isNumber)) { return nil }
                if !value.isEmpty { tags[name] = value }
            }
            at += 10 + length
        }
        end = max(end, 10)
        return Tag(tags: tags, hasPicture: picture, end: end)
    }

    /// 28 bits in four bytes of seven.
    static func syncsafe(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard bytes.count == 4, bytes.allSatisfy({ $0 & 0x80 == 0 }) else { return nil }
        return bytes.reduce(0) { $0 << 7 | Int($1) }
    }

    /// A text frame's values (encoding byte, then NUL-separated strings).
    static func textValues(_ content: ArraySlice<UInt8>) -> [String] {
        guard let encoding = content.first else { return [] }
        let text = Array(content.dropFirst())
        switch encoding {
        case 0: return split(text, width: 1).map { String($0.map { Character(Unicode.Scalar($0)) }) }
        case 3: return split(text, width: 1).map { String(decoding: $0, as: UTF8.self) }
        case 1, 2:
            return split(text, width: 2).map { part in
                var units = stride(from: 0, to: part.count - 1, by: 2).map {
                    UInt16(part[$0]) << 8 | UInt16(part[$0 + 1])
                }
                var bigEndian = encoding == 2
                if let first = units.first, first == 0xFEFF || first == 0xFFFE {
                    bigEndian = first == 0xFEFF
                    units.removeFirst()
                }
                if !bigEndian { units = units.map { $0.byteSwapped } }
                return String(decoding: units, as: UTF16.self)
            }
        default: return []
        }
    }

    /// Splits at NUL characters of `width` bytes (aligned), dropping a trailing empty part.
    static func split(_ bytes: [UInt8], width: Int) -> [[UInt8]] {
        var parts: [[UInt8]] = []
        var current: [UInt8] = []
        var index = 0
        while index + width <= bytes.count {
            let unit = bytes[index..<index + width]
            if unit.allSatisfy({ $0 == 0 }) {
                parts.append(current)
                current = []
            } else {
                current += unit
            }
            index += width
        }
        if !current.isEmpty || parts.isEmpty { parts.append(current) }
        return parts
    }
}
