/// FLAC: `fLaC`, then metadata blocks (STREAMINFO for the length, VORBIS_COMMENT for tags, PICTURE).
enum FLACReader {
    static func read(_ file: FileBytes) -> ProbeResult? {
        var at = 4
        var sampleRate = 0
        var samples = 0
        var comments = VorbisComments()
        var picture = false
        var sawStreamInfo = false
        for _ in 0..<1000 {
            guard let header = file.read(at: at, count: 4), header.count == 4 else { return nil }
            let last = header[0] & 0x80 != 0
            let type = header[0] & 0x7F
            let length = Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
            switch type {
            case 0:  // STREAMINFO
                guard length >= 34, let block = file.read(at: at + 4, count: 34), block.count == 34 else { return nil }
                sampleRate = Int(block[10]) << 12 | Int(block[11]) << 4 | Int(block[12]) >> 4
                samples =
                    Int(block[13] & 0x0F) << 32 | Int(block[14]) << 24 | Int(block[15]) << 16 | Int(block[16]) << 8
                    | Int(block[17])
                sawStreamInfo = true
            case 4:  // VORBIS_COMMENT
                guard length <= 16 << 20, let block = file.read(at: at + 4, count: length), block.count == length,
                    let parsed = VorbisComments.parse(ByteView(block), at: 0)
                else { return nil }
                comments = parsed
            case 6:  // PICTURE
                picture = true
            case 127:
                return nil  // invalid
            default:
                break
            }
            at += 4 + length
            if last { break }
        }
        // An unknown total (0) is left to ffprobe, which then estimates it from the file.
        guard sawStreamInfo, sampleRate > 0, samples > 0 else { return nil }
        return ProbeResult(
            formatName: "flac", durationSeconds: Double(samples) / Double(sampleRate), audioCodec: "flac",
            tags: comments.tags, hasPicture: picture || comments.hasPicture, inputOptions: [], durationIsExact: true,
            sampleRate: sampleRate)
    }
}
