import Foundation
import SoTubeCore

/// Album art in five square sizes: `artwork/<key>-600.jpg`, `-400`, `-300`, `-200`, `-100`, and the
/// sizes from 200 up again as AVIF (`-400.avif` …, made by the server when a browser that takes AVIF
/// first asks). The catalog stores
/// `artwork/<key>.jpg`; `ArtworkSizes.path(for:size:)` gives a size's file. 200 serves the store's
/// 168 px cards on 1× screens, 400 on 2× and 3× phones (the web app asks for at most twice the CSS
/// size): a 400 px AVIF is a seventh of the 600 px JPEG's bytes.
public enum ArtworkSizes {
    public static let sizes = [100, 200, 300, 400, 600]
    /// The sizes also made as AVIF (a 100 px JPEG is already about a kilobyte).
    public static let avifSizes = [200, 300, 400, 600]

    /// The size made for `size`: rounded up to the next made size.
    public static func chosen(_ size: Int) -> Int { sizes.first { $0 >= size } ?? 600 }

    /// The JPEG for `size` (rounded up to the next made size) of the stored `base` path.
    public static func path(for base: String, size: Int) -> String {
        "\(stem(base))-\(chosen(size)).jpg"
    }

    /// The AVIF for `size` (rounded up to the next made size) of the stored `base` path.
    public static func avifPath(for base: String, size: Int) -> String {
        "\(stem(base))-\(chosen(size)).avif"
    }

    static func stem(_ base: String) -> String { base.hasSuffix(".jpg") ? String(base.dropLast(4)) : base }
}

extension MediaTools {
    /// Makes an album's picture (`makeArtwork`); a broken attached or folder picture falls back to
    /// the album's generated cover. Returns the stored base path. `maker`: see `makeArtwork`.
    public func makeAlbumPicture(_ picture: AlbumPicture, store: any MediaStore, maker: String? = nil) async throws
        -> String
    {
        do {
            return try await makeArtwork(picture.source, key: picture.fileKey, store: store, maker: maker)
        } catch {
            if case .generated = picture.source { throw error }
            return try await makeArtwork(
                .generated(seed: picture.albumKey), key: picture.fileKey, store: store, maker: maker)
        }
    }

    /// Writes the five JPEG sizes for `key` into `store` (each staged, then published) and returns the
    /// stored base path (`artwork/<key>.jpg`). AVIF files of an earlier picture under the same key are
    /// removed (the server makes new ones when a browser first asks: `makeAVIFArtwork`). `maker` names
    /// the staged files (`MediaStore.staging(for:maker:)`): an artwork job's id, so that two jobs making
    /// the picture in two processes do not write one file, and the job run again after its worker was
    /// killed writes over what the killed run staged.
    public func makeArtwork(_ source: PictureSource, key: String, store: any MediaStore, maker: String? = nil)
        async throws -> String
    {
        // One maker of a picture at a time in this process (two imports queued the album's picture):
        // the second makes it again after the first, not beside it. Jobs in other processes sharing the
        // store stage files of their own (`maker`), and the last to publish wins.
        try await Self.pictureMakers.take(key) {
            try await makeArtworkNow(source, key: key, store: store, maker: maker)
        }
    }

    static let pictureMakers = KeyedTurns()

    /// `makeArtwork` without this process's turns.
    private func makeArtworkNow(_ source: PictureSource, key: String, store: any MediaStore, maker: String?)
        async throws -> String
    {
        let input: [String]
        let stream: String
        switch source {
        case .embedded(let path, let options):
            input = options + ["-i", path]
            stream = "[0:v:0]"
        case .image(let path):
            input = ["-i", path]
            stream = "[0:v:0]"
        case .generated(let seed):
            input = ["-f", "lavfi", "-i", Self.generatedCoverSource(seed: seed)]
            stream = "[0:v:0]"
        }
        let filter =
            "\(stream)scale=600:600:force_original_aspect_ratio=increase,crop=600:600,setsar=1,split=5[a][e][b][c][d];"
            + "[e]scale=400:400[e4];[b]scale=300:300[b3];[c]scale=200:200[c2];[d]scale=100:100[d1]"
        let base = "artwork/\(key).jpg"
        var arguments = input + ["-filter_complex", filter]
        var staged: [(key: String, file: URL)] = []
        for (label, size) in [("[a]", 600), ("[e4]", 400), ("[b3]", 300), ("[c2]", 200), ("[d1]", 100)] {
            let sizeKey = ArtworkSizes.path(for: base, size: size)
            let out = try store.staging(for: sizeKey, maker: maker)
            staged.append((sizeKey, out))
            // Thumbnails (cards and rows, shown at 44–168 px) trade a little quality for half the bytes.
            let quality = size <= 200 ? "5" : "3"
            arguments += ["-map", label, "-frames:v", "1", "-q:v", quality, "-update", "1", "-f", "image2", out.path]
        }
        try await store.publish(staged) { try await ffmpeg(arguments) }
        for size in ArtworkSizes.avifSizes { store.delete(ArtworkSizes.avifPath(for: base, size: size)) }
        return base
    }

    /// A lavfi source for a cover: a seeded colour gradient, blended with a seeded
    /// cellular-automaton texture. No fonts, no network, the same picture for the same seed.
    static func generatedCoverSource(seed: String) -> String {
        var state = UInt64(StableHash.hex(seed), radix: 16) ?? 1
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        func colour() -> String {
            let hue = Double(next() % 360) / 360
            let (r, g, b) = hsv(hue, 0.55 + Double(next() % 40) / 100, 0.55 + Double(next() % 45) / 100)
            return String(format: "0x%02x%02x%02x", Int(r * 255), Int(g * 255), Int(b * 255))
        }
        let c0 = colour()
        let c1 = colour()
        let c2 = colour()
        let rule = [18, 22, 30, 45, 60, 73, 90, 105, 110, 122, 126, 150][Int(next() % 12)]
        let gradient =
            "gradients=s=600x600:c0=\(c0):c1=\(c1):c2=\(c2):nb_colors=3:seed=\(next() % 100_000):speed=0.01:"
            + "x0=\(next() % 600):y0=\(next() % 600):x1=\(next() % 600):y1=\(next() % 600)"
        let texture =
            "cellauto=s=600x600:rule=\(rule):seed=\(next() % 100_000):random_fill_ratio=0.5:full=1,"
            + "format=rgba,colorchannelmixer=aa=0.18"
        return "\(gradient),format=rgba[g];\(texture)[t];[g][t]overlay,format=yuvj420p"
    }

    static func hsv(_ h: Double, _ s: Double, _ v: Double) -> (Double, Double, Double) {
        let i = Int(h * 6) % 6
        let f = h * 6 - Double(Int(h * 6))
        let p = v * (1 - s)
        let q = v * (1 - f * s)
        let t = v * (1 - (1 - f) * s)
        switch i {
        case 0: return (v, t, p)
        case 1: return (q, v, p)
        case 2: return (p, v, t)
        case 3: return (p, q, v)
        case 4: return (t, p, v)
        default: return (v, p, q)
        }
    }

    /// cover.jpg, folder.jpg, front.jpg (any case, .jpg/.jpeg/.png) in `folder`.
    public static func folderImage(in folder: URL) -> String? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            return nil
        }
        let wanted = ["cover", "folder", "front", "album", "albumart"]
        for stem in wanted {
            if let name = names.sorted().first(where: { name in
                let lower = name.lowercased()
                return ["jpg", "jpeg", "png"].contains { lower == "\(stem).\($0)" }
            }) {
                return folder.appendingPathComponent(name).path
            }
        }
        return nil
    }
}
