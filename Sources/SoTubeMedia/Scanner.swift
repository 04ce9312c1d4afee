import Foundation
import SoTubeCore

/// One file the importer will look at.
public struct ImportItem: Sendable {
    /// The file to read.
    public var file: URL
    /// The catalog's key for it (`tracks.source_path`): the absolute path, or e.g. `demo:...`.
    public var sourceKey: String
    /// Components below the import root (file name last), for the tag fallback.
    public var relativePath: [String]
    public var rootName: String
    /// Set by the demo seeder: used instead of tags.
    public var metadata: TrackMetadata?
    public var artwork: PictureSource?
    public var albumKey: String?
    public var price: Int = 10
    public var albumPrice: Int?
    public var lyrics: String?
    public var artistBio: String?
    /// Known without reading the file, which does not exist yet (a demo song its job synthesises,
    /// see `MediaJobPayload.demoSong`).
    public var probe: ProbeResult?
    public var demoSong: String?
    /// Set by a catalog source: the upstream file's size and version, kept (as `source_size` and
    /// `source_mtime`) instead of the downloaded copy's size and modification time.
    public var sourceStamp: SourceStamp?

    public init(file: URL, sourceKey: String, relativePath: [String], rootName: String) {
        self.file = file
        self.sourceKey = sourceKey
        self.relativePath = relativePath
        self.rootName = rootName
    }
}

/// A file the scan refused before any work, with the reason.
public struct SkippedFile: Sendable, Equatable {
    public var path: String
    public var reason: String
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}

public enum FolderScanner {
    /// Every audio-looking file under `root` (recursively, following the tree in name order),
    /// and the files skipped outright. Pictures (artwork) and hidden files are passed over silently.
    public static func scan(_ root: URL) throws -> (items: [ImportItem], skipped: [SkippedFile]) {
        let root = root.standardizedFileURL.resolvingSymlinksInPath()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory),
            isDirectory.boolValue
        else { throw MediaToolError("\(root.path) is not a folder") }
        guard
            let enumerator = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isRegularFileKey, .fileSizeKey],
                options: [.skipsHiddenFiles])
        else { throw MediaToolError("cannot read \(root.path)") }
        var items: [ImportItem] = []
        var skipped: [SkippedFile] = []
        let ignored: Set<String> = ["jpg", "jpeg", "png", "gif", "webp", "bmp"]
        let rootComponents = root.pathComponents.count
        var urls: [URL] = []
        for case let url as URL in enumerator { urls.append(url) }
        for url in urls.sorted(by: { $0.path < $1.path }) {
            let resolved = url.resolvingSymlinksInPath()
            guard (try? resolved.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
            else { continue }
            let ext = url.pathExtension.lowercased()
            if ignored.contains(ext) { continue }
            let relative = Array(url.pathComponents.dropFirst(rootComponents))
            let size = (try? resolved.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
            if !AudioFormatRules.audioExtensions.contains(ext) {
                skipped.append(
                    SkippedFile(
                        path: url.path,
                        reason: ext.isEmpty ? "not an audio file (no extension)" : "not an audio file (.\(ext))"
                    ))
                continue
            }
            if size == 0 {
                skipped.append(SkippedFile(path: url.path, reason: "empty file (0 bytes)"))
                continue
            }
            items.append(
                ImportItem(
                    file: resolved, sourceKey: url.path, relativePath: relative,
                    rootName: root.lastPathComponent))
        }
        return (items, skipped)
    }

    /// Size in bytes and modification time (whole seconds) of a file.
    public static func stat(_ file: URL) -> (size: Int, mtime: Int)? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path) else {
            return nil
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        let mtime = Int((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)
        return (size, mtime)
    }
}
