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
        let folder = mediaRoot.appendingPathComponent("avatars")
        try await UploadedImage.withChecked(bytes, field: "avatar", in: folder, tools: tools) { upload, kind in
            try await tools.makeAvatar(source: upload.path, kind: kind, key: Self.key(userID), store: store)
        }
    }

    /// Removes the user's picture (nothing happens when there is none).
    public func remove(userID: String) {
        MediaTools.removeAvatar(key: Self.key(userID), store: store)
    }
}
