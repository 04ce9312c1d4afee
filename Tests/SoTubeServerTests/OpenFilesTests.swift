import Foundation
import Testing

@testable import SoTubeServer

/// Audio files kept open between range requests: reused for a moment, then opened again, and never
/// closed under a request still reading.
struct OpenFilesTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func temporaryFile(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("openfiles-\(UUID()).mp3").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func contents(_ opened: OpenedFile) -> String? {
        FileResponder.read(fd: opened.file.fd, offset: 0, count: opened.info.size).map { String(buffer: $0) }
    }

    @Test func aReplacedFileIsSeenOnceTheLifetimeIsOver() throws {
        let path = try temporaryFile("first take")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let files = OpenFiles(lifetime: 1)
        let first = try #require(files.open(path, now: start))
        // Replaced the way renditions are written: a new file renamed over the old one.
        let fresh = try temporaryFile("second, longer take")
        #expect(rename(fresh, path) == 0)
        let soon = try #require(files.open(path, now: start.addingTimeInterval(0.5)))
        #expect(soon.file === first.file)
        #expect(contents(soon) == "first take" && soon.info.size == 10)
        let later = try #require(files.open(path, now: start.addingTimeInterval(1)))
        #expect(contents(later) == "second, longer take" && later.info.size == 19)
        // The request that got the old descriptor still reads the file it was answered with.
        #expect(contents(first) == "first take")
    }

    @Test func aRemovedFileIsMissingOnceTheLifetimeIsOverAndDirectoriesNeverOpen() throws {
        let path = try temporaryFile("gone soon")
        let files = OpenFiles(lifetime: 1)
        #expect(files.open(path, now: start) != nil)
        try FileManager.default.removeItem(atPath: path)
        #expect(files.open(path, now: start.addingTimeInterval(2)) == nil)
        #expect(files.open(FileManager.default.temporaryDirectory.path, now: start) == nil)
    }
}
