import Foundation
import NIOConcurrencyHelpers

/// The file URL of each stored media path, made once: `URL.appendingPathComponent` was 5 % of a
/// 64 KB range request's CPU. A path names the same file for good (a new rendition is a new path),
/// so nothing is ever stale here; the table is emptied when it reaches `capacity`.
final class MediaPaths: Sendable {
    let root: URL
    let capacity: Int
    private let known = NIOLockedValueBox<[String: (url: URL, path: String)]>([:])

    init(root: URL, capacity: Int = 50_000) {
        self.root = root
        self.capacity = capacity
    }

    /// `root` joined with `relativePath`.
    func url(_ relativePath: String) -> URL { location(relativePath).url }

    /// `root` joined with `relativePath`, as a URL and as a path.
    func location(_ relativePath: String) -> (url: URL, path: String) {
        if let known = known.withLockedValue({ $0[relativePath] }) { return known }
        let url = root.appendingPathComponent(relativePath)
        let location = (url: url, path: url.path)
        known.withLockedValue { known in
            if known.count >= capacity { known.removeAll(keepingCapacity: true) }
            known[relativePath] = location
        }
        return location
    }
}
