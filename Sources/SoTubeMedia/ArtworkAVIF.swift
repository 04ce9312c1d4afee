import Foundation

extension MediaTools {
    /// The AVIF sizes of a picture, made from its published 600 px JPEG (AV1 still pictures, libaom at
    /// CRF 33: 400 px ≈ 18 KB where the 600 px JPEG is ≈ 135 KB; about a second of CPU for the four).
    /// Each is staged, then all are published. Returns false when there is no 600 px JPEG or ffmpeg
    /// failed (no libaom, say): the picture stays JPEG only.
    @discardableResult
    public func makeAVIFArtwork(base: String, store: any MediaStore) async -> Bool {
        let sizes = ArtworkSizes.avifSizes
        guard let source = store.file(for: ArtworkSizes.path(for: base, size: 600)) else { return false }
        do {
            let labels = sizes.map { "[s\($0)]" }
            let filter =
                "[0:v:0]format=yuv420p,split=\(sizes.count)\(sizes.map { "[i\($0)]" }.joined());"
                + sizes.map { "[i\($0)]scale=\($0):\($0)[s\($0)]" }.joined(separator: ";")
            var arguments = ["-i", source.path, "-filter_complex", filter]
            var staged: [(key: String, file: URL)] = []
            for (label, size) in zip(labels, sizes) {
                let key = ArtworkSizes.avifPath(for: base, size: size)
                let out = try store.staging(for: key)
                staged.append((key, out))
                arguments += [
                    "-map", label, "-frames:v", "1", "-c:v", "libaom-av1", "-still-picture", "1", "-crf", "33",
                    "-cpu-used", "6", "-f", "avif", out.path,
                ]
            }
            try await store.publish(staged) { try await ffmpeg(arguments) }
            return true
        } catch {
            return false
        }
    }
}
