/// Ogg Vorbis and Ogg Opus: the identification header (sample rate, Opus pre-skip), the comment
/// header (tags), and the last page's granule position (the length). Ogg with several streams, or
/// another codec, is left to ffprobe.
enum OggReader {
    struct Page {
        var headerType: UInt8
        var granule: Int64
        var serial: Int
        var segments: [Int]
        var bodyStart: Int
        var end: Int
    }

    /// The page starting at `at` in `view`, nil when it is not one (or runs past the bytes).
    static func page(_ view: ByteView, at: Int) -> Page? {
        guard view.matches(at, "OggS"), view.u8(at + 4) == 0, let type = view.u8(at + 5),
            let granule = view.littleEndian(at + 6, 8), let serial = view.littleEndian(at + 14, 4),
            let count = view.u8(at + 26), let table = view.slice(at + 27, count)
        else { return nil }
        let segments = table.map(Int.init)
        let bodyStart = at + 27 + count
        return Page(
            headerType: UInt8(type), granule: Int64(truncatingIfNeeded: UInt64(truncatingIfNeeded: granule)),
            serial: serial, segments: segments, bodyStart: bodyStart, end: bodyStart + segments.reduce(0, +))
    }

    static func read(_ file: FileBytes) -> ProbeResult? {
        var limit = 256 << 10
        while true {
            guard let head = file.read(at: 0, count: limit) else { return nil }
            switch headers(ByteView(head), complete: head.count == file.size) {
            case .needMore where head.count == limit && limit < 16 << 20:
                limit *= 4
                continue
            case .needMore, .unsupported:
                return nil
            case .found(let codec, let rate, let preSkip, let comments, let serial):
                guard let granule = lastGranule(file, serial: serial), granule > 0 else { return nil }
                let seconds =
                    codec == "opus" ? Double(granule - Int64(preSkip)) / 48000 : Double(granule) / Double(rate)
                return ProbeResult(
                    formatName: "ogg", durationSeconds: seconds, audioCodec: codec, tags: comments.tags,
                    hasPicture: comments.hasPicture, inputOptions: [], durationIsExact: true, sampleRate: rate)
            }
        }
    }

    enum Headers {
        case found(codec: String, rate: Int, preSkip: Int, comments: VorbisComments, serial: Int)
        case needMore
        case unsupported
    }

    /// The first two packets of the file's first stream.
    static func headers(_ view: ByteView, complete: Bool) -> Headers {
        var packets: [[UInt8]] = []
        var partial: [UInt8] = []
        var at = 0
        var serial: Int?
        while packets.count < 2 {
            guard let page = page(view, at: at), page.end <= view.count else {
                return complete ? .unsupported : .needMore
            }
            if let serial, page.serial != serial {
                return .unsupported  // another stream: multiplexed Ogg
            }
            if serial == nil {
                guard page.headerType & 0x02 != 0 else { return .unsupported }  // no beginning of stream
                serial = page.serial
            }
            var offset = page.bodyStart
            for length in page.segments {
                guard let part = view.slice(offset, length) else { return .unsupported }
                partial += part
                offset += length
                if length < 255 {
                    packets.append(partial)
                    partial = []
                    if packets.count == 2 { break }
                }
            }
            at = page.end
        }
        let ident = ByteView(packets[0])
        let comment = ByteView(packets[1])
        guard let serial else { return .unsupported }
        if ident.matches(0, "\u{01}vorbis"), let rate = ident.littleEndian(12, 4), rate > 0,
            comment.matches(0, "\u{03}vorbis"), let comments = VorbisComments.parse(comment, at: 7)
        {
            return .found(codec: "vorbis", rate: rate, preSkip: 0, comments: comments, serial: serial)
        }
        if ident.matches(0, "OpusHead"), let preSkip = ident.littleEndian(10, 2), comment.matches(0, "OpusTags"),
            let comments = VorbisComments.parse(comment, at: 8)
        {
            return .found(codec: "opus", rate: 48000, preSkip: preSkip, comments: comments, serial: serial)
        }
        return .unsupported
    }

    /// The granule position of the stream's last page that ends a packet (from the file's tail).
    static func lastGranule(_ file: FileBytes, serial: Int) -> Int64? {
        let tailLength = min(file.size, 256 << 10)
        guard let tail = file.read(at: file.size - tailLength, count: tailLength) else { return nil }
        let view = ByteView(tail)
        var at = tail.count - 27
        while at >= 0 {
            if tail[at] == UInt8(ascii: "O"), let page = page(view, at: at), page.serial == serial,
                page.granule >= 0
            {
                return page.granule
            }
            at -= 1
        }
        return nil
    }
}
