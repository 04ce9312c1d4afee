/// What a profile photo upload may be (SPEC A6): the kind read from the file's first bytes (never
/// from its name or a header the client sends), and the limits checked before anything decodes it.
public enum ImageUpload {
    /// The image formats accepted, each read by ffmpeg with its own image demuxer. HEIC/HEIF is
    /// not among them: its container is MP4's, and ffmpeg's `mov` demuxer would take any MP4 or MOV
    /// video with a HEIF brand (`mif1`) and hand it to every video decoder; ffmpeg 5.1 cannot decode
    /// a HEIC picture anyway.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        case jpeg, png, webp

        /// The ffmpeg demuxer that reads this kind (nothing is left to ffmpeg's guessing).
        public var demuxer: String {
            switch self {
            case .jpeg: return "jpeg_pipe"
            case .png: return "png_pipe"
            case .webp: return "webp_pipe"
            }
        }
    }

    /// Largest upload accepted, in bytes.
    public static let maxBytes = 10 * 1024 * 1024
    /// Largest picture accepted, in pixels (width × height), checked on the header before decoding:
    /// a small file claiming a huge picture (a decompression bomb) is refused here.
    public static let maxPixels = 40_000_000
    /// Longest side accepted, in pixels.
    public static let maxSide = 12_000
    /// Smallest side accepted, in pixels.
    public static let minSide = 16

    /// The kind of image `bytes` starts with, nil for anything else.
    public static func sniff(_ bytes: [UInt8]) -> Kind? {
        if starts(bytes, [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(bytes, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(bytes, Array("RIFF".utf8)) && starts(bytes, Array("WEBP".utf8), at: 8) { return .webp }
        return nil
    }

    /// Whether `bytes` start like a HEIF file (an MP4-family `ftyp` with a HEIF brand): refused, but
    /// with a sentence telling the owner of a phone photo what to do.
    public static func looksLikeHEIF(_ bytes: [UInt8]) -> Bool {
        guard starts(bytes, Array("ftyp".utf8), at: 4) else { return false }
        let brands = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif"]
        return brands.contains { starts(bytes, Array($0.utf8), at: 8) }
    }

    static func starts(_ bytes: [UInt8], _ prefix: [UInt8], at offset: Int = 0) -> Bool {
        bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
    }

    /// Why a picture of `width` × `height` is refused, nil when it is fine.
    public static func refusal(width: Int, height: Int) -> String? {
        if width < minSide || height < minSide {
            return "The picture is too small: at least \(minSide) × \(minSide) pixels, please."
        }
        if width > maxSide || height > maxSide || width * height > maxPixels {
            return
                "The picture is too large (\(width) × \(height) pixels): at most \(maxPixels / 1_000_000) megapixels."
        }
        return nil
    }
}
