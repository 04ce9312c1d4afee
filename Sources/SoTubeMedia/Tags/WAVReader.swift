/// WAV (RIFF/WAVE) holding plain PCM or IEEE float samples: the `fmt ` chunk's rate, channels and
/// sample size and the `data` chunk's length. A file with any other chunk (tags in `LIST`, `id3 `,
/// `bext`), any other sample format (ADPCM, µ-law, …), a data chunk past the end of the file or none
/// is left to ffprobe. The demo catalog's songs are made as WAV, and each media job of a song probes its file.
enum WAVReader {
    static func read(_ file: FileBytes) -> ProbeResult? {
        guard let head = file.read(at: 0, count: 12), ByteView(head).matches(0, "RIFF"),
            ByteView(head).matches(8, "WAVE")
        else { return nil }
        var format: (codec: String, rate: Int, bytesPerSecond: Int)?
        var dataBytes: Int?
        var at = 12
        // A few chunks at most: a file of thousands is not one this reader needs to know.
        for _ in 0..<64 {
            guard at + 8 <= file.size else { break }
            guard let header = file.read(at: at, count: 8), header.count == 8 else { return nil }
            let view = ByteView(header)
            guard let id = view.ascii(0, 4), let size = view.littleEndian(4, 4) else { return nil }
            switch id {
            case "fmt ":
                let length = size >= 40 ? 40 : 16
                guard format == nil, size >= 16, let body = file.read(at: at + 8, count: length), body.count == length,
                    let parsed = Self.format(ByteView(body))
                else { return nil }
                format = parsed
            case "data":
                guard dataBytes == nil, format != nil, size > 0, size != 0xFFFF_FFFF, at + 8 + size <= file.size
                else { return nil }
                dataBytes = size
            case "fact", "JUNK", "junk", "PAD ", "pad ":
                break
            default:
                return nil  // tags (`LIST`, `id3 `, `bext`) and anything else: ffprobe reads them
            }
            at += 8 + size + (size & 1)
        }
        guard let format, let dataBytes, at >= file.size else { return nil }
        return ProbeResult(
            formatName: "wav", durationSeconds: Double(dataBytes) / Double(format.bytesPerSecond),
            audioCodec: format.codec, tags: [:], hasPicture: false, inputOptions: [], durationIsExact: true,
            sampleRate: format.rate)
    }

    /// The `fmt ` chunk (its first 16 bytes, or 40 for WAVE_FORMAT_EXTENSIBLE): PCM with 8, 16, 24 or
    /// 32 bits, or IEEE float with 32 or 64, and a byte rate that agrees with the rest. An extensible
    /// format counts when its subformat is PCM or float and every bit of its samples is valid.
    static func format(_ body: ByteView) -> (codec: String, rate: Int, bytesPerSecond: Int)? {
        guard var tag = body.littleEndian(0, 2), let channels = body.littleEndian(2, 2),
            let rate = body.littleEndian(4, 4), let byteRate = body.littleEndian(8, 4),
            let blockAlign = body.littleEndian(12, 2), let bits = body.littleEndian(14, 2),
            (1...8).contains(channels), (1000...768_000).contains(rate), bits % 8 == 0,
            blockAlign == channels * bits / 8, byteRate == rate * blockAlign
        else { return nil }
        if tag == 0xFFFE {
            guard body.count == 40, body.littleEndian(16, 2) == 22, body.littleEndian(18, 2) == bits,
                let subformat = body.littleEndian(24, 2), let guid = body.slice(26, 14),
                guid.elementsEqual(Self.subformatGUIDTail)
            else { return nil }
            tag = subformat
        }
        let codecs =
            tag == 1
            ? [8: "pcm_u8", 16: "pcm_s16le", 24: "pcm_s24le", 32: "pcm_s32le"]
            : tag == 3 ? [32: "pcm_f32le", 64: "pcm_f64le"] : [:]
        guard let codec = codecs[bits] else { return nil }
        return (codec, rate, byteRate)
    }

    /// The KSDATAFORMAT_SUBTYPE GUIDs after their first two bytes (the format tag).
    static let subformatGUIDTail: [UInt8] = [0, 0, 0, 0, 0x10, 0, 0x80, 0, 0, 0xAA, 0, 0x38, 0x9B, 0x71]
}
