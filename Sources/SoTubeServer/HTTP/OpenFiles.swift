import Foundation
import SoTubeCore

#if canImport(Glibc)
    import Glibc
#endif

/// A regular file opened for reading, with its size and modification time from the same descriptor
/// (so a file replaced meanwhile is never answered with another one's size).
struct OpenedFile: Sendable {
    let file: OpenFile
    let info: FileInfo
    /// The `ETag` and `Last-Modified` values, made once per open rather than per request.
    let etag: String
    let lastModified: String

    init?(path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        file = OpenFile(fd: fd)
        var status = stat()
        guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        info = FileInfo(size: Int(status.st_size), modified: Int(status.st_mtim.tv_sec))
        etag = "\"\(StableHash.hex("\(path)|\(info.size)|\(info.modified)"))\""
        lastModified = HTTPDate.format(info.modified)
    }
}

/// Audio files kept open for a moment: a player's seeks are a run of range requests on one file,
/// and open, stat and close were a tenth of each one's CPU. A file is reused for at most `lifetime`
/// (then opened again, so a replaced or removed file is seen within that time); a request keeps the
/// descriptor it got for as long as it reads, whatever the cache does meanwhile, and the last one
/// out closes it.
final class OpenFiles: Sendable {
    private let memo: ExpiringMemo<OpenedFile>

    init(lifetime: TimeInterval = 1, capacity: Int = 256) {
        memo = ExpiringMemo(lifetime: lifetime, capacity: capacity)
    }

    /// The file at `path`, opened now or a moment ago; nil when it cannot be opened.
    func open(_ path: String, now: Date = Date()) -> OpenedFile? {
        if let kept = memo.value(path, now: now) { return kept }
        let generation = memo.generation
        guard let opened = OpenedFile(path: path) else { return nil }
        memo.keep(opened, for: path, now: now, loadedAt: generation)
        return opened
    }
}
