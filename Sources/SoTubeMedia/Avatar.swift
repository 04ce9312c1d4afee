import Foundation
import SoTubeCore

/// Profile photos (SPEC A6): square JPEGs in a few sizes, `avatars/<key>-<size>.jpg` under the
/// media folder.
public enum AvatarSizes {
    public static let sizes = [64, 128, 512]

    /// The stored file of `size` (rounded up to the next made size) for `key`.
    public static func path(key: String, size: Int) -> String {
        "avatars/\(key)-\(sizes.first { $0 >= size } ?? sizes[sizes.count - 1]).jpg"
    }
}

extension MediaTools {
    /// Width and height of the first picture of an image file, read from its header by ffprobe with
    /// the demuxer of `kind` (nothing is decoded). Throws when ffprobe sees no picture.
    public func imageDimensions(_ path: String, kind: ImageUpload.Kind) async throws -> (width: Int, height: Int) {
        let output = try await run(
            ffprobe,
            [
                "-v", "error", "-f", kind.demuxer, "-select_streams", "v:0", "-show_entries",
                "stream=width,height", "-of", "csv=p=0:s=x", path,
            ])
        let text = String(decoding: output.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let parts = text.split(separator: "\n").first?.split(separator: "x").compactMap { Int($0) } ?? []
        guard output.status == 0, parts.count == 2 else { throw MediaToolError("not a readable picture") }
        return (parts[0], parts[1])
    }

    /// Crops the picture at `source` to its centre square and writes every `AvatarSizes` size for
    /// `key` into `store`, each staged first and then published.
    public func makeAvatar(source: String, kind: ImageUpload.Kind, key: String, store: any MediaStore) async throws {
        let sizes = AvatarSizes.sizes
        let labels = sizes.indices.map { "[s\($0)]" }
        var filter = "[0:v:0]crop='min(iw,ih)':'min(iw,ih)',setsar=1,format=yuvj420p,split=\(sizes.count)"
        filter += labels.indices.map { "[in\($0)]" }.joined() + ";"
        filter += sizes.indices.map { "[in\($0)]scale=\(sizes[$0]):\(sizes[$0])\(labels[$0])" }.joined(separator: ";")
        var arguments = ["-max_pixels", String(ImageUpload.maxPixels), "-f", kind.demuxer, "-i", source]
        arguments += ["-filter_complex", filter]
        var staged: [(key: String, file: URL)] = []
        for (index, size) in sizes.enumerated() {
            let final = AvatarSizes.path(key: key, size: size)
            let temp = try store.staging(for: final)
            arguments += [
                "-map", labels[index], "-frames:v", "1", "-q:v", "3", "-update", "1", "-f", "image2", temp.path,
            ]
            staged.append((final, temp))
        }
        try await store.publish(staged) { try await ffmpeg(arguments) }
    }

    /// Removes every stored size of `key`'s avatar.
    public static func removeAvatar(key: String, store: any MediaStore) {
        for size in AvatarSizes.sizes { store.delete(AvatarSizes.path(key: key, size: size)) }
    }
}
