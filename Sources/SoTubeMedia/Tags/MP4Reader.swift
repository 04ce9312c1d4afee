/// MP4/M4A with AAC audio: the `moov` box (found by walking the top-level boxes, wherever it is),
/// its `mvhd` length, the sound track's codec, and iTunes-style tags (`udta/meta/ilst`). Other
/// codecs (ALAC, …) and unusual layouts are left to ffprobe.
enum MP4Reader {
    static let formatName = "mov,mp4,m4a,3gp,3g2,mj2"

    static let names: [String: String] = [
        "\u{A9}nam": "title", "\u{A9}ART": "artist", "aART": "album_artist", "\u{A9}alb": "album",
        "\u{A9}day": "date", "\u{A9}gen": "genre", "\u{A9}wrt": "composer",
    ]

    static func read(_ file: FileBytes) -> ProbeResult? {
        // The top-level boxes: headers only, until `moov`.
        var at = 0
        var moov: ByteView?
        for _ in 0..<64 {
            guard let header = file.read(at: at, count: 16), header.count >= 8 else { break }
            let view = ByteView(header)
            guard var size = view.bigEndian(0, 4), let type = view.ascii(4, 4) else { return nil }
            if size == 1 {
                guard let large = view.bigEndian(8, 8) else { return nil }
                size = large
            } else if size == 0 {
                size = file.size - at
            }
            // A box may not reach past the file (a 64-bit size near 2^63 would overflow `at`).
            guard size >= 8, size <= file.size - at else { return nil }
            if type == "moov" {
                guard size <= 64 << 20, let body = file.read(at: at, count: size), body.count == size else {
                    return nil
                }
                moov = ByteView(body)
                break
            }
            at += size
        }
        guard let moov, let children = boxes(moov, from: 8, to: moov.count) else { return nil }
        guard let mvhd = children["mvhd"], let seconds = movieSeconds(moov, at: mvhd.start) else { return nil }
        guard let traks = allBoxes(moov, type: "trak", from: 8, to: moov.count),
            traks.contains(where: { isAAC(moov, trak: $0) })
        else { return nil }
        var tags: [String: String] = [:]
        var picture = false
        if let udta = children["udta"], let inUdta = boxes(moov, from: udta.start + 8, to: udta.end),
            let meta = inUdta["meta"], let inMeta = boxes(moov, from: meta.start + 12, to: meta.end),
            let ilst = inMeta["ilst"]
        {
            (tags, picture) = items(moov, from: ilst.start + 8, to: ilst.end)
        }
        return ProbeResult(
            formatName: formatName, durationSeconds: seconds, audioCodec: "aac", tags: tags, hasPicture: picture,
            inputOptions: [], durationIsExact: true)
    }

    struct Box {
        var type: String
        var start: Int
        var end: Int
    }

    /// The boxes between `from` and `to`, by type (the first of each); nil when malformed.
    static func boxes(_ view: ByteView, from: Int, to: Int) -> [String: Box]? {
        guard let list = list(view, from: from, to: to) else { return nil }
        var byType: [String: Box] = [:]
        for box in list where byType[box.type] == nil { byType[box.type] = box }
        return byType
    }

    static func allBoxes(_ view: ByteView, type: String, from: Int, to: Int) -> [Box]? {
        list(view, from: from, to: to)?.filter { $0.type == type }
    }

    static func list(_ view: ByteView, from: Int, to: Int) -> [Box]? {
        var result: [Box] = []
        var at = from
        while at + 8 <= to {
            guard let size = view.bigEndian(at, 4), size >= 8, at + size <= to,
                let typeBytes = view.slice(at + 4, 4)
            else { return nil }
            result.append(Box(type: String(typeBytes.map { Character(Unicode.Scalar($0)) }), start: at, end: at + size))
            at += size
        }
        return result
    }

