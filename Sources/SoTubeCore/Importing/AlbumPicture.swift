/// Where a picture comes from.
public enum PictureSource: Sendable, Equatable, Codable {
    /// A song file's attached picture (ID3 APIC, MP4 covr, FLAC picture ...), read with the probe's
    /// input options (the demuxer an unusual format needs).
    case embedded(path: String, inputOptions: [String])
    /// An image file such as cover.jpg.
    case image(path: String)
    /// A generated cover, deterministic for `seed`.
    case generated(seed: String)
}

/// An album's picture as its artwork job makes it: the album's key (the seed of its generated cover
/// and, hashed, its files' name) and where the picture comes from.
public struct AlbumPicture: Sendable, Equatable, Codable {
    public var albumKey: String
    public var source: PictureSource

    public init(albumKey: String, source: PictureSource) {
        self.albumKey = albumKey
        self.source = source
    }

    /// The name of the album's files (`artwork/<key>-600.jpg` ...).
    public var fileKey: String { Self.fileKey(albumKey: albumKey) }

    static func fileKey(albumKey: String) -> String { StableHash.hex(albumKey) }

    /// The stored base path (`artwork/<key>.jpg`) of an album's picture, known before it is made.
    public static func basePath(albumKey: String) -> String { "artwork/\(fileKey(albumKey: albumKey)).jpg" }
}
