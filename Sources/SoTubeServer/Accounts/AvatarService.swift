import Foundation
import SoTubeAPI
import SoTubeCore
import SoTubeMedia

/// Profile photos (SPEC A6), stored as square JPEGs in a few sizes under the media folder. An upload
/// is checked before anything decodes it: its size, its kind from its first bytes, and its picture
/// size from its header (a decompression bomb is refused there).
public struct AvatarService: Sendable {
    let mediaRoot: URL
    let tools: MediaTools

    public init(mediaRoot: URL, tools: MediaTools = MediaTools(timeout: 30)) {
        self.mediaRoot = mediaRoot
        self.tools = tools
    }

    /// Where the sizes are published (`MediaStore`).
    var store: LocalMediaStore { LocalMediaStore(root: mediaRoot) }

    static func key(_ userID: String) -> String { StableHash.hex("avatar|\(userID)") }

    /// The stored picture of `size` (rounded up to a made size), nil when the user has none.
    public func file(userID: String, size: Int) -> URL? {
        store.file(for: AvatarSizes.path(key: Self.key(userID), size: size))
    }

    /// `GET /api/v1/me/avatar?size=128&v=…` when the user has a picture (v changes with each upload,
    /// so browsers fetch a new one at once), else nil.
    public func url(userID: String) -> String? {
        guard let file = file(userID: userID, size: 128),
            let modified = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
        else { return nil }
        return SoTubeRoutes.avatar(size: 128) + "&v=\(Int(modified.timeIntervalSince1970 * 1000))"
    }

    /// Checks and stores `bytes` as the user's picture, replacing any earlier one.
    public func save(_ bytes: [UInt8], userID: String) async throws {
        guard !bytes.isEmpty else { throw DomainError.invalid(field: "avatar", reason: "The file is empty.") }
        guard bytes.count <= ImageUpload.maxBytes else {
            throw Problem(.contentTooLarge, "The picture is larger than \(ImageUpload.maxBytes / 1024 / 1024) MB.")
        }
        guard let kind = ImageUpload.sniff(Array(bytes.prefix(32))) else {
            // Nothing else reaches ffmpeg: an MP4 or MOV video with a HEIF brand is refused here.
            if ImageUpload.looksLikeHEIF(Array(bytes.prefix(32))) {
                throw Problem(
                    .unsupportedMediaType,
                    "HEIC pictures cannot be read here: save the photo as JPEG (on an iPhone: Settings › Camera › "
                        + "Formats › Most Compatible) and upload that.",
                    field: "avatar")
            }
            throw Problem(
                .unsupportedMediaType,
                "This file is not a picture SoTube can read: use a JPEG, PNG or WebP file.",
                field: "avatar")
        }
        guard tools.available else {
            throw Problem(.serviceUnavailable, "Pictures cannot be processed on this server.")
        }
        let folder = mediaRoot.appendingPathComponent("avatars")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let upload = folder.appendingPathComponent(".upload-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: upload.path, contents: Data(bytes)) else {
            throw Problem(.internalServerError, "The picture could not be stored.")
        }
        defer { try? FileManager.default.removeItem(at: upload) }
        let dimensions: (width: Int, height: Int)
        do {
            dimensions = try await tools.imageDimensions(upload.path, kind: kind)
        } catch {
            throw Problem(.unprocessableContent, "This picture cannot be read: it may be damaged.", field: "avatar")
        }
        if let refusal = ImageUpload.refusal(width: dimensions.width, height: dimensions.height) {
            throw Problem(.unprocessableContent, refusal, field: "avatar")
        }
        do {
            try await tools.makeAvatar(source: upload.path, kind: kind, key: Self.key(userID), store: store)
        } catch {
            throw Problem(.unprocessableContent, "This picture cannot be read: it may be damaged.", field: "avatar")
        }
    }

    /// Removes the user's picture (nothing happens when there is none).
    public func remove(userID: String) {
        MediaTools.removeAvatar(key: Self.key(userID), store: store)
    }
}