    /// `mvhd`: duration / timescale (version 0 or 1).
    static func movieSeconds(_ view: ByteView, at: Int) -> Double? {
        guard let version = view.u8(at + 8) else { return nil }
        let timescale: Int?
        let duration: Int?
        if version == 1 {
            timescale = view.bigEndian(at + 28, 4)
            duration = view.bigEndian(at + 32, 8)
        } else {
            timescale = view.bigEndian(at + 20, 4)
            duration = view.bigEndian(at + 24, 4)
        }
        guard let timescale, let duration, timescale > 0, duration > 0, duration != 0xFFFF_FFFF else { return nil }
        return Double(duration) / Double(timescale)
    }

    /// Whether a track is sound coded as AAC (`mp4a` whose `esds` names MPEG-4 or MPEG-2 AAC).
    static func isAAC(_ view: ByteView, trak: Box) -> Bool {
        guard let inTrak = boxes(view, from: trak.start + 8, to: trak.end), let mdia = inTrak["mdia"],
            let inMdia = boxes(view, from: mdia.start + 8, to: mdia.end), let hdlr = inMdia["hdlr"],
            view.matches(hdlr.start + 16, "soun"), let minf = inMdia["minf"],
            let inMinf = boxes(view, from: minf.start + 8, to: minf.end), let stbl = inMinf["stbl"],
            let inStbl = boxes(view, from: stbl.start + 8, to: stbl.end), let stsd = inStbl["stsd"],
            view.matches(stsd.start + 20, "mp4a")
        else { return false }
        // The sample entry: 8 header + 28 (audio sample entry) bytes, then its boxes (`esds`).
        guard let entrySize = view.bigEndian(stsd.start + 16, 4),
            let entries = boxes(
                view, from: stsd.start + 16 + 36, to: min(stsd.end, stsd.start + 16 + entrySize)),
            let esds = entries["esds"]
        else { return false }
        // The decoder config descriptor (tag 4) carries the object type: 0x40 MPEG-4 audio, 0x66–0x68 MPEG-2 AAC.
        var at = esds.start + 12
        while at < esds.end {
            guard let tag = view.u8(at) else { return false }
            at += 1
            var length = 0
            for _ in 0..<4 {
                guard let byte = view.u8(at) else { return false }
                at += 1
                length = length << 7 | (byte & 0x7F)
                if byte & 0x80 == 0 { break }
            }
            if tag == 3 {
                guard let flags = view.u8(at + 2) else { return false }
                at += 3 + (flags & 0x80 != 0 ? 2 : 0)
                if flags & 0x40 != 0 { at += 1 + (view.u8(at) ?? 0) }
                if flags & 0x20 != 0 { at += 2 }
                continue
            }
            if tag == 4 {
                guard let object = view.u8(at) else { return false }
                return object == 0x40 || (0x66...0x68).contains(object)
            }
            at += length
        }
        return false
    }

    /// iTunes items: text (`data` type 1) under ffprobe's names, `trkn`/`disk` as "n/total",
    /// `rtng` as its number, `covr` as a picture.
    static func items(_ view: ByteView, from: Int, to: Int) -> ([String: String], Bool) {
        var tags: [String: String] = [:]
        var picture = false
        for item in list(view, from: from, to: to) ?? [] {
            guard let inItem = boxes(view, from: item.start + 8, to: item.end), let data = inItem["data"],
                let payload = view.slice(data.start + 16, data.end - data.start - 16)
            else { continue }
            switch item.type {
            case "covr":
                picture = true
            case "trkn", "disk":
                let bytes = ByteView(Array(payload))
                if let number = bytes.bigEndian(2, 2), number > 0 {
                    let total = bytes.bigEndian(4, 2) ?? 0
                    tags[item.type == "trkn" ? "track" : "disc"] = total > 0 ? "\(number)/\(total)" : "\(number)"
                }
            case "rtng":
                if let value = payload.first { tags["itunesadvisory"] = String(value) }
            default:
                if let name = names[item.type], !payload.isEmpty {
                    tags[name] = String(decoding: payload, as: UTF8.self)
                }
            }
        }
        return (tags, picture)
    }
}
