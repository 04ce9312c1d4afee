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

    /// A picture's job run again after its worker was killed (its lease ended) stages under the
    /// job's name, so it writes over what the killed run staged: one picture, nothing staged left.
    @Test func aPicturesJobRunAgainWritesOverWhatItsKilledRunStaged() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let store = LocalMediaStore(root: root)
        for size in ArtworkSizes.sizes {
            let staged = try store.staging(for: "artwork/k-\(size).jpg", maker: "job000007")
            #expect(staged == (try store.staging(for: "artwork/k-\(size).jpg", maker: "job000007")))
            try Data("cut off".utf8).write(to: staged)
        }
        let base = try await MediaTools().makeArtwork(.generated(seed: "k"), key: "k", store: store, maker: "job000007")
        #expect(base == "artwork/k.jpg")
        let files = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("artwork").path)
        #expect(files.sorted() == ArtworkSizes.sizes.map { "k-\($0).jpg" }.sorted(), "nothing staged is left")
        for size in ArtworkSizes.sizes {
            let bytes = try [UInt8](Data(contentsOf: try #require(store.file(for: "artwork/k-\(size).jpg"))))
            #expect(bytes.prefix(2) == [0xFF, 0xD8] && bytes.suffix(2) == [0xFF, 0xD9], "a whole JPEG at \(size)")
        }
    }

    /// Two jobs making one object in two processes sharing the store (a cluster's workers taking the
    /// picture jobs of two imports of one album, or `sotube worker` beside `serve`) share no turns,
    /// and may stage it at once. Each stages a file named for it: both publish, and the object is the
    /// last one's, whole. Staging one file for both, the first to publish moved it away from under the
    /// second (whose publish failed, and whose ffmpeg could still be writing what was published).
    @Test func twoJobsMakingOneObjectAtOnceBothPublish() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let store = LocalMediaStore(root: root)
        let key = "artwork/k-600.jpg"
        let first = try store.staging(for: key, maker: "job000001")
        let second = try store.staging(for: key, maker: "job000002")
        #expect(first != second)
        try Data("first".utf8).write(to: first)
        try Data("second, half".utf8).write(to: second)
        try store.put(key, from: first)
        #expect(try String(contentsOf: try #require(store.file(for: key)), encoding: .utf8) == "first")
        try Data("second".utf8).write(to: second)
        try store.put(key, from: second)
        #expect(try String(contentsOf: try #require(store.file(for: key)), encoding: .utf8) == "second")
        #expect(store.keys(in: "artwork") == ["k-600.jpg"])
        #expect(first.lastPathComponent == "k-600.part-job000001.jpg")
        #expect(try store.staging(for: key).lastPathComponent == "k-600.part.jpg", "a maker with no name")
        #expect(
            try store.staging(for: key, maker: "../../etc/x y").lastPathComponent == "k-600.part-etcxy.jpg",
            "a maker's name stays in its folder")
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
