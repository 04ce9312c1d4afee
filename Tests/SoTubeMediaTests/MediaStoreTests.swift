import Foundation
import Testing

@testable import SoTubeMedia

/// The local media store: what a reader sees while an object is being made, and what a killed run
/// leaves behind.
@Suite struct MediaStoreTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("sotube-store-\(UUID().uuidString)")

    /// Makers of one album's picture at once (two imports queued it): each finishes, and each size is
    /// a whole JPEG with nothing staged left.
    @Test func makersOfOnePictureAtOnceAllFinish() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let store = LocalMediaStore(root: root)
        let tools = MediaTools()
        let results = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<4 {
                group.addTask { try await tools.makeArtwork(.generated(seed: "one album"), key: "k", store: store) }
            }
            var bases: [String] = []
            for try await base in group { bases.append(base) }
            return bases
        }
        #expect(results == Array(repeating: "artwork/k.jpg", count: 4))
        for size in ArtworkSizes.sizes {
            let file = try #require(store.file(for: "artwork/k-\(size).jpg"))
            let bytes = try [UInt8](Data(contentsOf: file))
            #expect(bytes.prefix(2) == [0xFF, 0xD8] && bytes.suffix(2) == [0xFF, 0xD9], "a whole JPEG at \(size)")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("artwork").path)
        #expect(files.count == ArtworkSizes.sizes.count, "nothing staged is left: \(files)")
    }

    @Test func anObjectAppearsWholeOnlyWhenPut() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let store = LocalMediaStore(root: root)
        let key = "tracks/ab/song/preview.mp3"
        #expect(store.file(for: key) == nil && !store.exists(key))
        let staged = try store.staging(for: key)
        try Data("half".utf8).write(to: staged)
        // Being made: readers and listings do not see it yet.
        #expect(store.file(for: key) == nil)
        #expect(store.keys(in: "tracks/ab/song").isEmpty)
        try Data("whole".utf8).write(to: staged)
        try store.put(key, from: staged)
        let file = try #require(store.file(for: key))
        #expect(try String(contentsOf: file, encoding: .utf8) == "whole")
        #expect(store.keys(in: "tracks/ab/song") == ["preview.mp3"])
        // A new version replaces the old one in one step.
        let again = try store.staging(for: key)
        try Data("newer".utf8).write(to: again)
        try store.put(key, from: again)
        #expect(try String(contentsOf: file, encoding: .utf8) == "newer")
        store.delete(key)
        #expect(!store.exists(key))
    }

    @Test func whatAKilledRunStagedIsDiscardedAndFinishedObjectsStay() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let store = LocalMediaStore(root: root)
        let finished = try store.staging(for: "tracks/x/full.mp3")
        try Data("done".utf8).write(to: finished)
        try store.put("tracks/x/full.mp3", from: finished)
        try Data("cut off".utf8).write(to: try store.staging(for: "tracks/x/preview.mp3"))
        try Data("cut off".utf8).write(to: try store.staging(for: "tracks/x/original.flac"))
        store.discardStaged(under: "tracks/x")
        let left = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("tracks/x").path)
        #expect(left == ["full.mp3"])
        #expect(OriginalFile.names(in: "tracks/x", store: store).isEmpty)
    }

    @Test func putFailsClearlyWhenNothingWasStaged() {
        defer { try? FileManager.default.removeItem(at: root) }
        let store = LocalMediaStore(root: root)
        #expect(throws: MediaToolError.self) {
            try store.put("tracks/y/full.mp3", from: root.appendingPathComponent("tracks/y/missing.part.mp3"))
        }
    }
}
